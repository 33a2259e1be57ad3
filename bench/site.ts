// `npm run bench`: the whole publishing path at scale, in one run, each figure beside its reference.
// Seeds N synthetic tools (default 10,000; `--tools N`; `--build-only` stops after the builds) into a scratch
// database and prints: the full build (s, s per 1,000 pages, peak memory of the build's processes), the rebuild after one change, approval-to-visible (on demand)
// and approval-to-static (the rebuild swapped in), a static tool page ours vs nginx, and the API (bench/api.ts:
// /api/user with a session, the directory's page, three searches) at 50 connections vs a constant Bun.serve answer.
// Never part of `npm test`.
import { chmodSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { treeRss } from './proc';
import { useScratchSite } from './scratch';
import { benchApi, reportApi } from './api';
import { benchStatic, reportStatic } from './static';

const ROOT = resolve(import.meta.dirname, '..');
const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
const PORT = 4390;
const BASE = `http://127.0.0.1:${PORT}`;
const work = useScratchSite('bench', BASE);
// nginx's workers (user nobody) read the same build folder.
chmodSync(work, 0o755);

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { editOneTool } = await import('./synthetic-tools');
const { buildApp, buildSite } = await import('../api/publishing/site-build');
const { createSession, SESSION_COOKIE } = await import('../api/auth/sessions');
const { rebuildJobs, tools, users } = await import('../db/schema');
type ExportStats = import('../api/publishing/site-build').ExportStats;
const { eq } = await import('drizzle-orm');

const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/** Peak resident memory of this process's descendants, sampled every 100 ms while `run` goes on. */
async function peakTreeRss<T>(run: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRss(process.pid, false));
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await run();
    return { result, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

try {
  console.log(
    `Bench at ${N.toLocaleString('en-US')} synthetic tools; ${work}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const app = await buildApp();
  if (!app.ok) throw new Error(app.log);
  line('server build (astro, code only)', s(app.seconds));

  const full = await peakTreeRss(() => buildSite());
  if (!full.result.ok || !full.result.stats) throw new Error(full.result.log);
  // A module imported before useScratchSite would have read the repository's own folders instead.
  if (!full.result.dir.startsWith(work)) throw new Error(`the build went to ${full.result.dir}, outside ${work}`);
  const fs = full.result.stats;
  line(
    'full build',
    `${s(fs.seconds)} for ${fs.pages.toLocaleString('en-US')} pages = ${((fs.seconds / fs.pages) * 1000).toFixed(2)} s per 1,000 pages`,
  );
  line('  of which', phases(full.result.log));
  line('  peak memory (all processes)', `${full.peakMb.toFixed(0)} MB`);

  await editOneTool(db, N);
  const again = await peakTreeRss(() => buildSite());
  if (!again.result.ok || !again.result.stats) throw new Error(again.result.log);
  const as = again.result.stats;
  line(
    'rebuild after one change',
    `${s(as.seconds)} (${as.rendered} rendered, ${as.reused.toLocaleString('en-US')} reused)`,
  );
  line('  rendered, by kind', kinds(again.result.log));
  line('  of which', phases(again.result.log));
  line('  peak memory (all processes)', `${again.peakMb.toFixed(0)} MB`);
  // `--build-only`: the builds' figures alone (at 100,000 tools the serving figures are another run's).
  if (process.argv.includes('--build-only')) {
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }
  // That build covered the edit's request: the server below must not build it again during the approval.
  await db.update(rebuildJobs).set({ status: 'succeeded' }).where(eq(rebuildJobs.status, 'queued'));

  let apiToken = '';
  // The real server, its rebuild worker on: an approval through the API, then the page, then the static page.
  const server = Bun.spawn([process.execPath, 'api/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  try {
    for (
      let i = 0;
      i < 300 &&
      !(await fetch(`${BASE}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await Bun.sleep(100);
    const [admin] = await db
      .insert(users)
      .values({ email: 'bench-admin@example.com', password: 'x', isAdmin: true, firstName: 'Bench' })
      .returning();
    const { token } = await createSession(admin.id);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const [pending] = await db
      .insert(tools)
      .values({
        name: 'Bench Fresh Tool',
        slug: 'bench-fresh-tool',
        url: 'https://bench-fresh.example.com',
        urlKey: 'bench-fresh.example.com',
        description: 'Approved during the bench.',
        tags: ['design'],
        status: 'pending',
        submittedById: admin.id,
      })
      .returning();
    const approvedAt = performance.now();
    const approve = await fetch(`${BASE}/api/admin/tools/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ curatorTake: 'Fast.', qualityScore: 7 }),
    });
    if (!approve.ok) throw new Error(`approve answered ${approve.status}: ${await approve.text()}`);
    const answered = performance.now();
    while ((await fetch(`${BASE}/tool/bench-fresh-tool`)).status !== 200) await Bun.sleep(10);
    line(
      'approval to visible',
      `${(performance.now() - approvedAt).toFixed(0)} ms (the approve call itself ${(answered - approvedAt).toFixed(0)} ms; on demand)`,
    );
    for (;;) {
      const jobs = await db
        .select({ status: rebuildJobs.status, stats: rebuildJobs.stats })
        .from(rebuildJobs)
        .where(eq(rebuildJobs.reason, 'tool approved: bench-fresh-tool'));
      if (jobs[0]?.status === 'succeeded') {
        line(
          'approval to static',
          `${((performance.now() - approvedAt) / 1000).toFixed(1)} s (quiet period 1.5 s + build ${s(jobs[0].stats?.seconds ?? 0)}, ${jobs[0].stats?.rendered} rendered)`,
        );
        break;
      }
      if (jobs[0]?.status === 'failed') throw new Error('the rebuild failed');
      await Bun.sleep(100);
    }

    apiToken = token;
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }

  // The API in production mode on the same data (bench/api.ts), beside a constant answer.
  for (const text of reportApi(await benchApi(process.env.DATABASE_URL!, apiToken))) console.log(text);

  const statics = await benchStatic(process.env.DIST_DIR!, undefined, { log: () => {} });
  for (const text of reportStatic(statics)) console.log(text);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The export's figures: the last line of its log (site-build.ts's ExportStats); null when it is not them. */
function exportStats(log: string): ExportStats | null {
  try {
    return JSON.parse(log.trim().split('\n').at(-1) ?? '') as ExportStats;
  } catch {
    return null;
  }
}

function phases(log: string): string {
  const p = exportStats(log)?.phases;
  if (!p) return 'n/a';
  return `pages ${s(p.pages)} (the sitemap's among them), compression and manifest ${s(p.finalize)}`;
}

/** The pages the export rendered, by kind of the route table: `tool 1, toolMarkdown 1, home 1`. */
function kinds(log: string): string {
  const counts = exportStats(log)?.kinds;
  if (!counts) return 'n/a';
  return Object.entries(counts)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
}
process.exit(0);
