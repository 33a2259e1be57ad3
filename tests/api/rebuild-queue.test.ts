// The rebuild queue: bursts coalesce into one build; outcomes are recorded on every covered job.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { requestRebuild } from '../../api/services/rebuild-queue';
import { requeueInterruptedRebuilds, runQueuedRebuild } from '../../api/services/rebuild-worker';
import { buildSite, runStep, type BuildResult } from '../../api/services/site-build';

const ok: BuildResult = { ok: true, dir: '/tmp/x', seconds: 1, log: '' };

describe('rebuild queue', () => {
  it('does nothing when nothing is queued', async () => {
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(false);
    expect(builds).toBe(0);
  });

  it('waits for a burst to settle before building', async () => {
    await requestRebuild('tool approved: a');
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 60_000)).toBe(false);
    expect(builds).toBe(0);
    await db.delete(rebuildJobs);
  });

  it('builds once for a burst and marks every job succeeded', async () => {
    await requestRebuild('tool approved: a');
    await requestRebuild('tool approved: b');
    await requestRebuild('post published: c');
    let builds = 0;
    expect(await runQueuedRebuild(async () => (builds++, ok), 0)).toBe(true);
    expect(builds).toBe(1);
    const jobs = await db.select().from(rebuildJobs);
    expect(jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(jobs.every((j) => j.finishedAt)).toBe(true);
    await db.delete(rebuildJobs);
  });

  it('records a failed build with its log', async () => {
    await requestRebuild('tool edited: d');
    await runQueuedRebuild(async () => ({ ok: false, dir: '', seconds: 1, log: 'astro: syntax error' }), 0);
    const [job] = await db.select().from(rebuildJobs);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('syntax error');
    await db.delete(rebuildJobs);
  });

  it('requeues jobs a crash left running, and builds them on the next round', async () => {
    const [done] = await db.insert(rebuildJobs).values({ reason: 'old', status: 'succeeded', finishedAt: new Date() }).returning();
    await db.insert(rebuildJobs).values([
      { reason: 'tool approved: e', status: 'running', startedAt: new Date() },
      { reason: 'tool approved: f', status: 'running', startedAt: new Date() },
    ]);
    expect(await requeueInterruptedRebuilds()).toBe(2);
    const jobs = await db.select().from(rebuildJobs).orderBy(rebuildJobs.id);
    expect(jobs.map((j) => [j.status, j.startedAt])).toEqual([['succeeded', done.startedAt], ['queued', null], ['queued', null]]);
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
    try {
      await requestRebuild('tool approved: g');
      expect(await runQueuedRebuild(() => buildSite(dist, 1), 0)).toBe(true);
      const [job] = await db.select().from(rebuildJobs);
      expect(job.status).toBe('failed');
      expect(job.error).toContain('timed out');
      expect(existsSync(dist)).toBe(false);
      expect(readdirSync(`${dist}-builds`)).toEqual([]);
      await requestRebuild('tool approved: h');
      expect(await runQueuedRebuild(async () => ok, 0)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
      await db.delete(rebuildJobs);
    }
  });
});
