// The worker lease: one holder at a time over one database, renewed by its holder, taken over once it lapses,
// given up on a clean stop; what runs under it runs in the holder only.
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { leases } from '../../db/schema';
import { readLease, releaseLease, runWhileHolding, takeLease } from '../../api/publishing/worker-lease';
import { until } from '../helpers/server-process';

afterEach(async () => {
  await db.delete(leases);
});

describe('takeLease', () => {
  it('gives a free lease to the first asker and refuses the others while it runs', async () => {
    expect(await takeLease('worker', 'a', 30)).toBe(true);
    expect(await takeLease('worker', 'b', 30)).toBe(false);
    expect(await readLease('worker')).toMatchObject({ holder: 'a' });
  });

  it('lets the holder renew it: a later expiry and a fresh heartbeat', async () => {
    expect(await takeLease('worker', 'a', 1)).toBe(true);
    const first = (await readLease('worker'))!;
    expect(first.expiresInMs).toBeLessThanOrEqual(1000);
    expect(await takeLease('worker', 'a', 60)).toBe(true);
    const renewed = (await readLease('worker'))!;
    expect(renewed.holder).toBe('a');
    expect(renewed.expiresInMs).toBeGreaterThan(1000);
    expect(renewed.renewedMsAgo).toBeGreaterThanOrEqual(0);
  });

  it('hands a lapsed lease to the next asker, after which the old holder cannot renew it', async () => {
    // Zero seconds: lapsed as soon as it is taken, as a killed holder's lease is once its time runs out.
    expect(await takeLease('worker', 'dead', 0)).toBe(true);
    expect(await takeLease('worker', 'b', 30)).toBe(true);
    expect(await takeLease('worker', 'dead', 30)).toBe(false);
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('is taken from a holder named as gone whatever its expiry, and from no other', async () => {
    expect(await takeLease('worker', 'gone', 60)).toBe(true);
    expect(await takeLease('worker', 'b', 30, 'someone-else')).toBe(false);
    expect(await takeLease('worker', 'b', 30, 'gone')).toBe(true);
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('keeps leases of different names apart', async () => {
    expect(await takeLease('worker', 'a', 30)).toBe(true);
    expect(await takeLease('other', 'b', 30)).toBe(true);
  });

  it('is released only by its holder', async () => {
    await takeLease('worker', 'a', 30);
    await releaseLease('worker', 'b');
    expect((await readLease('worker'))!.holder).toBe('a');
    await releaseLease('worker', 'a');
    expect(await readLease('worker')).toBeNull();
    expect(await takeLease('worker', 'b', 30)).toBe(true);
  });
});

describe('runWhileHolding', () => {
  const held: ReturnType<typeof runWhileHolding>[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((lease) => lease.release()));
  });

  /** A process's singletons: counts its starts and stops. */
  function singletons() {
    const counts = { started: 0, stopped: 0 };
    return { counts, start: () => (counts.started++, () => void counts.stopped++) };
  }

  it('runs the work in one of two processes, and in the other once the first releases the lease', async () => {
    const a = singletons();
    const b = singletons();
    held.push(runWhileHolding(a.start, { holder: 'a', seconds: 0.3 }));
    await until('a to hold the lease', () => held[0].held());
    held.push(runWhileHolding(b.start, { holder: 'b', seconds: 0.3 }));
    // b asks at once and then every 100 ms: refused each time while a renews.
    await Bun.sleep(350);
    expect(held[1].held()).toBe(false);
    expect(b.counts.started).toBe(0);
    expect((await readLease('worker'))!.holder).toBe('a');

    await held[0].release();
    expect(a.counts).toEqual({ started: 1, stopped: 1 });
    await until('b to take it over', () => held[1].held());
    expect(b.counts).toEqual({ started: 1, stopped: 0 });
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('takes over the lease of a holder that stopped renewing, once it lapses', async () => {
    await takeLease('worker', 'killed', 0.5);
    const b = singletons();
    held.push(runWhileHolding(b.start, { holder: 'b', seconds: 0.3 }));
    await until('b to take the lapsed lease', () => held[0].held());
    expect(b.counts.started).toBe(1);
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('takes at once a lease whose holder was a process of this machine that is gone (a restart after a kill)', async () => {
    const gone = Bun.spawn([process.execPath, '-e', '0']);
    await gone.exited;
    await takeLease('worker', `${hostname()}:${gone.pid}:before`, 60);
    const b = singletons();
    held.push(runWhileHolding(b.start, { holder: `${hostname()}:${process.pid}:after`, seconds: 60 }));
    await until('the restarted process to take it', () => held[0].held());
    expect((await readLease('worker'))!.expiresInMs).toBeGreaterThan(30_000);
  });

  it('waits out a lease held by a running process of this machine, or by another machine', async () => {
    // The parent of this test process is running; a holder on another machine cannot be checked at all.
    for (const other of [`${hostname()}:${process.ppid}:running`, `elsewhere:1:x`]) {
      await takeLease('worker', other, 60);
      const lease = runWhileHolding(() => () => {}, { holder: `${hostname()}:${process.pid}:me`, seconds: 0.3 });
      await Bun.sleep(350);
      expect(lease.held()).toBe(false);
      await lease.release();
      expect((await readLease('worker'))!.holder).toBe(other);
      await db.delete(leases);
    }
  });

  it('stops the work when another process has taken the lease', async () => {
    const a = singletons();
    held.push(runWhileHolding(a.start, { holder: 'a', seconds: 0.3 }));
    await until('a to hold the lease', () => held[0].held());
    // As if a stalled past its expiry and another process took the lease meanwhile.
    await db.update(leases).set({ holder: 'other', expiresAt: new Date(Date.now() + 60_000) });
    await until('a to notice', () => !held[0].held());
    expect(a.counts).toEqual({ started: 1, stopped: 1 });
  });
});
