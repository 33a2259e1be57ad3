// The rebuild queue: bursts coalesce into one build; outcomes are recorded on every covered job.
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { requestRebuild } from '../../api/services/rebuild-queue';
import { runQueuedRebuild } from '../../api/services/rebuild-worker';
import type { BuildResult } from '../../api/services/site-build';

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
  });
});
