// Several API machines over one database: two real server processes (their own ports, one database file, one build
// folder, the rebuild worker on in both) build once for approvals made through either, each one's kept answers show
// the other's approval at once, both serve the new pages from the build, a third with a build folder of its own pulls the published build, and when the lease's holder is killed
// mid-build the other takes the lease over once it lapses, requeues the interrupted job and builds it.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs, tools } from '../../db/schema';
import { buildSite } from '../../api/publishing/site-build';
import { readLease } from '../../api/publishing/worker-lease';
import { signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { childrenOf, startServer, until, type ServerProcess } from '../helpers/server-process';

const LEASE_SECONDS = 3;
const work = mkdtempSync(join(tmpdir(), 'machines-'));
const dist = join(work, 'dist');
/** The third machine's own build folder, filled from the "bucket" the builder publishes to. */
const ownDist = join(work, 'own', 'dist');
const bucket = join(work, 'bucket');
writeFileSync(join(work, 'publish.sh'), 'rm -rf "$1" && mkdir -p "$1" && cp -R "$2"/. "$1"/\n');
writeFileSync(join(work, 'pull.sh'), 'cp -R "$1"/. "$2"/\n');
const servers: ServerProcess[] = [];
let admin = '';

/** The pid in the lease's holder (machine:pid:random), or null when nobody holds it unexpired. */
async function holderPid(): Promise<number | null> {
  const lease = await readLease('worker');
  return lease && lease.expiresInMs > 0 ? Number(lease.holder.split(':').at(-2)) : null;
}

/** The build folders a process made (their names end with its pid). */
const buildsBy = (pid: number) => readdirSync(`${dist}-builds`).filter((name) => name.endsWith(`-${pid}`));

const approve = (server: ServerProcess, id: number, take: string) =>
  fetch(`${server.base}/api/admin/tools/${id}/approve`, {
    method: 'POST',
    headers: { cookie: admin, 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ curatorTake: take, qualityScore: 7 }),
  });

/** The page as `server` answers it now, or null when it is not a 200. */
async function page(server: ServerProcess, path: string): Promise<string | null> {
  const res = await fetch(`${server.base}${path}`);
  return res.ok ? res.text() : null;
}

/** The names GET /api/tools answers for a search on `server` (kept there until a change touches what it read). */
const listed = async (server: ServerProcess, search: string) =>
  ((await (await fetch(`${server.base}/api/tools?search=${search}`)).json()) as { name: string }[]).map((t) => t.name);

/** The curator's take as a tool page shows it. */
const take = (text: string) => `data-testid="curator-take">${text}<`;

const jobsFor = (ids: number[]) => db.select().from(rebuildJobs).where(inArray(rebuildJobs.id, ids));

beforeAll(async () => {
  await makeTool({ status: 'approved', name: 'Cluster Base', slug: 'cluster-base' });
  const built = await buildSite(dist);
  if (!built.ok) throw new Error(built.log);
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  // Both over this test's database file (DATABASE_URL) and one DIST_DIR; the first takes the lease before the second starts.
  const env = {
    DIST_DIR: dist,
    SERVER_PROCESSES: '1',
    REBUILD_WORKER: undefined,
    BUILD_LEASE_SECONDS: String(LEASE_SECONDS),
    PUBLISH_COMMAND: `sh ${join(work, 'publish.sh')} ${bucket}`,
  };
  // Each as its own machine: a holder killed on another machine is waited out until its lease lapses.
  servers.push(await startServer({ ...env, FLY_MACHINE_ID: 'machine-a' }));
  await until('the first process to hold the lease', async () => (await holderPid()) === servers[0].pid);
  servers.push(await startServer({ ...env, FLY_MACHINE_ID: 'machine-b' }));
  for (const server of servers)
    await until('both to be healthy', async () => (await fetch(`${server.base}/healthz`)).ok);
}, 90_000);

afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('two server processes over one database', () => {
  it('build once for approvals made through both, serve the pages from that build, and a third machine pulls it', async () => {
    const [a, b] = servers;
    // A machine with no build of its own yet, pulling from the bucket; stopped before the takeover below.
    const own = await startServer({
      FLY_MACHINE_ID: 'machine-c',
      DIST_DIR: ownDist,
      SERVER_PROCESSES: '1',
      BUILD_LEASE_SECONDS: String(LEASE_SECONDS),
      PULL_COMMAND: `sh ${join(work, 'pull.sh')} ${bucket}`,
    });
    servers.push(own);
    const one = await makeTool({ name: 'Left Ledger', slug: 'left-ledger' });
    const two = await makeTool({ name: 'Right Relay', slug: 'right-relay' });
    expect([await listed(b, 'ledger'), await listed(a, 'relay')]).toEqual([[], []]);
    const answers = await Promise.all([
      approve(a, one.id, 'Keeps the left books.'),
      approve(b, two.id, 'Relays to the right.'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // Each process's kept answer follows the approval the other made, with no wait: the database says it.
    expect([await listed(b, 'ledger'), await listed(a, 'relay')]).toEqual([['Left Ledger'], ['Right Relay']]);
    const jobs = (await db.select().from(rebuildJobs)).filter((job) => /left-ledger|right-relay/.test(job.reason));
    expect(jobs).toHaveLength(2);
    const built = await until(
      'the approvals to be built',
      async () => {
        const now = await jobsFor(jobs.map((j) => j.id));
        return now.every((job) => job.status === 'succeeded') && now;
      },
      60_000,
    );
    // One build covered both: claimed together, by the lease's holder, into one folder of its own.
    expect(new Set(built.map((job) => job.startedAt!.getTime())).size).toBe(1);
    expect(buildsBy(a.pid)).toHaveLength(1);
    expect(buildsBy(b.pid)).toHaveLength(0);
    expect(await holderPid()).toBe(a.pid);

    // Served from the static file, not rendered on demand: an edit of the curator's take made behind the servers'
    // back (no rebuild request) would show in a render; each process shows the built take once it has the build.
    await db.update(tools).set({ curatorTake: 'Edited without a rebuild.' }).where(eq(tools.id, one.id));
    for (const server of [a, b, own]) {
      for (const [path, text] of [
        ['/tool/left-ledger', 'Keeps the left books.'],
        ['/tool/right-relay', 'Relays to the right.'],
      ]) {
        await until(`${path} from the build on ${server.base}`, async () =>
          (await page(server, path))?.includes(take(text)),
        );
        expect(await page(server, path)).toContain(take(text));
      }
    }
    // The third machine serves the build it pulled, and built nothing.
    expect(readdirSync(`${ownDist}-builds`)).toHaveLength(1);
    expect((await (await fetch(`${own.base}/healthz`, { headers: { cookie: admin } })).json()).checks.build).toBe('ok');
    own.kill('SIGTERM');
    expect(await own.exited).toBe(0);
  }, 120_000);

  it('hand the lease to the other process when its holder is killed mid-build, which builds the interrupted job', async () => {
    const [a, b] = servers;
    const three = await makeTool({ name: 'Third Thread', slug: 'third-thread' });
    expect((await approve(b, three.id, 'Threads a third way.')).status).toBe(200);
    const [job] = (await db.select().from(rebuildJobs)).filter((j) => j.reason.includes('third-thread'));
    // Killed as soon as its build has claimed the job: the job is left 'running' by a process that is gone.
    await until('the holder to start the build', async () => (await jobsFor([job.id]))[0].status === 'running', 30_000);
    const buildSteps = childrenOf(a.pid);
    a.kill('SIGKILL');
    await a.exited;
    // Its export step, orphaned, would only write a folder nobody swaps in: end it too.
    for (const pid of buildSteps) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already done
      }
    }
    expect((await jobsFor([job.id]))[0].status).toBe('running');

    await until(
      'the other process to take the lease over',
      async () => (await holderPid()) === b.pid,
      LEASE_SECONDS * 1000 + 10_000,
    );
    const [done] = await until(
      'the interrupted job to be built',
      async () => {
        const now = await jobsFor([job.id]);
        return now[0].status === 'succeeded' && now;
      },
      60_000,
    );
    // Requeued, not counted as a try, and built by the new holder.
    expect(done.attempts).toBe(1);
    expect(buildsBy(b.pid)).toHaveLength(1);
    await until('the new page from the build', async () =>
      (await page(b, '/tool/third-thread'))?.includes(take('Threads a third way.')),
    );
    const health = await (await fetch(`${b.base}/healthz`, { headers: { cookie: admin } })).json();
    expect(health).toMatchObject({ ok: true, checks: { worker: 'ok' } });
    expect(health.worker.holder).toContain(`:${b.pid}:`);
  }, 90_000);
});
