// Concurrent writes on the one database client queue behind an open transaction instead of failing.
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('db client', () => {
  it('runs a plain write issued during a transaction after it commits', async () => {
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.insert(loginThrottle).values({ key: 'tx:1', failures: 1, windowStartedAt: new Date() });
      await sleep(50);
      order.push('tx done');
    });
    await sleep(5);
    const plain = db
      .insert(loginThrottle)
      .values({ key: 'plain:1', failures: 1, windowStartedAt: new Date() })
      .then(() => order.push('plain done'));
    await Promise.all([tx, plain]);
    expect(order).toEqual(['tx done', 'plain done']);
    expect(await db.$count(loginThrottle)).toBe(2);
  });

  it('runs parallel transactions one after another', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        db.transaction(async (t) => {
          await t.insert(loginThrottle).values({ key: `par:${n}`, failures: n, windowStartedAt: new Date() });
          await sleep(10);
          return n;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3]);
  });

  it('releases the lock when a transaction fails', async () => {
    await expect(
      db.transaction(async (t) => {
        await t.insert(loginThrottle).values({ key: 'fail:1', failures: 1, windowStartedAt: new Date() });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.insert(loginThrottle).values({ key: 'after:1', failures: 1, windowStartedAt: new Date() });
    expect(await db.$count(loginThrottle)).toBeGreaterThan(0);
  });

  it('lets a read on the global client inside a transaction through (no self-deadlock)', async () => {
    const count = await db.transaction(async () => db.$count(loginThrottle));
    expect(count).toBeGreaterThanOrEqual(0);
  });
});
