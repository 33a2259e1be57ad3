// The rebuild worker: coalesces a burst of queued rebuild jobs into one site build, records the outcome on each, and
// queues a failed build again after a backoff. Beside it, the review-due watch asks for rebuilds the clock makes due.
import { resolve } from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { toolsFallingDue } from '../../db/queries/pages';
import { rebuildJobs } from '../../db/schema';
import { toolTag } from '../../lib/cache-tags';
import { config } from '../config';
import { log } from '../log';
import { codeIn } from './app-inputs';
import { currentBuildInfo, readBuildInfo } from './live-pages';
import { requestRebuild } from './rebuild-queue';
import { stopAllSteps } from './run-step';
import { buildSite, hasLiveBuild, type BuildResult } from './site-build';

/** Wait this long after the newest request, so a burst of approvals becomes one build. */
export const QUIET_PERIOD_MS = 1500;
/** The waits before each retry of a failed build (docs/decisions/0007): a passing problem (disk, memory, a killed
 * step) gets three more tries; a build that keeps failing is given up on. */
export const REBUILD_RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000];
/** The end of a failed build's log kept on its jobs: long enough for Astro's error and stack. */
const LOG_TAIL_CHARS = 16_000;
const POLL_MS = 1000;
const ROOT = resolve(import.meta.dirname, '../..');

let running = false;
let stopping = false;
let abandoned = false;
/** Settles once the build running now is recorded; null when none runs. */
let buildRecorded: Promise<void> | null = null;

/** Whether anything is waiting to be built now: a settled burst of new requests, or a retry whose backoff ran out. */
async function rebuildDue(quietMs: number): Promise<boolean> {
  // One query a poll: the newest fresh request, and the soonest retry.
  const { nextAttemptAt, requestedAt } = rebuildJobs;
  const [{ newest, soonest }] = await db
    .select({
      newest: sql<number | null>`max(case when ${nextAttemptAt} is null then ${requestedAt} end)`,
      soonest: sql<number | null>`min(${nextAttemptAt})`,
    })
    .from(rebuildJobs)
    .where(eq(rebuildJobs.status, 'queued'));
  const now = Date.now();
  if (newest !== null) return now - newest >= quietMs;
  return soonest !== null && soonest <= now;
}

/** Marks the jobs of a failed build: queued again after their next backoff, or failed for good when out of tries. */
async function recordFailure(jobs: { id: number; attempts: number }[], log: string): Promise<void> {
  const error = log.slice(-LOG_TAIL_CHARS);
  const now = Date.now();
  await db.transaction(async (tx) => {
    // Jobs of one build may be on different tries: a new request coalesced with a retry.
    for (const attempts of new Set(jobs.map((j) => j.attempts))) {
      const ids = jobs.filter((j) => j.attempts === attempts).map((j) => j.id);
      const delay = REBUILD_RETRY_DELAYS_MS[attempts];
      await tx
        .update(rebuildJobs)
        .set(
          delay === undefined
            ? { status: 'failed', attempts: attempts + 1, finishedAt: new Date(now), nextAttemptAt: null, error }
            : { status: 'queued', attempts: attempts + 1, nextAttemptAt: new Date(now + delay), error },
        )
        .where(inArray(rebuildJobs.id, ids));
    }
  });
}

/**
 * Runs one build for everything queued, if a settled burst or a due retry asks for it; true if it built.
 * The build covers the whole site, so jobs still waiting out a backoff are taken along.
 */
export async function runQueuedRebuild(
  build: (coveredJobId: number) => Promise<BuildResult> = (coveredJobId) => buildSite(config.distDir, coveredJobId),
  quietMs = QUIET_PERIOD_MS,
): Promise<boolean> {
  if (running || stopping) return false;
  running = true;
  const recorded = Promise.withResolvers<void>();
  try {
    if (!(await rebuildDue(quietMs))) return false;
    const cutoff = new Date();
    const jobs = await db
      .update(rebuildJobs)
      .set({ status: 'running', startedAt: cutoff })
      .where(and(eq(rebuildJobs.status, 'queued'), lte(rebuildJobs.requestedAt, cutoff)))
      .returning({ id: rebuildJobs.id, attempts: rebuildJobs.attempts });
    if (jobs.length === 0) return false;
    const ids = jobs.map((j) => j.id);
    buildRecorded = recorded.promise;
    const coveredJobId = Math.max(...ids);
    const result = await build(coveredJobId).catch(
      (error): BuildResult => ({ ok: false, dir: '', seconds: 0, log: String(error) }),
    );
    const outcome = result.ok ? 'succeeded' : abandoned ? 'abandoned' : 'failed';
    const fields = { outcome, jobs: jobs.length, coveredJobId, seconds: result.seconds };
    if (result.ok) {
      const attempts = sql`${rebuildJobs.attempts} + 1`;
      const stats = result.stats ?? null;
      await db
        .update(rebuildJobs)
        .set({ status: 'succeeded', finishedAt: new Date(), error: null, nextAttemptAt: null, attempts, stats })
        .where(inArray(rebuildJobs.id, ids));
      log.info({ ...fields, ...result.stats }, 'site rebuilt');
    } else if (abandoned) {
      // Cut short by a shutdown, not failed: queued again as they were, no try counted; the next process builds them.
      await db.update(rebuildJobs).set({ status: 'queued', startedAt: null }).where(inArray(rebuildJobs.id, ids));
      log.warn(fields, 'site rebuild abandoned by the shutdown; its jobs are queued again');
    } else {
      await recordFailure(jobs, result.log);
      log.error({ ...fields, logTail: result.log.slice(-2000) }, 'site rebuild failed; the live build is unchanged');
    }
    return true;
  } finally {
    running = false;
    buildRecorded = null;
    recorded.resolve();
  }
}

