// A rebuild request made here is read back (which sends its purge) once its transaction has ended, never from inside
// it: the read cannot see the request there, and at 10,000 tools the bench's edit, read back inside its transaction,
// failed to commit with SQLITE_PROTOCOL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../db/queries/kept', async (importOriginal) => {
  const kept = await importOriginal<typeof import('../../db/queries/kept')>();
  const changesNow: typeof kept.changesNow = (...args) => {
    reads.count += 1;
    return kept.changesNow(...args);
  };
  return { ...kept, changesNow };
});

const { db } = await import('../../db/client');
const { requestRebuild } = await import('../../api/publishing/rebuild-queue');
const { changedPages, liveBuildSwapped } = await import('../../api/publishing/live-pages');

it('reads a change made in a transaction back after the transaction, not inside it', async () => {
  // No live build yet (every request is a change), read once, as a server has by its first request.
  liveBuildSwapped(mkdtempSync(join(tmpdir(), 'read-back-')));
  await changedPages();
  const before = reads.count;
  let readInside = -1;
  await db.transaction(async (tx) => {
    await requestRebuild('test: read back', tx, ['tool:read-back']);
    // What a transaction does after asking: statements, each a few turns of the microtask queue.
    for (let turn = 0; turn < 100; turn++) await null;
    readInside = reads.count - before;
  });
  expect(readInside).toBe(0);
  await vi.waitFor(() => expect(reads.count).toBeGreaterThan(before));
  expect((await changedPages()).tags).toContain('tool:read-back');
});
