// The one database client: writers take turns, reads pass an open transaction, another process's lock is retried and then answered 503.
import { createClient, type Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, lockPolicy, WriteOutsideTransactionError } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const row = (key: string) => ({ key, failures: 1, windowStartedAt: new Date() });
const countKey = (key: string) => db.$count(loginThrottle, eq(loginThrottle.key, key));

beforeAll(async () => {
  // As in production (db/migrate.ts): readers see the last commit while a writer works.
  await db.$client.execute('PRAGMA journal_mode = WAL');
});

describe('db client in this process', () => {
  it('runs a plain write issued during a transaction after it commits', async () => {
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.insert(loginThrottle).values(row('tx:1'));
      await sleep(50);
      order.push('tx done');
    });
    await sleep(5);
    const plain = db
      .insert(loginThrottle)
      .values(row('plain:1'))
      .then(() => order.push('plain done'));
    await Promise.all([tx, plain]);
    expect(order).toEqual(['tx done', 'plain done']);
    expect(await countKey('tx:1')).toBe(1);
    expect(await countKey('plain:1')).toBe(1);
  });

  it('runs parallel transactions one after another', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        db.transaction(async (t) => {
          await t.insert(loginThrottle).values({ ...row(`par:${n}`), failures: n });
          await sleep(10);
          return n;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3]);
  });

  it('releases the turn when a transaction fails', async () => {
    await expect(
      db.transaction(async (t) => {
        await t.insert(loginThrottle).values(row('fail:1'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.insert(loginThrottle).values(row('after:1'));
    expect(await countKey('fail:1')).toBe(0);
    expect(await countKey('after:1')).toBe(1);
  });

  it('answers a read while a write transaction is open, with the last committed data', async () => {
    const order: string[] = [];
    let readDone!: () => void;
    const readFinished = new Promise<void>((r) => (readDone = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const tx = db.transaction(async (t) => {
      await t.insert(loginThrottle).values(row('open:1'));
      inserted();
      // Holds the write lock until the read is answered; the timer only ends the test when reads queue.
      await Promise.race([readFinished, sleep(1000)]);
      order.push('transaction');
    });
    await didInsert;
    const seen = await countKey('open:1');
    order.push('read');
    readDone();
    await tx;
    expect(order).toEqual(['read', 'transaction']);
    expect(seen).toBe(0);
    expect(await countKey('open:1')).toBe(1);
  });

  it('lets a read on the global client inside a transaction through (no self-deadlock)', async () => {
    const count = await db.transaction(async () => db.$count(loginThrottle));
    expect(count).toBeGreaterThanOrEqual(0);
  });

  it('refuses a write through the global db inside a transaction, and rolls the transaction back', async () => {
    const attempt = db.transaction(async (t) => {
      await t.insert(loginThrottle).values(row('inside:tx'));
      await db.insert(loginThrottle).values(row('inside:global'));
    });
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    const cause = (error as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(WriteOutsideTransactionError);
    expect((cause as Error).message).toMatch(/pass the transaction `tx`/);
    expect(await countKey('inside:tx')).toBe(0);
    expect(await countKey('inside:global')).toBe(0);
  });

  it('refuses a nested db.transaction inside a transaction', async () => {
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toThrow(
      /nested db\.transaction\(\).*tx\.transaction\(\)/,
    );
  });

  it('lets work a transaction started run normally once it has committed', async () => {
    let later!: Promise<unknown>;
    await db.transaction(async (t) => {
      await t.insert(loginThrottle).values(row('left:tx'));
      later = sleep(20).then(() => db.insert(loginThrottle).values(row('left:after')));
    });
    await later;
    expect(await countKey('left:after')).toBe(1);
  });
});

describe('another connection holding the write lock', () => {
  let other: Client;
  beforeAll(() => {
    other = createClient({ url: process.env.DATABASE_URL! });
  });
  afterAll(() => other.close());

  it('answers an API write 503 with Retry-After after retrying, and changes nothing', async () => {
    const { cookie } = await signedIn({ password: 'not-a-hash' });
    const lock = await other.transaction('write');
    try {
      const res = await call('POST', '/api/logout', { cookie });
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(MSG.databaseBusy);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await lock.rollback();
    }
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
  });

  it('succeeds when the lock is released within the retry window', async () => {
    const { cookie } = await signedIn({ password: 'not-a-hash' });
    const lock = await other.transaction('write');
    const released = sleep(100).then(() => lock.rollback());
    const res = await call('POST', '/api/logout', { cookie });
    await released;
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('leaves no unfinished statement behind: later writes commit and free the lock', async () => {
    const { user, cookie } = await signedIn({ password: 'not-a-hash' });
    const lock = await other.transaction('write');
    const refused = await call('POST', '/api/logout', { cookie });
    await lock.rollback();
    expect(refused.status).toBe(503);
    expect((await call('POST', '/api/logout', { cookie })).status).toBe(200);
    const left = await other.execute({ sql: 'select count(*) as n from sessions where userId = ?', args: [user.id] });
    expect(Number(left.rows[0].n)).toBe(0);
    const again = await other.transaction('write');
    await again.rollback();
  });

  it('still answers reads while another process writes', async () => {
    const lock = await other.transaction('write');
    try {
      await lock.execute({
        sql: 'insert into login_throttle (key, failures, windowStartedAt) values (?, 1, 0)',
        args: ['other:1'],
      });
      expect((await call('GET', '/api/tools')).status).toBe(200);
      expect(await countKey('other:1')).toBe(0);
    } finally {
      await lock.rollback();
    }
  });
});

describe('lock policy', () => {
  it('serialises writers of a file database only', () => {
    expect(lockPolicy('file:data/app.db')).toBe('writers');
    expect(lockPolicy('file:///var/data/app.db')).toBe('writers');
  });

  it('never serialises a libSQL server or HTTP database', () => {
    expect(lockPolicy('libsql://app-org.turso.io')).toBe('none');
    expect(lockPolicy('http://127.0.0.1:8080')).toBe('none');
    expect(lockPolicy('https://db.example.com')).toBe('none');
    expect(lockPolicy('wss://db.example.com')).toBe('none');
  });

  it('serialises everything for an in-memory database, whose one connection a transaction holds', () => {
    expect(lockPolicy(':memory:')).toBe('all');
    expect(lockPolicy('file::memory:')).toBe('all');
  });
});