/**
 * For a shutdown: no build starts any more; a build running now is given `graceMs` to finish, then abandoned (its
 * steps killed, its jobs queued again without counting a try). The live build is never touched by an abandoned one.
 */
export async function stopRebuilds(graceMs: number): Promise<'idle' | 'finished' | 'abandoned'> {
  stopping = true;
  const current = buildRecorded;
  if (!current) return 'idle';
  const finished = await Promise.race([current.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (finished) return 'finished';
  abandoned = true;
  stopAllSteps();
  await current;
  return 'abandoned';
}

/**
 * Queues again, due at once and no try counted, the jobs a process left 'running' when it stopped; returns how many.
 * Only safe in the lease holder (worker-lease.ts) while it is not building: no other process builds.
 */
export async function requeueInterruptedRebuilds(): Promise<number> {
  const jobs = await db
    .update(rebuildJobs)
    .set({ status: 'queued', startedAt: null, nextAttemptAt: null })
    .where(eq(rebuildJobs.status, 'running'))
    .returning({ id: rebuildJobs.id });
  return jobs.length;
}

/** Polls the queue in the background of the lease holder, after requeueing interrupted jobs (not its own build's). */
export function startRebuildWorker(): () => void {
  const requeued = (running ? Promise.resolve(0) : requeueInterruptedRebuilds()).then(
    (n) => {
      if (n > 0) log.info({ jobs: n }, 'requeued rebuild jobs interrupted by a restart');
    },
    (error) => log.error({ err: error }, 'rebuild worker: requeue failed'),
  );
  const timer = setInterval(() => {
    requeued.then(() => runQueuedRebuild()).catch((error) => log.error({ err: error }, 'rebuild worker failed'));
  }, POLL_MS);
  return () => clearInterval(timer);
}

/**
 * Before `npm start` serves (decision 0027): a live build is served at once, and one not current (other code, a
 * restored database) gets a full rebuild queued, so a failing rebuild never takes a healthy site down; with none, it
 * builds now and fails with its log. Changes made meanwhile through the app are queued already (decision 0079).
 */
export async function prepareSiteForStart(
  build: () => Promise<BuildResult> = () => buildSite(config.distDir),
): Promise<{ outcome: 'built'; seconds: number } | { outcome: 'previous' } | { outcome: 'failed'; log: string }> {
  if (hasLiveBuild(config.distDir)) {
    if (!(await currentBuildInfo(resolve(ROOT, config.distDir), codeIn(resolve(ROOT, config.appDir)))))
      await requestRebuild('server start: the live build is not current', db);
    return { outcome: 'previous' };
  }
  const result = await build();
  return result.ok ? { outcome: 'built', seconds: result.seconds } : { outcome: 'failed', log: result.log };
}

/** A badge up to this late is harmless, and each check that finds a page costs a rebuild: a few a day at most. */
const REVIEW_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Names in a rebuild request the tool pages that turned "Review due" with no change to their tool (decision 0047):
 * first those due since the live build was made (a server down meanwhile), then every 6 hours.
 */
export function startReviewDueWatch(): () => void {
  const built = readBuildInfo(config.distDir)?.startedAt;
  let since = built ? new Date(built) : new Date();
  const check = async () => {
    const now = new Date();
    const slugs = await toolsFallingDue(since, now);
    if (slugs.length > 0) await requestRebuild(`reviews falling due: ${slugs.length} tool(s)`, db, slugs.map(toolTag));
    since = now;
  };
  const checked = () => check().catch((error) => log.error({ err: error }, 'review due check failed'));
  void checked();
  const timer = setInterval(checked, REVIEW_CHECK_EVERY_MS).unref();
  return () => clearInterval(timer);
}
