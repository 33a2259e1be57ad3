// Builds the site into a fresh folder (the export, site-export.ts, in its own process), swaps it in as dist/ atomically
// (a link into dist-builds/: a half-built or failed build is never served) and publishes it (build-puller.ts).
// buildApp() makes the server build (`astro build` into build/app), which depends only on the code.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { BuildStats } from '../../db/schema';
import { siteUrlOf } from '../../lib/site-url';
import type { LiveBuild } from '../../lib/contract/admin';
import { config } from '../config';
import { appInputsHash, codeIn, INPUTS_FILE } from './app-inputs';
import { newestRebuildRequest } from '../../db/queries/kept';
import { BUILD_INFO, liveBuildSwapped } from './live-pages';
import { publishBuild } from './build-puller';
import { purge } from './purge';
import { runStep } from './run-step';
import { reloadStaticSite } from './static-site';

const ROOT = resolve(import.meta.dirname, '../..');
const KEEP_BUILDS = 2;

export interface BuildResult {
  ok: boolean;
  dir: string;
  seconds: number;
  log: string;
  /** What the export did, when it got that far. */
  stats?: BuildStats;
}

/** Whether distDir holds a build to serve: a link to a pruned build does not count. */
export function hasLiveBuild(distDir: string): boolean {
  return existsSync(join(resolve(ROOT, distDir), 'index.html'));
}

/** Whether appDir holds a server build of the pages (its entry point). */
export function hasAppBuild(appDir: string): boolean {
  return existsSync(join(resolve(ROOT, appDir), 'server/entry.mjs'));
}

/** Builds for a live folder sit beside it (dist → dist-builds/), so each target prunes only its own. */
const buildsDirOf = (distDir: string) => `${resolve(ROOT, distDir)}-builds`;

