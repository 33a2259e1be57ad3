// Builds the static site into a fresh folder, indexes it with Pagefind, and swaps it in as dist/
// atomically (dist is a link to the live build in dist-builds/): the live site never serves a half-built or failed build.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const KEEP_BUILDS = 2;

/** Builds for a live folder sit beside it (dist → dist-builds/), so each target prunes only its own. */
function buildsDirOf(distDir: string): string {
  return `${distDir}-builds`;
}

export interface BuildResult {
  ok: boolean;
  dir: string;
  seconds: number;
  log: string;
}

async function run(cmd: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, output: out + err };
}

/** Points `distDir` at `buildDir` in one rename, replacing a plain folder the first time. */
function swapIn(buildDir: string, distDir: string): void {
  const tmp = `${distDir}.next-${process.pid}-${Date.now()}`;
  symlinkSync(buildDir, tmp, 'dir');
  if (existsSync(distDir) && !lstatSync(distDir).isSymbolicLink()) rmSync(distDir, { recursive: true, force: true });
  renameSync(tmp, distDir);
}

function pruneOldBuilds(buildsDir: string, keep: string): void {
  const builds = readdirSync(buildsDir).sort();
  for (const name of builds.slice(0, Math.max(0, builds.length - KEEP_BUILDS))) {
    const dir = join(buildsDir, name);
    if (dir !== keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds the site from the current database; on success it becomes the live build at distDir. */
export async function buildSite(distDir = process.env.DIST_DIR || 'dist'): Promise<BuildResult> {
  const started = performance.now();
  const target = resolve(ROOT, distDir);
  const buildsDir = buildsDirOf(target);
  mkdirSync(buildsDir, { recursive: true });
  const dir = join(buildsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  const env = {
    ASTRO_OUT_DIR: dir,
    // Astro builds with NODE_ENV=production; the demo logins follow the server's own mode.
    DEMO_LOGINS: process.env.NODE_ENV === 'production' ? '0' : '1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
  const astro = await run([process.execPath, '--bun', bin('astro'), 'build', '--silent'], env);
  let log = astro.output;
  let ok = astro.code === 0;
  if (ok) {
    const pagefind = await run([bin('pagefind'), '--site', dir, '--silent'], env);
    log += pagefind.output;
    ok = pagefind.code === 0;
  }
  if (ok) {
    swapIn(dir, target);
    pruneOldBuilds(buildsDir, dir);
  } else {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ok, dir, seconds: (performance.now() - started) / 1000, log };
}
