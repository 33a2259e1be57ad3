// Rebuild Now and the build state in Settings: only admins may queue a rebuild; Settings shows the live build's
// figures, the queue, the pages served on demand until the next build, and the last failure with its log and whether
// it will be retried.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { leases, rebuildJobs, type BuildStats, type NewUser } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { ON_DEMAND_SHOWN } from '../../api/admin/settings.routes';
import { BUILD_INFO } from '../../api/publishing/live-pages';
import type { LiveBuild } from '../../lib/contract/admin';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { REBUILD_RETRY_DELAYS_MS, runQueuedRebuild } from '../../api/publishing/rebuild-worker';
import { buildSite } from '../../api/publishing/site-build';
import { call, signedIn } from '../helpers/api';
import { leaseHeldBy, makeTool, NO_PASSWORD, onLastTry } from '../helpers/admin';

// The live build is a real one, in a folder of this file's own (read by config on import).
const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/settings-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

interface BuildState {
  status: string;
  reason: string;
  attempts: number;
  nextAttemptAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

interface Settings {
  build: (BuildState & { stats: BuildStats | null }) | null;
  lastFailure: (BuildState & { willRetry: boolean }) | null;
  maxAttempts: number;
  live: LiveBuild | null;
  queue: {
    count: number;
    running: number;
    jobs: (Pick<BuildState, 'status' | 'reason' | 'attempts' | 'nextAttemptAt'> & {
      id: number;
      requestedAt: string;
    })[];
  };
  onDemand: { count: number; paths: string[]; tags: string[] };
  builder: { holder: string; renewedSecondsAgo: number; lapsed: boolean } | null;
}

const admin = () => signedIn({ ...NO_PASSWORD, isAdmin: true });
const failing = async () => ({
  ok: false,
  dir: '',
  seconds: 1,
  log: 'step 1\nastro: [build] Unexpected token in site/pages/index.astro',
});

afterEach(async () => {
  await db.delete(rebuildJobs);
});

afterAll(() => rmSync(dirname(dist), { recursive: true, force: true }));

describe('POST /api/admin/rebuild', () => {
  it('queues a rebuild for an admin and answers 202', async () => {
    const { user, cookie } = await admin();
    const res = await call('POST', '/api/admin/rebuild', { cookie });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: MSG.rebuildQueued });
    const jobs = await db.select().from(rebuildJobs);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(jobs[0].reason).toBe(`Rebuild Now by ${user.email}`);
  });

  it.each<[string, Partial<NewUser>]>([
    ['staff', { role: 'staff' }],
    ['a guest reviewer', { role: 'guest_reviewer' }],
    ['a plain user', { role: 'user' }],
  ])('refuses %s with 403 and queues nothing', async (_name, values) => {
    const { cookie } = await signedIn({ ...NO_PASSWORD, ...values });
    const res = await call('POST', '/api/admin/rebuild', { cookie });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.forbidden);
    expect(await db.select().from(rebuildJobs)).toEqual([]);
  });

  it('refuses a signed-out caller with 401', async () => {
    const res = await call('POST', '/api/admin/rebuild');
    expect(res.status).toBe(401);
    expect(await db.select().from(rebuildJobs)).toEqual([]);
  });
});

