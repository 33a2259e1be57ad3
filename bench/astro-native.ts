// `bun bench/astro-native.ts [--tools N]`: what Astro 7 does natively beside the engine's own part, on one scratch
// site of N synthetic tools (default 10,000), side by side in one run (docs/decisions/0083). Never part of `npm test`.
// (a) A kept render: a comparison page answered again from Astro's route cache (`cache.provider: memoryCache()`,
//     `routeRules`, invalidated by tag through `context.cache.invalidate`) vs from ours (
//     kept-renders.ts, dropped by a rebuild request's tags): answers/s, p50 and p99 in a tight loop through each
//     handler, and the first answer after an invalidation.
// (b) The incremental build: `astro build` with `experimental.incrementalBuild` (static output, the tool page behind a
//     getStaticPaths that gives each tool's data hash as its cacheKey) vs our export (site-export.ts), full and
//     after one tool edit. Both Astro variants are made from the project's own config and pages in the scratch folder.
import { writeFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { useScratchSite } from './scratch';

const ROOT = resolve(import.meta.dirname, '..');
const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
const BASE = 'http://127.0.0.1:4625';
const work = useScratchSite('astro-native', BASE);

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { editOneTool } = await import('./synthetic-tools');
const { buildApp, buildSite } = await import('../api/publishing/site-build');
const { renderPage } = await import('../api/publishing/page-renderer');
const { serveOnDemandPage } = await import('../api/publishing/kept-renders');
const { requestRebuild } = await import('../api/publishing/rebuild-queue');
const { TOOLS_TAG, toolTag } = await import('../lib/cache-tags');
const { tools } = await import('../db/schema');
const { and, asc, eq } = await import('drizzle-orm');

const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs `astro build` with the config file `configFile`; its seconds and what it printed. */
async function astroBuild(configFile: string): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const child = Bun.spawn(
    [
      process.execPath,
      '--bun',
      join(ROOT, 'node_modules/.bin/astro'),
      'build',
      '--root',
      ROOT,
      '--config',
      relative(ROOT, configFile),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  );
  const [output, errors, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0)
    throw new Error(`astro build (${configFile}) failed:\n${output.slice(-4000)}\n${errors.slice(-4000)}`);
  return { seconds: (performance.now() - started) / 1000, output: output + errors };
}

/** Times `answer` `times` times in a row: answers per second, p50 and p99 in ms. */
async function loop(times: number, answer: () => Promise<unknown>) {
  const ms: number[] = [];
  const started = performance.now();
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await answer();
    ms.push(performance.now() - t);
  }
  const total = (performance.now() - started) / 1000;
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(3);
  return `${Math.round(times / total).toLocaleString('en-US')} answers/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

// The Astro variants: the project's config with one change each, written into the scratch folder.
const configOf = (name: string, overrides: string) => {
  const file = join(work, `${name}.config.mjs`);
  writeFileSync(
    file,
    `import base from ${JSON.stringify(join(ROOT, 'astro.config.mjs'))};\n` +
      `import { memoryCache } from 'astro/config';\nexport default { ...base, ${overrides} };\n`,
  );
  return file;
};

// (a) The server build with Astro's route cache on the comparison pages, tagged `tools` as every comparison reads the
// catalogue, and one endpoint that invalidates a tag (Astro's invalidation is reachable only inside a request).
const cachedApp = join(work, 'app-route-cache');
writeFileSync(
  join(work, 'invalidate.ts'),
  `export const prerender = false;\nexport async function GET({ url, cache }) {\n` +
    `  await cache.invalidate({ tags: [url.searchParams.get('tag')] });\n  return new Response('ok');\n}\n`,
);
const routeCacheConfig = configOf(
  'route-cache',
  `outDir: ${JSON.stringify(cachedApp)}, cache: { provider: memoryCache({ max: 1000 }) },
  routeRules: { '/compare/[pair]': { maxAge: 31536000, tags: ['${TOOLS_TAG}'] } },
  integrations: [...base.integrations, { name: 'bench-invalidate', hooks: { 'astro:config:setup': ({ injectRoute }) =>
    injectRoute({ pattern: '/_bench/invalidate', entrypoint: ${JSON.stringify(join(work, 'invalidate.ts'))}, prerender: false }) } }]`,
);

// (b) A static build of the tool pages alone, through the project's own page, each with its data hash as cacheKey.
const staticSrc = join(work, 'static-src');
const staticOut = join(work, 'static-out');
mkdirSync(join(staticSrc, 'pages/tool'), { recursive: true });
writeFileSync(
  join(staticSrc, 'pages/tool/[slug].astro'),
  `---
import { createHash } from 'node:crypto';
import ToolPage from ${JSON.stringify(join(ROOT, 'site/pages/tool/[slug].astro'))};
import { toolPages } from ${JSON.stringify(join(ROOT, 'db/queries/pages.ts'))};
export async function getStaticPaths() {
  const paths = [];
  for await (const batch of toolPages(500))
    for (const page of batch)
      paths.push({ params: { slug: page.tool.slug }, props: { page },
        cacheKey: createHash('sha256').update(JSON.stringify(page)).digest('base64url') });
  return paths;
}
Astro.locals.toolPage = Astro.props.page;
---
<ToolPage />
`,
);
const incrementalConfig = configOf(
  'incremental',
  `srcDir: ${JSON.stringify(staticSrc)}, outDir: ${JSON.stringify(staticOut)}, cacheDir: ${JSON.stringify(join(work, 'astro-cache'))},
  output: 'static', adapter: undefined, experimental: { ...base.experimental, incrementalBuild: true }`,
);

/** Of an incremental `astro build`'s log: pages rendered and pages taken from its cache. */
function generated(output: string): string {
  const reused = (output.match(/\((?:cached|restored)\)/g) ?? []).length;
  const all = (output.match(/├─ .*\/index\.html/g) ?? []).length;
  return `${all - reused} rendered, ${reused.toLocaleString('en-US')} reused`;
}

try {
  console.log(`Astro native vs ours at ${N.toLocaleString('en-US')} synthetic tools; ${work}; load average ${load()}`);
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const app = await buildApp();
  if (!app.ok) throw new Error(app.log);
  line('server build (ours, astro build)', s(app.seconds));

  // (b) first: the builds, each full then after the same one edit.
  const oursFull = await buildSite();
  if (!oursFull.ok || !oursFull.stats) throw new Error(oursFull.log);
  line(
    'ours: full export',
    `${s(oursFull.seconds)} for ${oursFull.stats.pages.toLocaleString('en-US')} pages (whole site, br/gz, sitemap, search)`,
  );
  const astroFull = await astroBuild(incrementalConfig);
  line(
    'astro incrementalBuild: full astro build',
    `${s(astroFull.seconds)} (${generated(astroFull.output)}; tool pages only, no br/gz) load ${load()}`,
  );
  await editOneTool(db, N);
  const oursAgain = await buildSite();
  if (!oursAgain.ok || !oursAgain.stats) throw new Error(oursAgain.log);
  line(
    'ours: export after one edit',
    `${s(oursAgain.seconds)} (${oursAgain.stats.rendered} rendered, ${oursAgain.stats.reused.toLocaleString('en-US')} reused)`,
  );
  const astroAgain = await astroBuild(incrementalConfig);
  line(
    'astro incrementalBuild: after one edit',
    `${s(astroAgain.seconds)} (${generated(astroAgain.output)}) load ${load()}`,
  );
  const astroSame = await astroBuild(incrementalConfig);
  line('astro incrementalBuild: nothing changed', `${s(astroSame.seconds)} (${generated(astroSame.output)})`);
  line('  its tool pages written', readdirSync(join(staticOut, 'tool')).length.toLocaleString('en-US'));

  // (a) the kept render.
  const cacheBuild = await astroBuild(routeCacheConfig);
  line('server build with the route cache', s(cacheBuild.seconds));
  const pair = await db
    .select({ slug: tools.slug })
    .from(tools)
    .where(and(eq(tools.status, 'approved')))
    .orderBy(asc(tools.id))
    .limit(2);
  const path = `/compare/${pair[0].slug}-vs-${pair[1].slug}`;
  const astroAnswer = async () => {
    const response = await renderPage(path, { appDir: cachedApp, siteUrl: BASE });
    await response?.arrayBuffer();
    return response?.headers.get('x-astro-cache');
  };
  const oursAnswer = async () => {
    const response = await serveOnDemandPage(new Request(`${BASE}${path}`), path);
    await response?.arrayBuffer();
    return response?.status;
  };
  const first = [await astroAnswer(), await astroAnswer()];
  if (first[1] !== 'HIT') throw new Error(`Astro's route cache answered ${first.join(', ')}, not MISS then HIT`);
  if ((await oursAnswer()) !== 200) throw new Error(`ours answered no page for ${path}`);
  const times = 2000;
  line('kept comparison page: astro route cache', `${await loop(times, astroAnswer)} load ${load()}`);
  line('kept comparison page: ours (kept-renders.ts)', `${await loop(times, oursAnswer)} load ${load()}`);
  line('kept comparison page: astro route cache', `${await loop(times, astroAnswer)} (again)`);

  // Invalidation by tag, then the first answer (a render again), each timed.
  let t = performance.now();
  await renderPage(`/_bench/invalidate?tag=${TOOLS_TAG}`, { appDir: cachedApp, siteUrl: BASE });
  const astroInvalidated = performance.now() - t;
  t = performance.now();
  const after = await astroAnswer();
  const astroRerender = performance.now() - t;
  if (after !== 'MISS') throw new Error(`after invalidate Astro answered ${after}`);
  line(
    'invalidate tools, next answer: astro',
    `invalidate ${astroInvalidated.toFixed(1)} ms (this process only), render ${astroRerender.toFixed(1)} ms`,
  );
  t = performance.now();
  await requestRebuild('bench: astro-native', db, [toolTag(pair[0].slug)]);
  const oursInvalidated = performance.now() - t;
  t = performance.now();
  await oursAnswer();
  const oursRerender = performance.now() - t;
  line(
    'invalidate tools, next answer: ours',
    `rebuild request ${oursInvalidated.toFixed(1)} ms (every process, every machine), render ${oursRerender.toFixed(1)} ms`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
