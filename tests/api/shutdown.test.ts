// Graceful shutdown (api/shutdown.ts): real server processes, real signals. A SIGTERM lets a request in
// flight finish (its effect committed) while new connections are refused; abandons a running build cleanly (its
// jobs queued again, no try counted, the live build untouched, its processes gone); and cuts the e-mail round only
// between rows (every row sent or pending, none lost or half-marked).
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../api/services/email';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { buildSite } from '../../api/publishing/site-build';
import { db } from '../../db/client';
import { seedSyntheticTools } from '../../db/seed';
import { emailOutbox, rebuildJobs, sessions } from '../../db/schema';
import { makeUser } from '../helpers/api';
import { startServer, until, type ServerProcess } from '../helpers/server-process';

const work = mkdtempSync(join(tmpdir(), 'shutdown-'));
const started: ServerProcess[] = [];
afterAll(() => {
  for (const server of started) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await startServer({ DIST_DIR: join(work, 'dist'), ...env });
  started.push(server);
  return server;
}

/** The processes whose command line mentions `text`. */
function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('SIGTERM', () => {
  it('lets a login in flight finish and commit, and refuses new connections meanwhile', async () => {
    const server = await start({ REBUILD_WORKER: '0' });
    const user = await makeUser();
    // The body comes in two halves: the server has the request before the signal and its end only after it.
    const body = JSON.stringify({ email: user.email, password: 'password123' });
    const rest = Promise.withResolvers<void>();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
        await rest.promise;
        controller.enqueue(new TextEncoder().encode(body.slice(10)));
        controller.close();
      },
    });
    const login = fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    // Time for the idle server to accept the connection and start reading (an order, not a measure).
    await Bun.sleep(500);
    server.kill('SIGTERM');
    await until('the server to stop listening', () =>
      fetch(`${server.base}/api/tools`, { headers: { connection: 'close' }, keepalive: false }).then(
        () => false,
        (error: { code?: string }) => error.code === 'ConnectionRefused' || error.code === 'ECONNREFUSED',
      ),
    );
    rest.resolve();
    const res = await login;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(user.email);
    expect(res.headers.getSetCookie().join()).toContain('sid=');
    expect(await server.exited).toBe(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  }, 60_000);

  it('abandons a running build: its jobs queued again without a try, the live build untouched, its steps killed', async () => {
    const dist = join(work, 'dist');
    const live = await buildSite(dist);
    if (!live.ok) throw new Error(live.log);
    const liveTarget = readlinkSync(dist);
    // Enough pages that the rebuild is still running when the signal's grace runs out.
    await seedSyntheticTools(3000, db);
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '4' });
    await requestRebuild('test', db);
    await until(
      'the build to run',
      async () => (await db.select().from(rebuildJobs).where(eq(rebuildJobs.status, 'running'))).length > 0,
      30_000,
    );
    await until('the export to start', () => processesMentioning(`${dist}-builds/`).length > 0);
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const jobs = await db.select().from(rebuildJobs);
    expect(
      jobs.map((j) => ({ status: j.status, attempts: j.attempts, startedAt: j.startedAt, error: j.error })),
    ).toEqual(jobs.map(() => ({ status: 'queued', attempts: 0, startedAt: null, error: null })));
    expect(readlinkSync(dist)).toBe(liveTarget);
    expect(readdirSync(`${dist}-builds`)).toEqual([liveTarget.split('/').at(-1)]);
    expect(processesMentioning(`${dist}-builds/`)).toEqual([]);
    expect(server.logs().find((l) => l.outcome === 'abandoned')).toMatchObject({
      msg: expect.stringContaining('abandoned'),
    });
  }, 120_000);

  it('ends the e-mail round between rows: the row being sent is finished and marked, the rest stay pending', async () => {
    const received: string[] = [];
    const held = Promise.withResolvers<void>();
    const resend = Bun.serve({
      port: 0,
      async fetch(request) {
        received.push(request.headers.get('idempotency-key') ?? '');
        // The second e-mail is answered only after the signal: the round is mid-row when it lands.
        if (received.length === 2) await held.promise;
        return Response.json({ id: `re_${received.length}` });
      },
    });
    try {
      for (let i = 0; i < 8; i++) {
        await enqueueEmail(
          { to: `reader${i}@example.com`, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', kind: 'welcome' },
          db,
        );
      }
      const server = await start({
        REBUILD_WORKER: '0',
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: `http://127.0.0.1:${resend.port}`,
      });
      await until('the second e-mail to be sent', () => received.length === 2);
      server.kill('SIGTERM');
      // Time for the signal to be handled before the answer comes (an order, not a measure).
      await Bun.sleep(300);
      held.resolve();
      expect(await server.exited).toBe(0);
      const rows = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
      // Sent exactly when the provider got it: the one in flight included, none left unrecorded, no other started.
      expect(received).toHaveLength(2);
      expect(rows.filter((r) => r.status === 'sent').map((r) => `outbox-${r.id}`)).toEqual(received);
      const pending = rows.filter((r) => r.status === 'pending');
      expect(pending).toHaveLength(6);
      for (const row of pending) expect(row).toMatchObject({ attempts: 0, providerId: null, error: null });
    } finally {
      resend.stop(true);
    }
  }, 60_000);
});

describe('a failure outside any request', () => {
  for (const [crash, msg] of [
    ['throw', 'uncaught exception'],
    ['reject', 'unhandled rejection'],
  ] as const) {
    it(`(${msg}) is logged as JSON, then the server shuts down and exits 1`, async () => {
      const server = await startServer(
        { DIST_DIR: join(work, 'dist'), REBUILD_WORKER: '0', CRASH: crash },
        'tests/fixtures/server-that-fails.ts',
      );
      started.push(server);
      expect(await server.exited).toBe(1);
      const logs = server.logs();
      const fatal = logs.find((line) => line.msg === msg);
      expect(fatal).toMatchObject({
        level: 60,
        err: { message: `${crash === 'throw' ? 'thrown' : 'rejected'} outside any request` },
      });
      // Shut down as on a signal: the port closed and the lease given back, not cut off mid-write.
      expect(logs.some((line) => line.msg === 'shutting down' && line.reason === msg)).toBe(true);
    });
  }
});
