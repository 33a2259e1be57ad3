// Serving from every core: the real server (api/server.ts) started with SERVER_PROCESSES=2 runs a primary and one
// replica on the same port over one database and one build folder; both serve the site and the API, a change made
// through either is public at once on every connection, a replica that dies is started again, and the replicas end
// with the primary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../api/publishing/site-build';
import { serverProcesses } from '../../api/config';
import { signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { alive, childrenOf, startServer, until, type ServerProcess } from '../helpers/server-process';

const work = mkdtempSync(join(tmpdir(), 'processes-'));
const dist = join(work, 'dist');
let base = '';
let primary: ServerProcess;

/** A request on a connection of its own: the kernel picks the process for each new connection. */
const fresh = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { ...init, headers: { ...init.headers, connection: 'close' }, keepalive: false });

beforeAll(async () => {
  await makeTool({ status: 'approved', name: 'Shared Shelf', slug: 'shared-shelf' });
  const built = await buildSite(dist);
  if (!built.ok) throw new Error(built.log);
  // Port 0: the primary binds a free port and hands it to its replica; it says which.
  primary = await startServer({ DIST_DIR: dist, SERVER_PROCESSES: '2', REBUILD_WORKER: '0' });
  base = primary.base;
  await until(
    'the server and its replica',
    async () => childrenOf(primary.pid).length === 1 && (await fresh('/tool/shared-shelf')).ok,
  );
}, 90_000);

afterAll(async () => {
  primary?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('SERVER_PROCESSES', () => {
  it('is one process outside production, one per core in production, and refuses what is not a count', () => {
    expect(serverProcesses({}, 8)).toBe(1);
    expect(serverProcesses({ NODE_ENV: 'production' }, 2)).toBe(2);
    expect(serverProcesses({ NODE_ENV: 'production', SERVER_PROCESSES: '1' }, 8)).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: '3' }, 1)).toBe(3);
    for (const wrong of ['0', 'two', '-1', '1.5', '99'])
      expect(() => serverProcesses({ SERVER_PROCESSES: wrong })).toThrow('SERVER_PROCESSES');
  });
});

describe('two server processes on one port', () => {
  it('answer every connection, static pages and the API alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fresh(i % 2 ? '/tool/shared-shelf' : '/api/tools')),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
  });

  it('make a tool approved through either one public at once on every connection', async () => {
    const admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
    const pending = await makeTool({ name: 'Fresh Fork', slug: 'fresh-fork' });
    expect((await fresh('/tool/fresh-fork')).status).toBe(404);
    // Both processes have just read the changes: the next read of their own falls due only in a second.
    await Bun.sleep(1100);
    await Promise.all(Array.from({ length: 20 }, () => fresh('/about')));
    const approved = await fresh(`/api/admin/tools/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ curatorTake: 'Forks a draft into three tones.', qualityScore: 7 }),
    });
    expect(approved.status).toBe(200);
    // No build has run (REBUILD_WORKER=0): both processes render it on demand, whichever made the change.
    const pages = await Promise.all(Array.from({ length: 20 }, () => fresh('/tool/fresh-fork')));
    expect(pages.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const page of pages) expect(await page.text()).toContain('Forks a draft into three tones.');
  });

  it('start a replica that died again, and end with the primary', async () => {
    const [replica] = childrenOf(primary.pid);
    process.kill(replica, 'SIGKILL');
    const [next] = await until('a new replica', () => {
      const now = childrenOf(primary.pid);
      return now.length === 1 && now[0] !== replica ? now : null;
    });
    await until('the new replica serving', async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fresh('/tool/shared-shelf')));
      return answers.every((r) => r.ok);
    });
    primary.kill('SIGTERM');
    expect(await primary.exited).toBe(0);
    await until('the replica to end', () => !alive(next));
  }, 60_000);
});
