// The worker lease: one holder at a time over one database, renewed by its holder, taken over once it lapses,
// given up on a clean stop; what runs under it runs in the holder only.
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { leases } from '../../db/schema';
import { readLease, runWhileHolding } from '../../api/publishing/worker-lease';
import { leaseHeldBy } from '../helpers/admin';
import { until } from '../helpers/server-process';

afterEach(async () => {
  await db.delete(leases);
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
    // Given up, not left to lapse: free at once (or b has taken it since).
    expect((await readLease('worker'))?.holder).not.toBe('a');
    await until('b to take it over', () => held[1].held());
    expect(b.counts).toEqual({ started: 1, stopped: 0 });
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('takes over the lease of a holder that stopped renewing, once it lapses', async () => {
    await leaseHeldBy('killed', 0.5);
    const b = singletons();
    held.push(runWhileHolding(b.start, { holder: 'b', seconds: 0.3 }));
    await until('b to take the lapsed lease', () => held[0].held());
    expect(b.counts.started).toBe(1);
    expect((await readLease('worker'))!.holder).toBe('b');
  });

  it('takes at once a lease whose holder was a process of this machine that is gone (a restart after a kill)', async () => {
    const gone = Bun.spawn([process.execPath, '-e', '0']);
    await gone.exited;
    await leaseHeldBy(`${hostname()}:${gone.pid}:before`, 60);
    const b = singletons();
    held.push(runWhileHolding(b.start, { holder: `${hostname()}:${process.pid}:after`, seconds: 60 }));
    await until('the restarted process to take it', () => held[0].held());
    expect((await readLease('worker'))!.expiresInMs).toBeGreaterThan(30_000);
  });

  it('waits out a lease held by a running process of this machine, or by another machine', async () => {
    // The parent of this test process is running; a holder on another machine cannot be checked at all.
    for (const other of [`${hostname()}:${process.ppid}:running`, `elsewhere:1:x`]) {
      await leaseHeldBy(other, 60);
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

  it('gives up on a clean stop only a lease that is still its own', async () => {
    const a = singletons();
    const lease = runWhileHolding(a.start, { holder: 'a', seconds: 0.3 });
    await until('a to hold the lease', () => lease.held());
    // Taken by another process before a noticed: a's release leaves it to its new holder.
    await db.update(leases).set({ holder: 'other', expiresAt: new Date(Date.now() + 60_000) });
    await lease.release();
    expect((await readLease('worker'))!.holder).toBe('other');
  });
});
