// The same code against a libSQL server: a real sqld (tests/helpers/sqld.ts) requiring a JWT, reached over Hrana
// over HTTP (DATABASE_URL=http://..., as libsql://...?tls=0 resolves) with DATABASE_AUTH_TOKEN: migrations, the demo
// seed, the core flows through app.handle, transactions that roll back, and concurrent writers in two clients.
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqldAvailable, startSqld } from '../helpers/sqld';

// Every module that imports db/client.ts opens DATABASE_URL on import: point it at the server first.
const server = sqldAvailable ? await startSqld({ auth: true }) : undefined;
if (server) Object.assign(process.env, { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: server.authToken });
const { db, isDatabaseBusy, lockPolicy, openDatabase, readDb } = await import('../../db/client');
const { migrateDatabase } = await import('../../db/migrate');
const { seedDemo } = await import('../../db/seed');
const { auditLog, emailOutbox, loginThrottle, tools, users } = await import('../../db/schema');
const { call, sessionCookie, signedIn } = await import('../helpers/api');
const { NO_PASSWORD, makeTool, reloadTool, reviewsOf } = await import('../helpers/admin');
const { DEMO_ADMIN_EMAIL } = await import('../../db/demo-accounts');

// The migrations from nothing, as `npm start` applies them.
beforeAll(async () => {
  if (server) await migrateDatabase(db);
});

afterAll(async () => {
  db.$client.close();
  await server?.stop();
});

const remote = describe.skipIf(!server);

