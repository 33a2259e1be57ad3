// Graceful shutdown on SIGTERM / SIGINT (docs/decisions/0057): stop accepting connections and let the requests in
// flight finish, stop the background workers without losing their work (a running build finishes or is given back to
// the queue, the e-mail round finishes its row), write the gathered beacons, then exit 0 (1 after a failure outside
// any request, logged first). SHUTDOWN_TIMEOUT_SECONDS bounds it all: past it the process exits 1 with whatever was
// left (nothing durable is half-written: rows are only marked after their work is done, and the next process takes
// them up).
import { config } from './config';
import { log } from './log';
import { flushBeacons } from './metrics/service';
import { stopEmailSender } from './services/email-sender';
import { stopRebuilds } from './publishing/rebuild-worker';

/** What a running build needs after the grace it gets: killing its steps and requeueing its jobs. */
const ABANDON_MARGIN_MS = 3000;

interface Stoppable {
  /** Bun's server: stop() without force stops listening and resolves once the requests in flight are answered. */
  server: { stop(closeActiveConnections?: boolean): Promise<void> };
  /** The replicas, in the primary (they shut down the same way when it closes their input). */
  replicas?: { stop(): Promise<void> } | null;
  /**
   * The worker lease, in the primary: the process that may run the background workers (while it holds the lease).
   * They are stopped first, then the lease is given up, so another machine takes over at once.
   */
  lease?: { release(): Promise<void> };
  /** Stops pulling builds made elsewhere (publishing/build-puller.ts). */
  stopPuller?: () => void;
}

/**
 * Shuts the process down gracefully on the first SIGTERM or SIGINT (a second one of either exits at once), and on
 * what escaped every handler outside a request (a timer, a background job's promise): that is logged as one JSON line
 * at fatal first, and the process exits 1, so the platform restarts a process left in an unknown state.
 */
export function shutDownGracefully(parts: Stoppable): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        log.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      void shutDown(signal, parts);
    });
  }
  const fail = (reason: string) => (error: unknown) => {
    log.fatal({ err: error }, reason);
    void shutDown(reason, parts, 1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled rejection'));
}

let shuttingDown: Promise<never> | null = null;

/** Shuts down once, whatever asks first (a signal, a replica's primary going away, a failure); exits with `code`. */
export function shutDown(reason: string, parts: Stoppable, code = 0): Promise<never> {
  shuttingDown ??= stopAll(reason, parts, code);
  return shuttingDown;
}

async function stopAll(
  reason: string,
  { server, replicas, lease, stopPuller }: Stoppable,
  code: number,
): Promise<never> {
  const timeoutMs = config.shutdownTimeoutMs;
  log.info({ reason, timeoutMs }, 'shutting down');
  const deadline = setTimeout(() => {
    log.error({ timeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
    process.exit(1);
  }, timeoutMs);
  deadline.unref();
  const buildGraceMs = Math.max(timeoutMs - ABANDON_MARGIN_MS, timeoutMs / 2);
  try {
    stopPuller?.();
    const [, , build] = await Promise.all([
      server.stop(),
      replicas?.stop(),
      lease ? stopRebuilds(buildGraceMs) : 'idle',
      lease ? stopEmailSender() : undefined,
    ]);
    // The build and the e-mail round are settled: the next holder starts from what they recorded.
    await lease?.release();
    // After the last request: every beacon it gathered is written (a replica writes its own before it exits).
    await flushBeacons();
    log.info({ build }, 'shut down');
    process.exit(code);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