/** A fresh folder beside the live build's others (dist-builds/), named so the newest sorts last. */
export function newBuildFolder(distDir: string, startedAt = new Date()): string {
  const buildsDir = buildsDirOf(distDir);
  mkdirSync(buildsDir, { recursive: true });
  return join(buildsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
}

/** Makes a complete build folder live: distDir relinked in one rename, this process reloaded, older ones pruned. */
export async function installBuild(dir: string, distDir: string): Promise<void> {
  const target = resolve(ROOT, distDir);
  const tmp = `${target}.next-${process.pid}-${Date.now()}`;
  symlinkSync(dir, tmp, 'dir');
  if (existsSync(target) && !lstatSync(target).isSymbolicLink()) rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
  await reloadStaticSite(target);
  liveBuildSwapped(target);
  const buildsDir = buildsDirOf(target);
  for (const name of readdirSync(buildsDir).sort().slice(0, -KEEP_BUILDS)) {
    if (join(buildsDir, name) !== dir) rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}

/** The env of a build step: Astro's own telemetry off; demo logins shown only outside production. */
function stepEnv(extra: Record<string, string>): Record<string, string> {
  return { DEMO_LOGINS: process.env.NODE_ENV === 'production' ? '0' : '1', ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}

/**
 * `astro build` of site/ into the server build (build/app) that renders every page. One made from the same sources and
 * settings is kept (`force` makes it anew): a restart of unchanged code then costs only what changed in the data.
 */
export async function buildApp(
  appDir = config.appDir,
  { force = false } = {},
): Promise<BuildResult & { kept: boolean }> {
  const started = performance.now();
  const dir = resolve(ROOT, appDir);
  // Always a production bundle (React's production build), whatever mode the server or the tests run in.
  const env = stepEnv({ NODE_ENV: 'production', SITE_URL: siteUrlOf(process.env) });
  const inputs = appInputsHash(ROOT, env);
  const kept = !force && hasAppBuild(dir) && codeIn(dir) === inputs;
  let step = { code: 0, output: 'unchanged: the server build was kept' };
  if (!kept) {
    // A build that fails half way leaves no record, so the next start builds again.
    rmSync(join(dir, INPUTS_FILE), { force: true });
    const astro = join(ROOT, 'node_modules/.bin/astro');
    const argv = [process.execPath, '--bun', astro, 'build', '--silent'];
    step = await runStep(argv, { ...env, ASTRO_OUT_DIR: dir }, config.siteBuildTimeoutMs);
    if (step.code === 0) writeFileSync(join(dir, INPUTS_FILE), inputs);
  }
  // The server build imports what it did not bundle (react, drizzle-orm...) by name, from its folder upwards: one made
  // outside the project (the tests', an APP_DIR elsewhere) links node_modules, or Bun takes its global cache's copies.
  if (step.code === 0 && relative(ROOT, dir).startsWith('..')) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  }
  return { ok: step.code === 0, kept, dir, seconds: (performance.now() - started) / 1000, log: step.output };
}

const duration = z.number().nonnegative();
/** The export's figures (site-export.ts): the last line scripts/export-site.ts prints. */
const exportStatsSchema = z.object({
  pages: z.number().int(),
  rendered: z.number().int(),
  reused: z.number().int(),
  /** The pages rendered, by kind of the route table (lib/routes.ts): `{ tool: 1, toolMarkdown: 1, home: 1 }`. */
  kinds: z.record(z.string(), z.number().int()),
  seconds: duration,
  /** Seconds spent writing pages (the sitemap's among them), then describing the rest of the folder. */
  phases: z.object({ pages: duration, finalize: duration }),
  /** Pages whose bytes differ from the previous export's: a CDN in front is told to drop them after the swap. */
  changed: z.array(z.string()),
});
export type ExportStats = z.infer<typeof exportStatsSchema>;

/** The export's figures from its output, or null when its last line is not them. */
function exportStatsOf(output: string): ExportStats | null {
  try {
    return exportStatsSchema.safeParse(JSON.parse(output.trim().split('\n').at(-1) ?? '')).data ?? null;
  } catch {
    return null; // not JSON
  }
}

/**
 * Builds the site from the current database; on success it becomes the live build at distDir. `coveredJobId`: the
 * newest rebuild request it includes (read before the export reads the data). Killed after SITE_BUILD_TIMEOUT_MS.
 */
export async function buildSite(distDir = config.distDir, coveredJobId?: number): Promise<BuildResult> {
  const started = performance.now();
  const startedAt = new Date();
  const covered = coveredJobId ?? (await newestRebuildRequest());
  const dir = newBuildFolder(distDir, startedAt);
  const previous = hasLiveBuild(distDir) ? [resolve(ROOT, distDir)] : [];
  const step = await runStep(
    [process.execPath, join(ROOT, 'scripts/export-site.ts'), dir, ...previous],
    stepEnv({ APP_DIR: resolve(ROOT, config.appDir) }),
    config.siteBuildTimeoutMs,
  );
  const seconds = (performance.now() - started) / 1000;
  // An export that ends well but does not say what it wrote is not swapped in: its purge list would be unknown.
  const exported = step.code === 0 ? exportStatsOf(step.output) : null;
  if (!exported) {
    rmSync(dir, { recursive: true, force: true });
    const log = step.code === 0 ? `${step.output}\nThe export printed no figures as its last line.` : step.output;
    return { ok: false, dir, seconds, log };
  }
  const stats: BuildStats = { pages: exported.pages, rendered: exported.rendered, reused: exported.reused, seconds };
  const finishedAt = new Date().toISOString();
  const info: LiveBuild = { coveredJobId: covered, startedAt: startedAt.toISOString(), finishedAt, ...stats };
  writeFileSync(join(dir, BUILD_INFO), JSON.stringify(info));
  await installBuild(dir, distDir);
  // Published before the jobs are marked built, so a machine that pulls when it sees them finds this build there.
  await publishBuild(dir);
  void purge({ paths: exported.changed });
  return { ok: true, dir, seconds, log: step.output, stats };
}
