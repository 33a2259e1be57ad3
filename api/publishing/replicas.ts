// Serving from every core (decision 0034): the primary server process starts replicas of itself on the same port
// (SO_REUSEPORT: the kernel spreads the connections), as nginx runs a worker per core. A replica serves only the site
// and the API (the background workers stay in the primary); the processes share only the database and the build
// folder, and each follows the others' changes (live-pages.ts, static-site.ts).
import { SERVER_PROCESS_SLOT_ENV } from '../../db/settings';
import { log } from '../log';

const REPLICA_ENV = 'SERVER_REPLICA';
/** A replica that stopped is started again after this long, doubled at each quick failure, up to a minute. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A replica up this long has settled: its next failure waits the first delay again. */
const SETTLED_MS = 60_000;

export const isReplica = () => process.env[REPLICA_ENV] === '1';

/**
 * Starts `count` replicas of `entry` on `port`, restarting one that stops. Each ends when its standard input closes
 * (exitWithPrimary), so with the primary however it ends, even killed. `stop()` waits until they have exited.
 */
export function startReplicas(count: number, port: number, entry: string) {
  const running = new Map<number, Bun.Subprocess<'pipe', 'inherit', 'inherit'>>();
  let stopping = false;

  const start = (slot: number, delay: number) => {
    const startedAt = Date.now();
    const child = Bun.spawn([process.execPath, entry], {
      // The slot: an embedded replica of the database keeps one local file per process (db/settings.ts).
      env: { ...process.env, PORT: String(port), [REPLICA_ENV]: '1', [SERVER_PROCESS_SLOT_ENV]: String(slot) },
      stdin: 'pipe',
      stdout: 'inherit',
      stderr: 'inherit',
      onExit(_proc, code, signal) {
        running.delete(slot);
        if (stopping) return;
        const next = Date.now() - startedAt >= SETTLED_MS ? RESTART_DELAY_MS : delay;
        log.error(
          { replica: slot, exit: signal ?? code, restartInSeconds: next / 1000 },
          'server replica stopped; starting it again',
        );
        setTimeout(() => stopping || start(slot, Math.min(next * 2, MAX_RESTART_DELAY_MS)), next).unref();
      },
    });
    running.set(slot, child);
  };
  for (let slot = 1; slot <= count; slot++) start(slot, RESTART_DELAY_MS);

  return {
    async stop() {
      stopping = true;
      const children = [...running.values()];
      for (const child of children) child.stdin.end();
      await Promise.all(children.map((child) => child.exited));
    },
  };
}

/** In a replica: calls `stop` when the primary closes its standard input, by stopping or by dying. */
export function exitWithPrimary(stop: () => Promise<void> | void): void {
  process.stdin.on('end', () => void Promise.resolve(stop()).finally(() => process.exit(0)));
  process.stdin.resume();
}
