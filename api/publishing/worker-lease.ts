// The worker lease (decision 0059): of all the server processes over one database, only its holder runs the
// singletons (rebuild worker, e-mail sender, review-due watch, purges, upload sweeps). A row with an expiry, taken and
// renewed in one conditional statement on the database's clock: a holder that stops renewing (killed, hung, cut off)
// loses it when it lapses, to the next process that asks.
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { db, type Database } from '../../db/client';
import { leases } from '../../db/schema';
import { config } from '../config';
import { log } from '../log';

export const WORKER_LEASE = 'worker';

/** Now on the database's clock, in ms: every machine judges expiry by the same clock. */
const dbNow = sql`cast(unixepoch('subsecond') * 1000 as integer)`;

const machine = () => process.env.FLY_MACHINE_ID || hostname();

/**
 * Whether `holder` was a process of this machine that is gone: a restart after a crash or a kill need not wait out
 * its lease. Its pid is not running, or is this process's own (a container's server gets the same pid each start).
 */
function isDeadLocalHolder(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== machine() || !/^\d+$/.test(pid)) return false;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export type LeaseState = NonNullable<Awaited<ReturnType<typeof readLease>>>;

/** Who holds the lease and how fresh it is (/healthz, Settings); null when nobody has taken it (or it was released). */
export async function readLease(name: string, database: Database = db) {
  const [row] = await database
    .select({
      holder: leases.holder,
      // Milliseconds since the holder last renewed it, and until it lapses (negative: lapsed), on the database's clock.
      renewedMsAgo: sql<number>`${dbNow} - ${leases.renewedAt}`,
      expiresInMs: sql<number>`${leases.expiresAt} - ${dbNow}`,
    })
    .from(leases)
    .where(eq(leases.name, name));
  return row ?? null;
}

/**
 * Asks for the lease now and every third of its length: while this process holds it, `start()` has been called
 * once and its stop function not yet. Losing it (a renewal refused, or none succeeding until it lapsed) stops it.
 */
export function runWhileHolding(
  start: () => () => void,
  {
    seconds = config.cluster.leaseSeconds,
    // Unique to this process, even across restarts with the same pid.
    holder = `${machine()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
  } = {},
) {
  const name = WORKER_LEASE;
  let stop: (() => void) | null = null;
  /** When the last successful take or renewal started: the lease is ours until `seconds` after it. */
  let takenAt = 0;
  let asking: Promise<void> | null = null;

  /** Stops the work; true when it was running. */
  const halt = () => {
    const running = stop;
    stop = null;
    running?.();
    return running !== null;
  };
  const lose = (why: string) => {
    if (halt()) log.warn({ lease: name, holder, why }, 'worker lease lost: the singletons stop in this process');
  };
  const ask = async () => {
    const started = performance.now();
    try {
      const current = stop ? null : await readLease(name);
      const from = current && isDeadLocalHolder(current.holder) ? current.holder : undefined;
      // One statement: the insert of a free lease, or the update of one that is ours, has lapsed, or is `from`'s.
      const lease = { holder, expiresAt: sql`(${dbNow} + ${Math.round(seconds * 1000)})`, renewedAt: sql`(${dbNow})` };
      const taken = await db
        .insert(leases)
        .values({ name, ...lease })
        .onConflictDoUpdate({
          target: leases.name,
          set: lease,
          setWhere: sql`${leases.holder} in (${holder}, ${from ?? holder}) or ${leases.expiresAt} <= ${dbNow}`,
        })
        .returning({ holder: leases.holder });
      if (taken.length === 0) return lose('another process holds it');
      takenAt = started;
      if (stop) return;
      log.info({ lease: name, holder, from }, 'worker lease taken');
      stop = start();
    } catch (error) {
      // Still ours until it lapses: a passing database error need not stop the work.
      if (stop && performance.now() - takenAt >= seconds * 1000) lose('no renewal before it lapsed');
      log.error({ err: error, lease: name, holder }, 'worker lease: could not renew');
    }
  };
  // One ask at a time: a slow database does not stack renewals, and release() waits for the one under way.
  const round = () => (asking ??= ask().finally(() => (asking = null)));
  void round();
  const timer = setInterval(round, (seconds * 1000) / 3);

  return {
    /** Whether this process holds the lease now. */
    held: () => stop !== null,
    /** Stops what runs under the lease, stops renewing and gives the lease up (a clean stop). */
    async release() {
      clearInterval(timer);
      await asking;
      if (!halt()) return;
      // Deleted only if still ours, so another process can take it at once.
      await db
        .delete(leases)
        .where(and(eq(leases.name, name), eq(leases.holder, holder)))
        .catch((error) => log.error({ err: error, lease: name, holder }, 'worker lease: release failed'));
    },
  };
}
