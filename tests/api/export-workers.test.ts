// The export's processes end with the process that started them: after a kill -9 of the server (or of `npm run
// build`), its export and the export's workers do not go on rendering beside the restarted server's build.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { seedSyntheticTools } from '../../db/seed';
import { MANIFEST_FILE } from '../../api/publishing/build-files';
import { alive, childrenOf, until } from '../helpers/server-process';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every process below `pid`, children first. */
function descendantsOf(pid: number): number[] {
  const below = childrenOf(pid);
  return below.concat(below.flatMap(descendantsOf));
}

beforeAll(async () => {
  // Enough pages that the export is still rendering when its parent is killed.
  await seedSyntheticTools(1000, db);
}, 60_000);

describe('an export whose parent is killed', () => {
  it('ends, workers and all, without finishing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'orphan-export-')), 'site');
    // The parent: starts the export as the server's build does, then is killed without a chance to clean up.
    const parent = Bun.spawn(
      [
        process.execPath,
        '-e',
        `Bun.spawn([process.execPath, ${JSON.stringify(join(ROOT, 'scripts/export-site.ts'))}, ${JSON.stringify(out)}], { stdout: 'ignore', stderr: 'ignore', detached: true }); setInterval(() => {}, 1000);`,
      ],
      { cwd: ROOT, env: { ...process.env, EXPORT_WORKERS: '2' }, stdout: 'ignore', stderr: 'inherit' },
    );
    const [exporter] = await until('the export', () => childrenOf(parent.pid).length === 1 && childrenOf(parent.pid));
    // Its two workers have started.
    await until('the workers', () => childrenOf(exporter).length >= 2);
    const processes = [exporter, ...descendantsOf(exporter)];
    process.kill(parent.pid, 'SIGKILL');
    await parent.exited;
    await until('the export and its workers to end', () => processes.every((pid) => !alive(pid)), 60_000);
    // Gone because their parent was, not because they were done: the export never wrote its manifest.
    expect(existsSync(join(out, MANIFEST_FILE))).toBe(false);
  }, 120_000);
});
