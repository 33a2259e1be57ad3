// `bun bench/restart-build.ts [--tools N]`: what a restart or a deploy costs. Seeds N synthetic tools (default 10,000)
// into a scratch database, then runs `npm run build` (the real scripts/build-site.ts: the server build, then the site)
// twice with one tool edited between, and prints each run's time and pages rendered and reused. The second run makes
// the server build again, as every start does: only the pages carrying the edited tool's tags should be rendered
// (docs/decisions/0065, 0079). Never part of `npm test`.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { useScratchSite } from './scratch';

const ROOT = resolve(import.meta.dirname, '..');
const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
const work = useScratchSite('restart', 'http://127.0.0.1:4390');

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { editOneTool } = await import('./synthetic-tools');
const { readBuildInfo } = await import('../api/publishing/live-pages');

const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);

/** `npm run build` as an operator runs it; its wall time and what the build it swapped in says of itself. */
async function npmRunBuild(): Promise<string> {
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, 'scripts/build-site.ts'], {
    cwd: ROOT,
    env: process.env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${out}${err}`);
  const info = readBuildInfo(resolve(ROOT, process.env.DIST_DIR!));
  if (!info) throw new Error('the build left no _build.json');
  const astro = /Pages built in ([\d.]+) s/.exec(out)?.[1] ?? '?';
  return `${seconds.toFixed(1)} s (server build ${astro} s, export ${info.seconds.toFixed(1)} s): ${info.pages.toLocaleString('en-US')} pages, ${info.rendered.toLocaleString('en-US')} rendered, ${info.reused.toLocaleString('en-US')} reused`;
}

try {
  console.log(
    `Restart bench at ${N.toLocaleString('en-US')} synthetic tools; ${work}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  line('npm run build (first)', await npmRunBuild());
  await editOneTool(db, N);
  line('npm run build (one tool edited)', await npmRunBuild());
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
