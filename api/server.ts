// The server: the site and the API (api/handler.ts) from one process per core, on one port. The primary also runs
// the background workers while it holds the worker lease (publishing/worker-lease.ts, docs/decisions/0059) and starts
// the others, its replicas (publishing/replicas.ts, docs/decisions/0034).
// The configuration first: a bad one stops the server with its message before anything else runs.
import { config } from './config';
import { reportReplicaPullErrorsTo } from '../db/client';
import { demoSignInLinks } from '../lib/site-url';
import { includeDemoRoutes } from './auth/routes';
import { handleRequest } from './handler';
import { MAX_BODY_BYTES } from './plugins/bodies';
import { log } from './log';
import { startBuildPuller } from './publishing/build-puller';
import { exitWithPrimary, isReplica, startReplicas } from './publishing/replicas';
import { shutDown, shutDownGracefully } from './shutdown';
import { startSingletons } from './singletons';
import { runWhileHolding } from './publishing/worker-lease';

const processes = config.serverProcesses;
const replica = isReplica();
reportReplicaPullErrorsTo((error, where) =>
  log.error({ err: error, ...where }, "could not pull the primary's changes into the replica"),
);

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  // Several processes share the port only when asked to: otherwise a second server started by mistake must fail.
  reusePort: processes > 1 || replica,
  // The largest body any route reads (a submission with its logo); each route's own limit is plugins/bodies.ts's.
  maxRequestBodySize: MAX_BODY_BYTES,
  fetch(request, srv) {
    return handleRequest(request, () => srv.requestIP(request)?.address);
  },
  // What escaped every handler: logged as JSON like the rest, answered as a plain 500.
  error(error) {
    log.error({ err: error }, 'request failed');
    return new Response('Internal Server Error', { status: 500 });
  },
});

if (replica) {
  exitWithPrimary(() => shutDown('primary stopped', { server }));
  shutDownGracefully({ server });
} else {
  const replicas = processes > 1 ? startReplicas(processes - 1, server.port!, import.meta.path) : null;
  // The builds, e-mails, watches, purges and sweeps run in one process of the deployment: the lease's holder.
  const lease = runWhileHolding(startSingletons);
  // A machine with its own copy of the build pulls the newest one when another machine built it (PULL_COMMAND).
  const stopPuller = startBuildPuller();
  shutDownGracefully({ server, replicas, lease, stopPuller });

  log.info(
    { port: server.port, processes },
    `Serving on http://localhost:${server.port}${processes > 1 ? ` from ${processes} processes` : ''}`,
  );
  // The demo accounts share a public password, so their links exist (and are shown) only outside production.
  if (includeDemoRoutes)
    log.info({ links: demoSignInLinks(config.siteUrl) }, `Demo sign-in: ${demoSignInLinks(config.siteUrl).join('  ')}`);
}
