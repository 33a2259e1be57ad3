// The server: the site and the API (api/handler.ts) from one process per core, on one port. The primary also runs
// the background workers while it holds the worker lease (services/worker-lease.ts, docs/decisions/0059) and starts
// the others, its replicas (services/replicas.ts, docs/decisions/0034).
import { demoSignInLinks } from '../lib/site-url';
import { includeDemoRoutes } from './auth/routes';
import { handleRequest } from './handler';
import { flushBeacons } from './metrics/service';
import { config } from './config';
import { exitWithPrimary, isReplica, serverProcesses, startReplicas } from './services/replicas';
import { startBuildPuller } from './services/build-puller';
import { startSingletons } from './services/singletons';
import { runWhileHolding } from './services/worker-lease';

const processes = serverProcesses();
const replica = isReplica();

const server = Bun.serve({
  port: config.port,
  hostname: process.env.HOST || '0.0.0.0',
  // Several processes share the port only when asked to: otherwise a second server started by mistake must fail.
  reusePort: processes > 1 || replica,
  // The largest legitimate body is a submission with a 2 MiB logo; anything larger is refused unread.
  maxRequestBodySize: 3 * 1024 * 1024,
  fetch(request, srv) {
    return handleRequest(request, () => srv.requestIP(request)?.address);
  },
});

if (replica) {
  exitWithPrimary(() => server.stop());
} else {
  const replicas = processes > 1 ? startReplicas(processes - 1, server.port!, import.meta.path) : null;
  // The builds, e-mails, watches, purges and sweeps run in one process of the deployment: the lease's holder.
  const lease = runWhileHolding(startSingletons);
  // A machine with its own copy of the build pulls the newest one when another machine built it (PULL_COMMAND).
  startBuildPuller();

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      // Beacons still gathered in this process are written before it exits (a replica's last quarter second is lost).
      void Promise.all([server.stop(), replicas?.stop(), lease.release()])
        .then(() => flushBeacons())
        .finally(() => process.exit(0));
    });
  }

  console.log(`Serving on http://localhost:${server.port}${processes > 1 ? ` from ${processes} processes` : ''}`);
  // The demo accounts share a public password, so their links exist (and are shown) only outside production.
  if (includeDemoRoutes) console.log(`Demo sign-in: ${demoSignInLinks(config.siteUrl).join('  ')}`);
}
