// The one Bun process: /api/*, /auth/demo/*, /auth/google* and /uploads/* go to Elysia,
// everything else to the static files of the current build.
import { app } from './app';
import { purgeExpiredSessions } from './auth/sessions';
import { config } from './config';
import { CLIENT_IP_HEADER, clientAddress } from './plugins/security';
import { startEmailSender } from './services/email-sender';
import { startRebuildWorker } from './services/rebuild-worker';
import { serveStatic } from './services/static-site';

const API_PREFIXES = ['/api/', '/auth/demo/', '/auth/google', '/uploads/'];

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p));
}

const server = Bun.serve({
  port: config.port,
  hostname: process.env.HOST || '0.0.0.0',
  // The largest legitimate body is a submission with a 2 MiB logo; anything larger is refused unread.
  maxRequestBodySize: 3 * 1024 * 1024,
  async fetch(request, srv) {
    const { pathname } = new URL(request.url);
    if (!isApiPath(pathname)) return serveStatic(request);
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(request, srv.requestIP(request)?.address));
    return app.handle(new Request(request, { headers }));
  },
});

if (process.env.REBUILD_WORKER !== '0') startRebuildWorker();
// Expired sessions are already refused by the lookup; this only keeps the table small.
const purgeSessions = () => purgeExpiredSessions().catch((error) => console.error('session purge:', error));
void purgeSessions();
setInterval(purgeSessions, 6 * 60 * 60 * 1000);
startEmailSender();

console.log(`Serving on http://localhost:${server.port}`);