remote('a libSQL server (sqld) by URL', () => {
  it('is reached with DATABASE_AUTH_TOKEN, refused without it, and takes no lock in the process', async () => {
    expect(db.$client.protocol).toBe('http');
    expect(lockPolicy(server!.url)).toBe('none');
    // The reader of every request is the libSQL client itself: there is no local file to open.
    expect(readDb()).toBe(db);
    const anonymous = openDatabase(server!.url, '');
    await expect(anonymous.$client.execute('select 1')).rejects.toThrow(/401/);
    anonymous.$client.close();
  });

  it('applies the migrations again as a no-op, and the demo seed', async () => {
    await migrateDatabase(db);
    await seedDemo(db);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin.isAdmin).toBe(true);
    expect(await db.$count(tools, eq(tools.status, 'approved'))).toBeGreaterThan(0);
  });

  it('enforces foreign keys, as the embedded database does', async () => {
    await expect(
      db.insert(auditLog).values({ action: 'x', entityType: 'tool', entityId: 1, actorId: 999_999 }),
    ).rejects.toThrow();
  });

  it('works over WebSocket too (ws://, wss://), transactions included', async () => {
    const ws = openDatabase(server!.url.replace(/^http/, 'ws'), server!.authToken);
    try {
      expect(ws.$client.protocol).toBe('ws');
      await ws.transaction(async (tx) => {
        await tx.insert(loginThrottle).values({ key: 'ws:1', failures: 1, windowStartedAt: new Date() });
      });
      await expect(
        ws.transaction(async (tx) => {
          await tx.insert(loginThrottle).values({ key: 'ws:2', failures: 1, windowStartedAt: new Date() });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.$count(loginThrottle, sql`${loginThrottle.key} like 'ws:%'`)).toBe(1);
    } finally {
      ws.$client.close();
    }
  });

  it('signs up, submits a tool, approves it and lists it in the catalogue', async () => {
    const register = await call('POST', '/api/register', {
      body: { email: 'remote@example.com', password: 'secret1', firstName: 'Re', lastName: 'Mote' },
    });
    expect(register.status).toBe(200);
    const cookie = sessionCookie(register)!;
    expect((await (await call('GET', '/api/user', { cookie })).json()).email).toBe('remote@example.com');

    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'Remote Writer',
      url: 'https://remote-writer.example.com',
      description: 'Writes copy from a brief, far away.',
      tags: 'marketing',
      isPremium: 'false',
    }))
      form.append(key, value);
    const submitted = await call('POST', '/api/tools', { cookie, body: form });
    expect(submitted.status).toBe(201);
    const { id } = await submitted.json();

    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const approved = await call('POST', `/api/admin/tools/${id}/approve`, {
      cookie: admin.cookie,
      body: { curatorTake: 'Good at briefs.', qualityScore: 8 },
    });
    expect(approved.status).toBe(200);
    expect(await reviewsOf(id)).toHaveLength(1);
    expect(
      (await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'remote@example.com'))).map((m) => m.kind),
    ).toEqual(['welcome', 'verify-email', 'submission-received', 'tool-approved']);

    const listed = await call('GET', '/api/tools?search=remote%20writer');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { name: string }[]).map((t) => t.name)).toContain('Remote Writer');
  });

  it('rolls a failed approval back whole on the server: nothing of it is left', async () => {
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const tool = await makeTool();
    await db.run(
      sql`create trigger fail_remote_audit before insert on audit_log when new.action = 'tool.approve' begin select raise(abort, 'audit unavailable'); end`,
    );
    try {
      const res = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
        cookie: admin.cookie,
        body: { curatorTake: 'Great', qualityScore: 8 },
      });
      expect(res.status).toBe(500);
    } finally {
      await db.run(sql`drop trigger fail_remote_audit`);
    }
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'pending', approvedAt: null, qualityScore: null });
    expect(await reviewsOf(tool.id)).toHaveLength(0);
  });

  it('runs transactions of this process side by side: the server, not the process, orders their writes', async () => {
    const { promise: inserted, resolve: aInserted } = Promise.withResolvers<void>();
    const { promise: started, resolve: bStarted } = Promise.withResolvers<void>();
    const order: string[] = [];
    const a = db.transaction(async (tx) => {
      await tx.insert(loginThrottle).values({ key: 'side:a', failures: 1, windowStartedAt: new Date() });
      aInserted();
      // With a lock in the process, B would only start after A ends: A would wait here for good.
      await started;
      order.push('a commits');
    });
    const b = db.transaction(async (tx) => {
      bStarted();
      await inserted;
      // BEGIN IMMEDIATE goes with this first statement, and the server holds it until A has committed.
      await tx.insert(loginThrottle).values({ key: 'side:b', failures: 1, windowStartedAt: new Date() });
      order.push('b wrote');
    });
    await Promise.all([a, b]);
    expect(order).toEqual(['a commits', 'b wrote']);
    expect(await db.$count(loginThrottle, sql`${loginThrottle.key} like 'side:%'`)).toBe(2);
  });

  it('keeps every write of two clients writing at once', async () => {
    const other = createClient({ url: server!.url, authToken: server!.authToken });
    try {
      const writes = Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? other.execute({
              sql: 'insert into login_throttle (key, failures, windowStartedAt) values (?, 1, 0)',
              args: [`two:${i}`],
            })
          : db.insert(loginThrottle).values({ key: `two:${i}`, failures: 1, windowStartedAt: new Date() }),
      );
      await Promise.all(writes);
      expect(await db.$count(loginThrottle, sql`${loginThrottle.key} like 'two:%'`)).toBe(40);
    } finally {
      other.close();
    }
  });

  it('answers busy (503) for a transaction sqld ended for holding the write lock while another writer waited', async () => {
    const other = createClient({ url: server!.url, authToken: server!.authToken });
    try {
      const error = await db
        .transaction(async (tx) => {
          await tx.insert(loginThrottle).values({ key: 'stolen:a', failures: 1, windowStartedAt: new Date() });
          // Another machine's write waits for the lock; sqld gives it the lock after 5 s and ends this transaction.
          await other.execute("insert into login_throttle (key, failures, windowStartedAt) values ('stolen:b', 1, 0)");
        })
        .catch((e: unknown) => e);
      expect(String(error)).toMatch(/TRANSACTION_TIMEOUT/);
      expect(isDatabaseBusy(error)).toBe(true);
      expect(
        (
          await db
            .select({ key: loginThrottle.key })
            .from(loginThrottle)
            .where(sql`${loginThrottle.key} like 'stolen:%'`)
        ).map((r) => r.key),
      ).toEqual(['stolen:b']);
    } finally {
      other.close();
    }
  });
});