async function settings(): Promise<Settings> {
  const { cookie } = await admin();
  const res = await call('GET', '/api/admin/settings', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Settings;
}

describe('GET /api/admin/settings: the build state', () => {
  it('shows no failure while builds succeed', async () => {
    await requestRebuild('tool approved: a', db);
    await runQueuedRebuild(async () => ({ ok: true, dir: '', seconds: 1, log: '' }), 0);
    const state = await settings();
    expect(state.build).toMatchObject({ status: 'succeeded', reason: 'tool approved: a' });
    expect(state.lastFailure).toBeNull();
  });

  it('shows a failed build with its whole log and when it will be retried', async () => {
    await requestRebuild('tool approved: b', db);
    await runQueuedRebuild(failing, 0);
    const state = await settings();
    expect(state.maxAttempts).toBe(REBUILD_RETRY_DELAYS_MS.length + 1);
    expect(state.lastFailure).toMatchObject({
      status: 'queued',
      reason: 'tool approved: b',
      attempts: 1,
      willRetry: true,
    });
    expect(state.lastFailure?.error).toBe('step 1\nastro: [build] Unexpected token in site/pages/index.astro');
    expect(new Date(state.lastFailure?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps showing a build that failed for good after a newer request queued', async () => {
    await requestRebuild('tool approved: c', db);
    await onLastTry();
    await runQueuedRebuild(failing, 0);
    await requestRebuild('tool approved: d', db);
    const state = await settings();
    expect(state.build).toMatchObject({ status: 'queued', reason: 'tool approved: d' });
    expect(state.lastFailure).toMatchObject({
      status: 'failed',
      reason: 'tool approved: c',
      attempts: REBUILD_RETRY_DELAYS_MS.length + 1,
      willRetry: false,
      nextAttemptAt: null,
    });
    expect(state.lastFailure?.error).toContain('Unexpected token');
  });

  it('names the server process that builds: none, the lease holder, and one that stopped renewing', async () => {
    expect((await settings()).builder).toBeNull();
    await leaseHeldBy('machine-a:41:cafe', 30);
    expect((await settings()).builder).toEqual({ holder: 'machine-a:41:cafe', renewedSecondsAgo: 0, lapsed: false });
    // A lease that ran out unrenewed: its holder is gone or hung.
    await db.update(leases).set({ expiresAt: new Date(Date.now() - 1000), renewedAt: new Date(Date.now() - 31_000) });
    expect((await settings()).builder).toMatchObject({
      holder: 'machine-a:41:cafe',
      lapsed: true,
      renewedSecondsAgo: 31,
    });
    await db.delete(leases);
  });

  it('drops the failure once a later build succeeds', async () => {
    await requestRebuild('tool approved: e', db);
    await onLastTry();
    await runQueuedRebuild(failing, 0);
    await call('POST', '/api/admin/rebuild', { cookie: (await admin()).cookie });
    await runQueuedRebuild(async () => ({ ok: true, dir: '', seconds: 1, log: '' }), 0);
    expect((await settings()).lastFailure).toBeNull();
  });
});

describe('GET /api/admin/settings: the live build, the queue and the pages served on demand', () => {
  it('reports the live build as it was built, then a change waiting in the queue and served on demand, then the build that covers it', async () => {
    const tool = await makeTool({ status: 'approved', name: 'Gauge Grid', slug: 'gauge-grid' });
    // In another category, so the edit does not change its page's related tools either.
    await makeTool({ status: 'approved', name: 'Steady Slate', slug: 'steady-slate', tags: ['marketing'] });
    expect((await settings()).live).toBeNull();

    const first = await buildSite(dist);
    expect(first.ok, first.log).toBe(true);
    const written = JSON.parse(readFileSync(join(dist, BUILD_INFO), 'utf8')) as LiveBuild;
    let state = await settings();
    expect(state.live).toEqual(written);
    // Nothing to reuse the first time: every page was rendered.
    expect(state.live).toMatchObject({ pages: first.stats?.pages, rendered: first.stats?.pages, reused: 0 });
    expect(state.live?.pages).toBeGreaterThan(1);
    expect(state.queue).toEqual({ count: 0, running: 0, jobs: [] });
    expect(state.onDemand).toEqual({ count: 0, paths: [], tags: [] });

    // An admin edits the tool: its pages are served live and a rebuild waits.
    const { cookie } = await admin();
    const edit = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      cookie,
      body: { description: 'Reads gauges off any dashboard photo.' },
    });
    expect(edit.status).toBe(200);
    state = await settings();
    expect(state.live).toEqual(written);
    expect(state.queue.count).toBe(1);
    expect(state.queue.running).toBe(0);
    expect(state.queue.jobs).toEqual([
      expect.objectContaining({
        status: 'queued',
        reason: 'tool edited: gauge-grid',
        attempts: 0,
        nextAttemptAt: null,
      }),
    ]);
    // The tool's page and every page that lists tools carry the tags the edit touched.
    expect(state.onDemand.tags).toEqual(expect.arrayContaining(['tool:gauge-grid', 'tools']));
    expect(state.onDemand.paths).toContain('/tool/gauge-grid');
    expect(state.onDemand.paths).toContain('/directory');
    expect(state.onDemand.paths).not.toContain('/about');
    expect(state.onDemand.count).toBe(state.onDemand.paths.length);

    // The worker's build covers it: the live build is the new one, with the figures the job recorded.
    expect(await runQueuedRebuild(undefined, 0)).toBe(true);
    state = await settings();
    expect(state.queue).toEqual({ count: 0, running: 0, jobs: [] });
    expect(state.onDemand).toEqual({ count: 0, paths: [], tags: [] });
    expect(state.build).toMatchObject({ status: 'succeeded', reason: 'tool edited: gauge-grid' });
    const stats = state.build?.stats;
    expect(stats).toBeTruthy();
    expect(state.live).toMatchObject({
      pages: stats?.pages,
      rendered: stats?.rendered,
      reused: stats?.reused,
      seconds: stats?.seconds,
    });
    expect(state.live?.finishedAt).not.toBe(written.finishedAt);
    // The edited tool was rendered again; the untouched tool's page came from the first build.
    expect(state.live?.pages).toBe(written.pages);
    expect(state.live?.reused).toBeGreaterThanOrEqual(1);
    expect(state.live?.rendered).toBeLessThan(written.rendered);
    expect((state.live?.rendered ?? 0) + (state.live?.reused ?? 0)).toBe(state.live?.pages);
  }, 120_000);

  it('lists the running build first and counts what it does not show', async () => {
    const tags = Array.from({ length: ON_DEMAND_SHOWN + 5 }, (_, i) => `tool:many-${String(i).padStart(2, '0')}`);
    // Each new tool's page, its Markdown and its Open Graph image, which its address names.
    const paths = tags
      .flatMap((tag) => [`/tool/${tag.slice(5)}`, `/tool/${tag.slice(5)}.md`, `/og/tool/${tag.slice(5)}.png`])
      .sort();
    await requestRebuild('tool approved: running-one', db, tags.slice(0, 1));
    await db.update(rebuildJobs).set({ status: 'running', startedAt: new Date() });
    for (let i = 0; i < 6; i++) await requestRebuild(`tool approved: waiting-${i}`, db, i === 0 ? tags.slice(1) : []);
    const state = await settings();
    expect(state.queue.count).toBe(7);
    expect(state.queue.running).toBe(1);
    expect(state.queue.jobs.map((j) => j.reason)).toEqual([
      'tool approved: running-one',
      ...Array.from({ length: 4 }, (_, i) => `tool approved: waiting-${i}`),
    ]);
    expect(state.queue.jobs[0].status).toBe('running');
    expect(state.onDemand.count).toBe(paths.length);
    expect(state.onDemand.paths).toEqual(paths.slice(0, ON_DEMAND_SHOWN));
    expect(state.onDemand.tags).toEqual(tags);
  });
});

describe('GET /api/admin/settings with a damaged build record', () => {
  it("shows no live build, as before the first one, when the live build's _build.json is not what a build writes", async () => {
    // The live build made above, its record damaged (by hand, a disk, or a version that wrote another shape).
    writeFileSync(join(dist, BUILD_INFO), JSON.stringify({ coveredJobId: 'seven', pages: 3 }));
    expect((await settings()).live).toBeNull();
  });
});
