// The rebuild queue: bursts coalesce into one build; outcomes are recorded on every covered job; failed
// builds are retried with backoff; `npm start` serves the last good build rather than going down.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { config } from '../../api/config';
import {
  prepareSiteForStart,
  REBUILD_RETRY_DELAYS_MS,
  requeueInterruptedRebuilds,
  runQueuedRebuild,
} from '../../api/publishing/rebuild-worker';
import { buildSite, type BuildResult } from '../../api/publishing/site-build';
import { runStep } from '../../api/publishing/run-step';
import { serveStatic } from '../../api/publishing/static-site';
import { onLastTry } from '../helpers/admin';

const ok: BuildResult = { ok: true, dir: '/tmp/x', seconds: 1, log: '' };
const failed = (log = 'astro: syntax error'): BuildResult => ({ ok: false, dir: '', seconds: 1, log });

/** The backoff has run out: every job waiting for a retry is due now. */
async function backoffElapsed(): Promise<void> {
  await db
    .update(rebuildJobs)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(rebuildJobs.status, 'queued'));
}

describe('rebuild queue', () => {
  it('does nothing when nothing is queued', async () => {
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(false);
    expect(builds).toBe(0);
  });

  it('waits for a burst to settle before building', async () => {
    await requestRebuild('tool approved: a', db);
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 60_000)).toBe(false);
    expect(builds).toBe(0);
    await db.delete(rebuildJobs);
  });

  it('builds once for a burst and marks every job succeeded', async () => {
    await requestRebuild('tool approved: a', db);
    await requestRebuild('tool approved: b', db);
    await requestRebuild('post published: c', db);
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(true);
    expect(builds).toBe(1);
    const jobs = await db.select().from(rebuildJobs);
    expect(jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(jobs.every((j) => j.finishedAt)).toBe(true);
    await db.delete(rebuildJobs);
  });

  it('records a failed build with its log once no retries are left', async () => {
    await requestRebuild('tool edited: d', db);
    await onLastTry();
    await runQueuedRebuild(async () => failed(), 0);
    const [job] = await db.select().from(rebuildJobs);
    expect(job).toMatchObject({ status: 'failed', attempts: REBUILD_RETRY_DELAYS_MS.length + 1, nextAttemptAt: null });
    expect(job.error).toContain('syntax error');
    expect(job.finishedAt).toBeInstanceOf(Date);
    await db.delete(rebuildJobs);
  });

  it('requeues jobs a crash left running, and builds them on the next round', async () => {
    const [done] = await db
      .insert(rebuildJobs)
      .values({ reason: 'old', status: 'succeeded', finishedAt: new Date() })
      .returning();
    await db.insert(rebuildJobs).values([
      { reason: 'tool approved: e', status: 'running', startedAt: new Date() },
      // A retry the crash cut short: it is built again at once, and the crash does not count as a try.
      { reason: 'tool approved: f', status: 'running', startedAt: new Date(), attempts: 1, nextAttemptAt: new Date() },
    ]);
    expect(await requeueInterruptedRebuilds()).toBe(2);
    const jobs = await db.select().from(rebuildJobs).orderBy(rebuildJobs.id);
    expect(jobs.map((j) => [j.status, j.startedAt, j.attempts, j.nextAttemptAt])).toEqual([
      ['succeeded', done.startedAt, 0, null],
      ['queued', null, 0, null],
      ['queued', null, 1, null],
    ]);
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(true);
    expect(builds).toBe(1);
    expect((await db.select().from(rebuildJobs)).map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(await requeueInterruptedRebuilds()).toBe(0);
    await db.delete(rebuildJobs);
  });
});

