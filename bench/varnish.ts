// `bun bench/varnish.ts [--tools N]`: the site behind Varnish (docs/varnish.vcl), as behind a CDN. On a scratch site of
// the demo data plus N synthetic tools (default 300: the sitemap's compare and alternatives pages are rendered on
// request), crawls every page of the sitemap twice through the edge and prints each crawl's time, statuses, hits,
// misses and hit ratio, then the same crawl straight to the (now warm) origin; then approves a tool through the API
// and prints the time from the approval's answer to the edge's feed of new tools listing it (PURGE_COMMAND is
// scripts/purge-varnish.ts). Never part of `npm test`; needs varnishd (apt-get install varnish
// varnish-modules).
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './load';
import { useScratchSite } from './scratch';
import { startVarnish } from '../tests/helpers/varnish';
import { readSitemap } from '../tests/helpers/xml';

const ROOT = resolve(import.meta.dirname, '..');
const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 300;
/** Requests in flight during a crawl: a crawler's few connections, not a load test. */
const CONCURRENCY = 8;
/** A page listing the newest tools first. */
const FEED = '/tools/feed.json';

const originPort = await freePort();
const edge = await startVarnish(originPort);
const work = useScratchSite('varnish', edge.url);
const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { buildApp, buildSite } = await import('../api/publishing/site-build');
const { createSession, SESSION_COOKIE } = await import('../api/auth/sessions');
const { tools, users } = await import('../db/schema');

const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);

interface Crawl {
  hits: number;
  misses: number;
  other: number;
  /** Answers by status: a crawl of a healthy site is all 200s. */
  statuses: Record<number, number>;
  seconds: number;
}

/** Asks for every path from `base`, CONCURRENCY at a time, counting the edge's X-Cache answers. */
async function crawl(base: string, paths: string[]): Promise<Crawl> {
  const counts = { hits: 0, misses: 0, other: 0 };
  const statuses: Record<number, number> = {};
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const res = await fetch(`${base}${paths[next++]}`, { headers: { 'accept-encoding': 'gzip, br' } });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const cache = res.headers.get('x-cache');
        if (cache === 'HIT') counts.hits++;
        else if (cache === 'MISS') counts.misses++;
        else counts.other++;
      }
    }),
  );
  return { ...counts, statuses, seconds: (performance.now() - started) / 1000 };
}

const crawlLine = (c: Crawl, total: number) =>
  `${c.seconds.toFixed(1)} s, ${Math.round(total / c.seconds)} pages/s; status ${Object.entries(c.statuses)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}; ` +
  `${c.hits} hits, ${c.misses} misses` +
  (c.hits + c.misses > 0 ? `, hit ratio ${((100 * c.hits) / (c.hits + c.misses)).toFixed(1)} %` : '');

const server = Bun.spawn([process.execPath, 'api/server.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(originPort),
    HOST: '127.0.0.1',
    PURGE_COMMAND: `${process.execPath} ${join(ROOT, 'scripts/purge-varnish.ts')}`,
    VARNISH_URL: edge.url,
    // The edge is one client to the origin, and a crawl renders every compare and alternatives page once: no budget.
    RENDER_BUDGET_PER_MINUTE: '1000000',
  },
  stdout: 'ignore',
  stderr: 'inherit',
});
try {
  console.log(`Behind Varnish at ${N.toLocaleString('en-US')} synthetic tools; ${work}`);
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const app = await buildApp();
  if (!app.ok) throw new Error(app.log);
  const built = await buildSite();
  if (!built.ok) throw new Error(built.log);
  const origin = `http://127.0.0.1:${originPort}`;
  for (
    let i = 0;
    i < 300 &&
    !(await fetch(`${edge.url}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await Bun.sleep(100);

  const files = await readSitemap(`${edge.url}/sitemap-index.xml`, async (url) =>
    (await fetch(`${edge.url}${new URL(url).pathname}`)).text(),
  );
  const paths = files.flatMap((file) => file.urls.map((u) => new URL(u.loc).pathname));
  line('pages in the sitemap', String(paths.length));
  const first = await crawl(edge.url, paths);
  line('edge, first crawl', crawlLine(first, paths.length));
  const second = await crawl(edge.url, paths);
  line('edge, second crawl', crawlLine(second, paths.length));
  const both = { hits: first.hits + second.hits, misses: first.misses + second.misses };
  line('edge, both crawls', `hit ratio ${((100 * both.hits) / (both.hits + both.misses)).toFixed(1)} %`);
  line('origin straight (warm)', crawlLine(await crawl(origin, paths), paths.length));

  // The newest tools first, so the approved one is on it whatever N is; cached at the edge before the approval.
  await fetch(`${edge.url}${FEED}`).then((r) => r.arrayBuffer());
  const cached = (await fetch(`${edge.url}${FEED}`)).headers.get('x-cache');
  if (cached !== 'HIT') throw new Error(`${FEED} is not cached at the edge (X-Cache: ${cached})`);
  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-admin@example.com', password: 'x', isAdmin: true, firstName: 'Bench' })
    .returning();
  const { token } = await createSession(admin.id);
  const [pending] = await db
    .insert(tools)
    .values({
      name: 'Edge Fresh Tool',
      slug: 'edge-fresh-tool',
      url: 'https://edge-fresh.example.com',
      urlKey: 'edge-fresh.example.com',
      description: 'Approved during the bench.',
      tags: ['design'],
      status: 'pending',
      submittedById: admin.id,
    })
    .returning();
  const approve = await fetch(`${edge.url}/api/admin/tools/${pending.id}/approve`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json', origin: edge.url },
    body: JSON.stringify({ curatorTake: 'Fast.', qualityScore: 7 }),
  });
  if (!approve.ok) throw new Error(`approve answered ${approve.status}: ${await approve.text()}`);
  const answered = performance.now();
  let polls = 0;
  while (!(await (await fetch(`${edge.url}${FEED}`)).text()).includes('Edge Fresh Tool')) {
    polls++;
    await Bun.sleep(5);
  }
  line(
    'approval to fresh at the edge',
    `${(performance.now() - answered).toFixed(0)} ms after the approval's answer (${FEED}, ${polls} stale answers)`,
  );
} finally {
  server.kill('SIGTERM');
  await server.exited;
  await edge.stop();
  rmSync(work, { recursive: true, force: true });
}
