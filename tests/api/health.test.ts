// GET /healthz: 200 when the database answers and a live build is there, 503 naming what failed otherwise; the worker
// lease's heartbeat is reported (a warning, never a 503 on its own). The checks' detail (the lease holder's host and
// PID, the database's error) is for a session that may read the settings; anyone else gets the status alone.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Elysia } from 'elysia';
import { db, databaseUrl, openDatabase } from '../../db/client';
import { leases } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { healthRoutes } from '../../api/health/routes';
import { freePort } from '../../bench/load';
import { leaseHeldBy, NO_PASSWORD } from '../helpers/admin';
import { signedIn } from '../helpers/api';

const work = mkdtempSync(join(tmpdir(), 'health-'));
/** A folder that holds a build to serve (hasLiveBuild looks for its index.html), and one that does not. */
const live = join(work, 'dist');
mkdirSync(live);
writeFileSync(join(live, 'index.html'), '<!doctype html><title>Home</title>');
const empty = join(work, 'nothing');

let admin: string;
beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
});

/** The report as an admin sees it, unless another Cookie header (or none) is given. */
const healthz = (options: Parameters<typeof healthRoutes>[0], cookie: string | null = admin) =>
  new Elysia()
    .use(healthRoutes(options))
    .handle(new Request('http://localhost/healthz', { headers: cookie ? { cookie } : {} }));

afterEach(async () => {
  await db.delete(leases);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('GET /healthz', () => {
  it('answers 200 through the server, outside /api, and is never cached', async () => {
    const res = await handleRequest(new Request('http://localhost/healthz', { headers: { cookie: admin } }));
    const body = await res.json();
    expect(body.checks.database).toBe('ok');
    // Whether this checkout has a build in dist/ decides the status; the report says which.
    expect(res.status).toBe(body.ok ? 200 : 503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is 200 when the database answers, a build is live and the lease holder renewed lately', async () => {
    await leaseHeldBy('machine-1:42:abc', 30);
    const res = await healthz({ distDir: live });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      ok: true,
      failing: [],
      warnings: [],
      checks: { database: 'ok', build: 'ok', worker: 'ok' },
      worker: { holder: 'machine-1:42:abc' },
    });
    expect(body.worker.renewedSecondsAgo).toBeGreaterThanOrEqual(0);
  });

  it('shows the status alone, without host, PID or error text, to the signed-out and to roles without the settings', async () => {
    await leaseHeldBy('machine-1:42:abc', 30);
    const staff = (await signedIn({ ...NO_PASSWORD, role: 'staff' })).cookie;
    for (const cookie of [null, staff, 'sid=not-a-session']) {
      const res = await healthz({ distDir: live }, cookie);
      expect(res.status, String(cookie)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json(), String(cookie)).toEqual({ ok: true, failing: [], warnings: [] });
    }
    const down = await healthz({ distDir: empty }, null);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false, failing: ['build'], warnings: [] });
    const roleAdmin = (await signedIn({ ...NO_PASSWORD, role: 'admin' })).cookie;
    expect(await (await healthz({ distDir: live }, roleAdmin)).json()).toMatchObject({
      worker: { holder: 'machine-1:42:abc' },
    });
  });

  it('reports uploads as writable, probing with a real write', async () => {
    const res = await healthz({ distDir: live });
    expect(await res.json()).toMatchObject({ checks: { uploads: 'ok' } });
  });

  it('is 503 naming the build when there is no live build', async () => {
    const res = await healthz({ distDir: empty });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      ok: false,
      failing: ['build'],
      checks: { database: 'ok', build: 'missing' },
    });
  });

  it('stays 200 with a warning when nobody holds the worker lease, or its holder stopped renewing', async () => {
    let res = await healthz({ distDir: live });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      warnings: ['worker'],
      checks: { worker: 'none' },
      worker: null,
    });
    await leaseHeldBy('killed', 0);
    res = await healthz({ distDir: live });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      warnings: ['worker'],
      checks: { worker: 'stale' },
      worker: { holder: 'killed' },
    });
  });

  it('is 503 naming the database when its client is closed', async () => {
    const copy = join(work, 'copy.db');
    copyFileSync(databaseUrl().slice('file:'.length), copy);
    const database = openDatabase(`file:${copy}`);
    expect((await healthz({ database, distDir: live })).status).toBe(200);
    database.$client.close();
    const res = await healthz({ database, distDir: live });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, failing: ['database'], checks: { build: 'ok', worker: 'unknown' } });
    expect(body.checks.database).toMatch(/^error: /);
  });

  it('is 503 naming the database when the database server refuses the connection', async () => {
    // A port nothing listens on: a libSQL server that is down.
    const port = await freePort();
    const res = await healthz({ database: openDatabase(`http://127.0.0.1:${port}`), distDir: live });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ failing: ['database'] });
  });

  it('is 503 naming the database when the database server does not answer in time', async () => {
    // Accepts the request and never answers: a hung server.
    const hung = Bun.serve({ port: 0, fetch: () => new Promise<Response>(() => {}) });
    try {
      const res = await healthz({
        database: openDatabase(`http://127.0.0.1:${hung.port}`),
        distDir: live,
        timeoutMs: 300,
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        failing: ['database'],
        checks: { database: 'error: no answer within 300 ms' },
      });
    } finally {
      void hung.stop(true);
    }
  });
});