describe('hung builds', () => {
  it('kills a build step that runs past its timeout and reports it', async () => {
    const step = await runStep([process.execPath, '-e', 'setTimeout(() => {}, 120_000)'], {}, 300);
    expect(step.timedOut).toBe(true);
    expect(step.code).not.toBe(0);
    expect(step.output).toContain('timed out after 0.3 s and was killed');
  });

  it('lets a step that ends in time report its own output and exit code', async () => {
    const step = await runStep([process.execPath, '-e', 'console.log("indexed 3 pages"); process.exit(2)'], {}, 60_000);
    expect(step).toMatchObject({ timedOut: false, code: 2 });
    expect(step.output).toContain('indexed 3 pages');
  });

  it('records a timed-out site build as failed, leaves no live build, and frees the queue for the next one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rebuild-timeout-'));
    const dist = join(root, 'dist');
    const timeout = config.siteBuildTimeoutMs;
    config.siteBuildTimeoutMs = 1;
    try {
      await requestRebuild('tool approved: g', db);
      await onLastTry();
      expect(await runQueuedRebuild((covered) => buildSite(dist, covered), 0)).toBe(true);
      const [job] = await db.select().from(rebuildJobs);
      expect(job.status).toBe('failed');
      expect(job.error).toContain('timed out');
      expect(existsSync(dist)).toBe(false);
      expect(readdirSync(`${dist}-builds`)).toEqual([]);
      await requestRebuild('tool approved: h', db);
      expect(await runQueuedRebuild(async () => ok, 0)).toBe(true);
    } finally {
      config.siteBuildTimeoutMs = timeout;
      rmSync(root, { recursive: true, force: true });
      await db.delete(rebuildJobs);
    }
  });
});

describe('failed builds', () => {
  it('queues a failed build again after each backoff, then gives up and keeps the last log', async () => {
    await requestRebuild('tool approved: r', db);
    let builds = 0;
    const failing = async () => (builds++, failed(`astro: attempt ${builds} failed`));

    for (const [tried, delay] of REBUILD_RETRY_DELAYS_MS.entries()) {
      const before = Date.now();
      expect(await runQueuedRebuild(failing, 0)).toBe(true);
      const [job] = await db.select().from(rebuildJobs);
      expect(job).toMatchObject({ status: 'queued', attempts: tried + 1, finishedAt: null });
      expect(job.error).toContain(`attempt ${tried + 1} failed`);
      expect(job.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + delay);
      // Not due yet: the worker waits out the backoff instead of building again at once.
      expect(await runQueuedRebuild(failing, 0)).toBe(false);
      expect(builds).toBe(tried + 1);
      await backoffElapsed();
    }

    expect(await runQueuedRebuild(failing, 0)).toBe(true);
    const tries = REBUILD_RETRY_DELAYS_MS.length + 1;
    const [job] = await db.select().from(rebuildJobs);
    expect(job).toMatchObject({ status: 'failed', attempts: tries, nextAttemptAt: null });
    expect(job.error).toContain(`attempt ${tries} failed`);
    expect(job.finishedAt).toBeInstanceOf(Date);

    // Failed for good: nothing is left to build.
    expect(await runQueuedRebuild(failing, 0)).toBe(false);
    expect(builds).toBe(tries);
    await db.delete(rebuildJobs);
  });

  it('clears the failure when a retry succeeds', async () => {
    await requestRebuild('tool approved: s', db);
    await runQueuedRebuild(async () => failed(), 0);
    await backoffElapsed();
    expect(await runQueuedRebuild(async () => ok, 0)).toBe(true);
    const [job] = await db.select().from(rebuildJobs);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2, error: null, nextAttemptAt: null });
    await db.delete(rebuildJobs);
  });

  it('builds a new request without waiting for the backoff, and the build covers the waiting retry', async () => {
    await requestRebuild('tool approved: t', db);
    await runQueuedRebuild(async () => failed(), 0);
    await requestRebuild('Rebuild Now', db);
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(true);
    expect(builds).toBe(1);
    expect((await db.select().from(rebuildJobs)).map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    await db.delete(rebuildJobs);
  });
});

