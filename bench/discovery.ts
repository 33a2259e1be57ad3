// The cost of the discovery pages (category, alternatives, compare) at scale: the full build and a one-change rebuild
// (the same figures as bench/site.ts's first lines, so a run on the code before them compares), then what the pages
// rendered on request cost: listing them all for the sitemap, and rendering one, first and kept (decision 0046).
// `bun bench/discovery.ts [--tools N]`. Never part of `npm test`.
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { useScratchSite } from './scratch';

const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
const BASE = 'http://127.0.0.1:4391';
const work = useScratchSite('discovery', BASE);

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { editOneTool } = await import('./synthetic-tools');
const { buildApp, buildSite } = await import('../api/publishing/site-build');

const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
/**
 * CPU seconds used so far by this process and its finished children (the export runs in child processes): unlike
 * wall time, barely moved by other work on a shared machine.
 */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // utime, stime, cutime, cstime are fields 14-17 of stat(5); after the ") " they are the 12th to 15th.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}
const ms = (since: number) => `${(performance.now() - since).toFixed(1)} ms`;

try {
  console.log(
    `Discovery bench at ${N.toLocaleString('en-US')} synthetic tools; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const app = await buildApp();
  if (!app.ok) throw new Error(app.log);
  let cpu = cpuSeconds();
  const full = await buildSite();
  if (!full.ok || !full.stats) throw new Error(full.log);
  line(
    'full build',
    `${full.stats.seconds.toFixed(1)} s for ${full.stats.pages.toLocaleString('en-US')} pages; ${(cpuSeconds() - cpu).toFixed(1)} s of CPU`,
  );
  await editOneTool(db, N);
  cpu = cpuSeconds();
  const again = await buildSite();
  if (!again.ok || !again.stats) throw new Error(again.log);
  line(
    'rebuild after one change',
    `${again.stats.seconds.toFixed(1)} s (${again.stats.rendered} rendered, ${again.stats.reused.toLocaleString('en-US')} reused); ${(cpuSeconds() - cpu).toFixed(1)} s of CPU`,
  );

  // What exists only with the discovery pages.
  const alternatives = await import('../db/queries/alternatives').catch(() => null);
  if (alternatives) {
    const started = performance.now();
    const listed = await alternatives.onDemandPages();
    const compares = listed.filter((p) => p.path.startsWith('/compare/'));
    line(
      'sitemap: on-demand pages listed',
      `${listed.length - compares.length} alternatives + ${compares.length} compare pages in ${ms(started)}`,
    );
    const { handleRequest } = await import('../api/handler');
    const get = async (path: string) => {
      const res = await handleRequest(new Request(`${BASE}${path}`));
      await res.arrayBuffer();
      return res.status;
    };
    for (const { path } of [
      listed.find((p) => p.path.endsWith('/alternatives'))!,
      compares[Math.floor(compares.length / 2)],
    ]) {
      const first = performance.now();
      const status = await get(path);
      const firstMs = ms(first);
      const kept = performance.now();
      await get(path);
      line(
        `  ${path.startsWith('/compare/') ? 'compare' : 'alternatives'} page (${status})`,
        `first ${firstMs}, kept ${ms(kept)}`,
      );
    }
    // Thirty different pages, each rendered once: what a crawler's walk costs per page.
    const sample = compares.slice(0, 30);
    const walk = performance.now();
    for (const { path } of sample) await get(path);
    line('  30 compare pages, first render', `${((performance.now() - walk) / sample.length).toFixed(1)} ms each`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
