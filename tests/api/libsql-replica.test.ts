// An embedded replica (DATABASE_URL=file:..., DATABASE_SYNC_URL=the primary): this process reads a local file that
// libSQL keeps in step with a real sqld (tests/helpers/sqld.ts), and writes to the primary. It reads its own writes at
// once, sees another client's writes once it has pulled them, and takes no lock of its own (docs/decisions/0058).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server-process';
import { sqldAvailable, startSqld } from '../helpers/sqld';

const server = sqldAvailable ? await startSqld({ auth: true }) : undefined;
const local = join(mkdtempSync(join(tmpdir(), 'replica-')), 'replica.db');
// A long interval: in these tests the replica pulls only at open and after its own writes, unless a test says so.
if (server)
  Object.assign(process.env, {
    DATABASE_URL: `file:${local}`,
    DATABASE_SYNC_URL: server.url,
    DATABASE_AUTH_TOKEN: server.authToken,
    DATABASE_SYNC_INTERVAL: '3600',
  });
const { db, lockPolicy, openDatabase, readDb } = await import('../../db/client');
const { databaseKind, databaseSettings } = await import('../../db/settings');
const { migrateDatabase } = await import('../../db/migrate');
const { loginThrottle, users } = await import('../../db/schema');
const { call, sessionCookie } = await import('../helpers/api');

/** A client of the primary itself, as another machine would write. */
const primary = server && createClient({ url: server.url, authToken: server.authToken });
const throttle = (key: string) => ({ key, failures: 1, windowStartedAt: new Date() });
const keysLike = (database: typeof db, prefix: string) =>
  database.$count(loginThrottle, sql`${loginThrottle.key} like ${`${prefix}%`}`);

beforeAll(async () => {
  if (server) await migrateDatabase(db);
});

afterAll(async () => {
  primary?.close();
  db.$client.close();
  await server?.stop();
  rmSync(dirname(local), { recursive: true, force: true });
});

const replica = describe.skipIf(!server);

describe('DATABASE_SYNC_URL', () => {
  it('makes a file URL an embedded replica, and refuses it beside anything but a file', () => {
    expect(databaseKind('file:/data/replica.db', 'libsql://db-org.turso.io')).toBe('replica');
    expect(lockPolicy('file:/data/replica.db', 'libsql://db-org.turso.io')).toBe('none');
    expect(() => databaseKind('libsql://db-org.turso.io', 'libsql://db-org.turso.io')).toThrow(
      'set DATABASE_URL to a file: URL',
    );
    expect(() => databaseKind(':memory:', 'https://db.example.com')).toThrow('DATABASE_SYNC_URL');
    expect(() => databaseKind('file:/data/replica.db', 'postgres://db')).toThrow('DATABASE_SYNC_URL must be');
  });

  it('pulls every 5 seconds unless DATABASE_SYNC_INTERVAL says otherwise, in whole seconds', () => {
    expect(databaseSettings({})).toEqual({
      url: 'file:data/app.db',
      authToken: '',
      syncUrl: '',
      syncIntervalSeconds: 5,
    });
    expect(
      databaseSettings({ DATABASE_SYNC_URL: 'libsql://db-org.turso.io', DATABASE_SYNC_INTERVAL: '30' }),
    ).toMatchObject({ syncUrl: 'libsql://db-org.turso.io', syncIntervalSeconds: 30 });
    for (const wrong of ['0', '1.5', 'soon', '-2'])
      expect(() => databaseSettings({ DATABASE_SYNC_INTERVAL: wrong })).toThrow('DATABASE_SYNC_INTERVAL');
  });

  it('gives each further server process its own replica file, and shares the embedded file and a server', () => {
    const replicaOf = { DATABASE_SYNC_URL: 'libsql://db-org.turso.io' };
    expect(
      databaseSettings({ ...replicaOf, DATABASE_URL: 'file:/data/replica.db', SERVER_PROCESS_SLOT: '2' }).url,
    ).toBe('file:/data/replica-2.db');
    expect(databaseSettings({ ...replicaOf, DATABASE_URL: 'file:/data/replica', SERVER_PROCESS_SLOT: '1' }).url).toBe(
      'file:/data/replica-1',
    );
    expect(databaseSettings({ ...replicaOf, DATABASE_URL: 'file:/data/replica.db' }).url).toBe('file:/data/replica.db');
    expect(databaseSettings({ DATABASE_URL: 'file:/data/app.db', SERVER_PROCESS_SLOT: '2' }).url).toBe(
      'file:/data/app.db',
    );
    expect(databaseSettings({ DATABASE_URL: 'libsql://db-org.turso.io', SERVER_PROCESS_SLOT: '2' }).url).toBe(
      'libsql://db-org.turso.io',
    );
  });
});

