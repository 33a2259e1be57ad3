// The site rebuilds' queue as the admin Settings tab shows it: the newest jobs with their figures, the last failure no
// later build made good, and the jobs waiting (api/publishing/rebuild-worker.ts runs them).
import { asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { db } from '../client';
import { rebuildJobs } from '../schema';

type RebuildJob = typeof rebuildJobs.$inferSelect;

/** A job waiting for a build or in one, as Settings lists it (its log, if a try failed, is in lastFailure). */
interface QueuedRebuild {
  id: number;
  reason: string;
  status: string;
  requestedAt: Date;
  attempts: number;
  /** When a failed try is due again; null for a fresh request (built once the burst settles). */
  nextAttemptAt: Date | null;
}

interface RebuildQueueState {
  /** The newest job. */
  build: RebuildJob | null;
  /** The newest failed try no later build has made good: waiting to retry (queued), retrying (running) or given up (failed). */
  lastFailure: (RebuildJob & { willRetry: boolean }) | null;
  /** The newest jobs, with the figures of the build that ran each one that succeeded. */
  rebuilds: RebuildJob[];
  /**
   * The jobs not built yet: how many, how many of them the build running now covers, and the first `queueLimit`
   * (the running ones first, then the oldest request).
   */
  queue: { count: number; running: number; jobs: QueuedRebuild[] };
}

const WAITING = ['queued', 'running'];

/** The queue as the admin Settings tab shows it. */
export async function rebuildQueueState(limit = 5, queueLimit = 5): Promise<RebuildQueueState> {
  const [rebuilds, [failure], [success], [waiting], queued] = await Promise.all([
    db.select().from(rebuildJobs).orderBy(desc(rebuildJobs.id)).limit(limit),
    db.select().from(rebuildJobs).where(isNotNull(rebuildJobs.error)).orderBy(desc(rebuildJobs.id)).limit(1),
    db
      .select({ id: rebuildJobs.id })
      .from(rebuildJobs)
      .where(eq(rebuildJobs.status, 'succeeded'))
      .orderBy(desc(rebuildJobs.id))
      .limit(1),
    db
      .select({ n: count(), running: sql<number>`coalesce(sum(${rebuildJobs.status} = 'running'), 0)` })
      .from(rebuildJobs)
      .where(inArray(rebuildJobs.status, WAITING)),
    db
      .select({
        id: rebuildJobs.id,
        reason: rebuildJobs.reason,
        status: rebuildJobs.status,
        requestedAt: rebuildJobs.requestedAt,
        attempts: rebuildJobs.attempts,
        nextAttemptAt: rebuildJobs.nextAttemptAt,
      })
      .from(rebuildJobs)
      .where(inArray(rebuildJobs.status, WAITING))
      .orderBy(sql`${rebuildJobs.status} = 'running' desc`, asc(rebuildJobs.id))
      .limit(queueLimit),
  ]);
  // Every build takes all queued jobs along, so a success of a later request was built after this failure.
  const current = failure && !(success && success.id > failure.id) ? failure : null;
  return {
    build: rebuilds[0] ?? null,
    lastFailure: current && { ...current, willRetry: current.status !== 'failed' },
    rebuilds,
    queue: { count: waiting?.n ?? 0, running: Number(waiting?.running ?? 0), jobs: queued },
  };
}
