// Rebuild Now and the build state in Settings: only admins may queue a rebuild; Settings shows the last
// failure with its log and whether it will be retried.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs, type NewUser } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { requestRebuild } from '../../api/services/rebuild-queue';
import { REBUILD_RETRY_DELAYS_MS, runQueuedRebuild } from '../../api/services/rebuild-worker';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD } from '../helpers/admin';

interface BuildState {
  status: string;
  reason: string;
  attempts: number;
  nextAttemptAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

interface Settings {
  build: BuildState | null;
  lastFailure: (BuildState & { willRetry: boolean }) | null;
  maxAttempts: number;
}

const admin = () => signedIn({ ...NO_PASSWORD, isAdmin: true });
const failing = async () => ({ ok: false, dir: '', seconds: 1, log: 'step 1\nastro: [build] Unexpected token in site/pages/index.astro' });

afterEach(async () => {
  await db.delete(rebuildJobs);
});

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

describe('GET /api/admin/settings: the build state', () => {
  async function settings(): Promise<Settings> {
    const { cookie } = await admin();
    const res = await call('GET', '/api/admin/settings', { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as Settings;
  }

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
    expect(state.lastFailure).toMatchObject({ status: 'queued', reason: 'tool approved: b', attempts: 1, willRetry: true });
    expect(state.lastFailure?.error).toBe('step 1\nastro: [build] Unexpected token in site/pages/index.astro');
    expect(new Date(state.lastFailure?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps showing a build that failed for good after a newer request queued', async () => {
    await requestRebuild('tool approved: c', db);
    await runQueuedRebuild(failing, 0, []);
    await requestRebuild('tool approved: d', db);
    const state = await settings();
    expect(state.build).toMatchObject({ status: 'queued', reason: 'tool approved: d' });
    expect(state.lastFailure).toMatchObject({ status: 'failed', reason: 'tool approved: c', attempts: 1, willRetry: false, nextAttemptAt: null });
    expect(state.lastFailure?.error).toContain('Unexpected token');
  });

  it('drops the failure once a later build succeeds', async () => {
    await requestRebuild('tool approved: e', db);
    await runQueuedRebuild(failing, 0, []);
    await call('POST', '/api/admin/rebuild', { cookie: (await admin()).cookie });
    await runQueuedRebuild(async () => ({ ok: true, dir: '', seconds: 1, log: '' }), 0);
    expect((await settings()).lastFailure).toBeNull();
  });
});
