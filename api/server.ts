// The one Bun process: serves the site and the API (api/handler.ts) and runs the background workers.
import { demoSignInLinks } from '../lib/site-url';
import { includeDemoRoutes } from './auth/routes';
import { handleRequest } from './handler';
import { purgeExpiredSessions } from './auth/sessions';
import { purgeExpiredCounters } from './services/rate-limit';
import { config } from './config';
import { startEmailSender } from './services/email-sender';
import { startRebuildWorker } from './services/rebuild-worker';
import { startUploadSweeper } from './services/uploads';

const server = Bun.serve({
  port: config.port,
  hostname: process.env.HOST || '0.0.0.0',
  // The largest legitimate body is a submission with a 2 MiB logo; anything larger is refused unread.
  maxRequestBodySize: 3 * 1024 * 1024,
  fetch(request, srv) {
    return handleRequest(request, srv.requestIP(request)?.address);
  },
});

if (process.env.REBUILD_WORKER !== '0') startRebuildWorker();
// Expired sessions and rate-limit windows are already ignored by their lookups; this only keeps the tables small.
const purge = () =>
  Promise.all([purgeExpiredSessions(), purgeExpiredCounters()]).catch((error) => console.error('purge:', error));
void purge();
setInterval(purge, 6 * 60 * 60 * 1000);
startEmailSender();
startUploadSweeper();

console.log(`Serving on http://localhost:${server.port}`);
// The demo accounts share a public password, so their links exist (and are shown) only outside production.
if (includeDemoRoutes) console.log(`Demo sign-in: ${demoSignInLinks(config.siteUrl).join('  ')}`);