describe('npm start', () => {
  /** prepareSiteForStart as `npm start` runs it with DIST_DIR=`dist` and APP_DIR=`app`. */
  async function startWith(dist: string, build: () => Promise<BuildResult>, app = config.appDir) {
    const was = { distDir: config.distDir, appDir: config.appDir };
    Object.assign(config, { distDir: dist, appDir: app });
    try {
      return await prepareSiteForStart(build);
    } finally {
      Object.assign(config, was);
    }
  }

  /** A site folder laid out as buildSite leaves it: dist is a link to the live build in dist-builds/. */
  function siteRoot(withLiveBuild: boolean): { root: string; dist: string } {
    const root = mkdtempSync(join(tmpdir(), 'start-'));
    const dist = join(root, 'dist');
    if (withLiveBuild) {
      const live = join(`${dist}-builds`, '2026-01-01T00-00-00-000Z-1');
      mkdirSync(live, { recursive: true });
      writeFileSync(join(live, 'index.html'), '<h1>Last good build</h1>');
      symlinkSync(live, dist, 'dir');
    }
    return { root, dist };
  }

  it('serves the last good build at once and rebuilds in the background, where a failing build leaves it live', async () => {
    const { root, dist } = siteRoot(true);
    try {
      let builds = 0;
      const failing = async () => (builds++, failed('astro: the new code does not build'));
      const start = await startWith(dist, failing);
      expect(start).toEqual({ outcome: 'previous' });
      expect(builds).toBe(0);
      const [job] = await db.select().from(rebuildJobs);
      expect(job).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await (await serveStatic(new Request('http://localhost/'), dist)).text()).toBe('<h1>Last good build</h1>');

      // The background rebuild fails: it is queued to retry and the last good build stays live.
      expect(await runQueuedRebuild(failing, 0)).toBe(true);
      expect(builds).toBe(1);
      expect((await db.select().from(rebuildJobs))[0]).toMatchObject({ status: 'queued', attempts: 1 });
      expect(await (await serveStatic(new Request('http://localhost/'), dist)).text()).toBe('<h1>Last good build</h1>');
    } finally {
      rmSync(root, { recursive: true, force: true });
      await db.delete(rebuildJobs);
    }
  });

  it('queues no rebuild when the live build is current, and one when its code differs or the database is behind it', async () => {
    const { root, dist } = siteRoot(true);
    const app = join(root, 'app');
    mkdirSync(app);
    const live = join(`${dist}-builds`, '2026-01-01T00-00-00-000Z-1');
    const info = { pages: 1, rendered: 1, reused: 0, seconds: 1, startedAt: '', finishedAt: '' };
    const queued = async () => (await db.select().from(rebuildJobs)).length;
    try {
      await requestRebuild('a change the live build covers', db, []);
      const [{ id }] = await db.select().from(rebuildJobs);
      await db.delete(rebuildJobs);
      writeFileSync(join(live, '_build.json'), JSON.stringify({ ...info, coveredJobId: id }));
      writeFileSync(join(live, '.inputs'), 'code A');
      writeFileSync(join(app, '.inputs'), 'code A');
      // The same code, and the database has every change the build covers (its newest request is gone, not older).
      await requestRebuild('a change after the build', db, ['tool:x']);
      await db.update(rebuildJobs).set({ status: 'succeeded' });
      expect(await startWith(dist, async () => failed(), app)).toEqual({ outcome: 'previous' });
      expect(await queued()).toBe(1);
      // Other code: every page is rendered again.
      writeFileSync(join(app, '.inputs'), 'code B');
      await startWith(dist, async () => failed(), app);
      expect(await queued()).toBe(2);
      // A database restored from before the build: its changes are unknown.
      writeFileSync(join(app, '.inputs'), 'code A');
      await db.delete(rebuildJobs);
      await startWith(dist, async () => failed(), app);
      expect(await queued()).toBe(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
      await db.delete(rebuildJobs);
    }
  });

  it('fails with the build log when the build fails and there is no build at all', async () => {
    const { root, dist } = siteRoot(false);
    try {
      const start = await startWith(dist, async () => failed('astro: [build] Could not resolve "./Layout.astro"'));
      expect(start).toEqual({ outcome: 'failed', log: 'astro: [build] Could not resolve "./Layout.astro"' });
      expect(await db.select().from(rebuildJobs)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('builds before serving when there is no build, and a link to a pruned build counts as none', async () => {
    const { root, dist } = siteRoot(false);
    try {
      symlinkSync(join(`${dist}-builds`, 'gone'), dist, 'dir');
      let builds = 0;
      expect(await startWith(dist, async () => (builds++, { ...ok, seconds: 42 }))).toEqual({
        outcome: 'built',
        seconds: 42,
      });
      expect(builds).toBe(1);
      expect(await db.select().from(rebuildJobs)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