replica('an embedded replica of a libSQL server', () => {
  it('sends its writes to the primary, and reads its own write at once, through libSQL and the per-request reader', async () => {
    await db.insert(loginThrottle).values(throttle('own:1'));
    // On the primary: the write did not stay in the local file.
    expect((await primary!.execute("select count(*) as n from login_throttle where key = 'own:1'")).rows[0].n).toBe(1);
    expect(await keysLike(db, 'own:')).toBe(1);
    // The reader is bun:sqlite on the replica's local file, which libSQL keeps in WAL mode.
    expect(readDb()).not.toBe(db);
    expect(await readDb().select().from(loginThrottle).where(eq(loginThrottle.key, 'own:1'))).toHaveLength(1);
  });

  it('reads a committed transaction at once, and keeps nothing of one that rolled back', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(loginThrottle).values(throttle('tx:1'));
      expect(await tx.$count(loginThrottle, eq(loginThrottle.key, 'tx:1'))).toBe(1);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(loginThrottle).values(throttle('tx:2'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      await readDb()
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(sql`${loginThrottle.key} like 'tx:%'`),
    ).toEqual([{ key: 'tx:1' }]);
  });

  it('serves a sign-up and the signed-in user right after it', async () => {
    const register = await call('POST', '/api/register', {
      body: { email: 'replica@example.com', password: 'secret1', firstName: 'Rep', lastName: 'Lica' },
    });
    expect(register.status).toBe(200);
    const me = await call('GET', '/api/user', { cookie: sessionCookie(register) });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('replica@example.com');
  });

  it("sees another machine's write once it has pulled it", async () => {
    await primary!.execute("insert into login_throttle (key, failures, windowStartedAt) values ('elsewhere:1', 1, 0)");
    expect(await keysLike(db, 'elsewhere:')).toBe(0);
    await db.$client.sync();
    expect(await keysLike(db, 'elsewhere:')).toBe(1);
    expect(await keysLike(readDb(), 'elsewhere:')).toBe(1);
  });

  it('pulls on its own every DATABASE_SYNC_INTERVAL seconds', async () => {
    const other = openDatabase(`file:${local.replace(/\.db$/, '-2.db')}`, server!.authToken, {
      syncUrl: server!.url,
      syncIntervalSeconds: 1,
    });
    try {
      await expect.poll(() => other.$count(users), { timeout: 10_000 }).toBeGreaterThan(0);
      await primary!.execute("insert into login_throttle (key, failures, windowStartedAt) values ('later:1', 1, 0)");
      await expect.poll(() => keysLike(other, 'later:'), { timeout: 10_000, interval: 200 }).toBe(1);
    } finally {
      other.$client.close();
    }
  });

  it('takes no lock in the process: a read passes an open transaction, and two transactions overlap', async () => {
    const { promise: inserted, resolve: aInserted } = Promise.withResolvers<void>();
    const { promise: started, resolve: bStarted } = Promise.withResolvers<void>();
    const order: string[] = [];
    const a = db.transaction(async (tx) => {
      await tx.insert(loginThrottle).values(throttle('side:a'));
      aInserted();
      // Nothing is committed yet; the replica's one connection is not held by the transaction: the global db still reads.
      expect(await keysLike(db, 'side:')).toBe(0);
      // With a lock in the process, B would only start after A ends: A would wait here for good.
      await started;
      order.push('a commits');
    });
    const b = db.transaction(async (tx) => {
      bStarted();
      await inserted;
      // BEGIN IMMEDIATE goes with this first statement, and the server holds it until A has committed.
      await tx.insert(loginThrottle).values(throttle('side:b'));
      order.push('b wrote');
    });
    await Promise.all([a, b]);
    expect(order).toEqual(['a commits', 'b wrote']);
    expect(await keysLike(readDb(), 'side:')).toBe(2);
  });

  it('serves from two server processes, each pulling into a file of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replica-processes-'));
    const processes = await startServer({
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      DIST_DIR: join(dir, 'dist'),
      SERVER_PROCESSES: '2',
      REBUILD_WORKER: '0',
    });
    const { base } = processes;
    try {
      await expect.poll(() => existsSync(join(dir, 'site-1.db')), { timeout: 15_000 }).toBe(true);
      expect(existsSync(join(dir, 'site.db'))).toBe(true);
      // Each request on a connection of its own: the kernel spreads them over both processes.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/tools?search=replica`, { headers: { connection: 'close' }, keepalive: false }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    } finally {
      processes.kill('SIGTERM');
      await processes.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
