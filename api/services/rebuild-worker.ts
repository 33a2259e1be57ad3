// The rebuild worker: picks up queued rebuild jobs, coalesces a burst of them into one site
// build, and records the outcome on every job it covered.
import { and, eq, inArray, lte, max } from 'drizzle-orm';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { buildSite, type BuildResult } from './site-build';

/** Wait this long after the newest request, so a burst of approvals becomes one build. */
export const QUIET_PERIOD_MS = 1500;
const POLL_MS = 1000;

let running = false;

/** Runs one build for everything queued (if anything is and the burst has settled); true if it built. */
export async function runQueuedRebuild(build: () => Promise<BuildResult> = buildSite, quietMs = QUIET_PERIOD_MS): Promise<boolean> {
  if (running) return false;
  const [{ newest }] = await db.select({ newest: max(rebuildJobs.requestedAt) }).from(rebuildJobs).where(eq(rebuildJobs.status, 'queued'));
  if (!newest || Date.now() - newest.getTime() < quietMs) return false;
  running = true;
  try {
    const cutoff = new Date();
    const jobs = await db
      .update(rebuildJobs)
      .set({ status: 'running', startedAt: cutoff })
      .where(and(eq(rebuildJobs.status, 'queued'), lte(rebuildJobs.requestedAt, cutoff)))
      .returning({ id: rebuildJobs.id });
    if (jobs.length === 0) return false;
    let result: BuildResult;
    try {
      result = await build();
    } catch (error) {
      result = { ok: false, dir: '', seconds: 0, log: String(error) };
    }
    await db
      .update(rebuildJobs)
      .set({ status: result.ok ? 'succeeded' : 'failed', finishedAt: new Date(), error: result.ok ? null : result.log.slice(-4000) })
      .where(inArray(rebuildJobs.id, jobs.map((j) => j.id)));
    if (!result.ok) console.error(`Site rebuild failed; the live build is unchanged.\n${result.log.slice(-2000)}`);
    return true;
  } finally {
    running = false;
  }
}

/**
 * Puts jobs left 'running' by a process that stopped mid-build back in the queue; returns how many.
 * Only safe before this process starts building: one server process owns the queue.
 */
export async function requeueInterruptedRebuilds(): Promise<number> {
  const jobs = await db
    .update(rebuildJobs)
    .set({ status: 'queued', startedAt: null })
    .where(eq(rebuildJobs.status, 'running'))
    .returning({ id: rebuildJobs.id });
  return jobs.length;
}

/** Polls the queue in the background of the server process, after requeueing interrupted jobs. */
export function startRebuildWorker(): () => void {
  const requeued = requeueInterruptedRebuilds().then(
    (n) => {
      if (n > 0) console.log(`Requeued ${n} rebuild job(s) interrupted by a restart.`);
    },
    (error) => console.error('rebuild worker: requeue failed:', error),
  );
  const timer = setInterval(() => {
    requeued.then(() => runQueuedRebuild()).catch((error) => console.error('rebuild worker:', error));
  }, POLL_MS);
  return () => clearInterval(timer);
}

/** The latest jobs, for the admin Settings tab. */
export async function latestRebuilds(limit = 5) {
  return db.query.rebuildJobs.findMany({ orderBy: (j, { desc }) => [desc(j.id)], limit });
}
