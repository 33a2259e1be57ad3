// Static output to the edge: a build folder is self-contained, the building process publishes it after the swap
// (PUBLISH_COMMAND), and a machine that did not build pulls the newest one (PULL_COMMAND) and swaps it in. Real
// commands: small shell scripts that copy folders, with a folder as the bucket.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { config } from '../../api/config';
import { log } from '../../api/log';
import { publishBuild, pullNewestBuild } from '../../api/publishing/build-puller';
import { BUILD_INFO, readBuildInfo } from '../../api/publishing/live-pages';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { runQueuedRebuild } from '../../api/publishing/rebuild-worker';
import { buildSite } from '../../api/publishing/site-build';
import { serveStatic } from '../../api/publishing/static-site';
import { makeTool } from '../helpers/admin';

const work = mkdtempSync(join(tmpdir(), 'publish-'));
const bucket = join(work, 'bucket');
/** The machine that builds, and another with its own copy of the build. */
const builder = join(work, 'builder', 'dist');
const other = join(work, 'other', 'dist');
const runs = join(work, 'runs.txt');

/** `sh script <bucket> <folder>`: the folder is the last argument, as the server passes it. */
function script(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(path, `echo ${name} >> ${runs}\n${body}\n`);
  return `sh ${path} ${bucket}`;
}
const publishCommand = script('publish.sh', 'rm -rf "$1" && mkdir -p "$1" && cp -R "$2"/. "$1"/');
const pullCommand = script('pull.sh', 'cp -R "$1"/. "$2"/');
const ran = () => (existsSync(runs) ? readFileSync(runs, 'utf8').trim().split('\n') : []);

const buildsOf = (dist: string) => readdirSync(`${dist}-builds`).sort();

beforeAll(async () => {
  mkdirSync(dirname(builder), { recursive: true });
  mkdirSync(dirname(other), { recursive: true });
  await makeTool({ status: 'approved', name: 'Edge Echo', slug: 'edge-echo' });
  await requestRebuild('tool approved: edge-echo', db, ['/tool/edge-echo']);
  config.cluster.publishCommand = publishCommand;
  config.cluster.pullCommand = pullCommand;
  // As the worker runs it: the build, the swap, the publish, then the jobs marked built.
  const built = await runQueuedRebuild((covered) => buildSite(builder, covered), 0);
  expect(built).toBe(true);
}, 120_000);

afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  config.cluster.publishCommand = '';
  config.cluster.pullCommand = '';
  rmSync(work, { recursive: true, force: true });
});

/** Every file of `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * The files a built page or asset asks the browser for from this site: src, href and srcset of pages that name a
 * file (not a page), url() in stylesheets, and the chunks a script imports. /uploads/ and /og/ are the API's.
 */
function referencedAssets(dir: string): Set<string> {
  const wanted = new Set<string>();
  const add = (path: string) => {
    const clean = path.split(/[?#]/)[0];
    if (/^\/(uploads|og)\//.test(clean) || !/\.[a-z0-9]+$/i.test(clean)) return;
    wanted.add(clean.slice(1));
  };
  for (const file of filesOf(dir)) {
    const text = () => readFileSync(join(dir, file), 'utf8');
    if (file.endsWith('.html')) {
      const html = text();
      for (const [, path] of html.matchAll(/\b(?:src|href)="(\/(?!\/)[^"]*)"/g)) add(path);
      for (const [, set] of html.matchAll(/\bsrcset="([^"]*)"/g))
        for (const part of set.split(',')) add(part.trim().split(/\s+/)[0]);
    } else if (file.endsWith('.css')) {
      for (const [, path] of text().matchAll(/url\((\/(?!\/)[^)'"]+)\)/g)) add(path);
    } else if (file.startsWith('_astro/') && file.endsWith('.js')) {
      for (const [, path] of text().matchAll(/(?:from|import\()\s*"(\.\/[^"]+\.js)"/g))
        add(`/${join(dirname(file), path)}`);
    }
  }
  return wanted;
}

describe('a published build', () => {
  it('is in the bucket whole after the build: every file the pages and assets refer to is inside it', () => {
    expect(ran()).toEqual(['publish.sh']);
    expect(readBuildInfo(bucket)?.coveredJobId).toBeGreaterThan(0);
    const wanted = referencedAssets(bucket);
    // The check has something to check: the pages load hashed scripts and styles.
    expect([...wanted].filter((path) => path.startsWith('_astro/')).length).toBeGreaterThan(3);
    const missing = [...wanted].filter((path) => !existsSync(join(bucket, path)));
    expect(missing).toEqual([]);
  });

  it('is the build the builder serves, and its jobs are marked built', async () => {
    const [job] = await db.select().from(rebuildJobs).where(eq(rebuildJobs.reason, 'tool approved: edge-echo'));
    expect(job.status).toBe('succeeded');
    expect(readBuildInfo(builder)).toEqual(readBuildInfo(bucket));
  });

  it('is not published without a command, and a failed publish is logged, never thrown', async () => {
    const before = ran().length;
    config.cluster.publishCommand = '';
    expect(await publishBuild(builder)).toBe(true);
    expect(ran().length).toBe(before);
    const error = vi.spyOn(log, 'error');
    config.cluster.publishCommand = script('broken.sh', 'echo "bucket unreachable" >&2; exit 3');
    expect(await publishBuild(builder)).toBe(false);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ command: 'sh', code: 3, output: 'bucket unreachable' }),
      'publish command failed',
    );
  });
});

describe('pulling the newest build', () => {
  it('fills a fresh folder on a machine with no build and serves it', async () => {
    const before = ran().filter((r) => r === 'pull.sh').length;
    expect(await pullNewestBuild(other)).toBe('pulled');
    expect(ran().filter((r) => r === 'pull.sh').length).toBe(before + 1);
    expect(readBuildInfo(other)).toEqual(readBuildInfo(builder));
    const page = await serveStatic(new Request('http://localhost/tool/edge-echo'), other, undefined, '/tool/edge-echo');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Edge Echo');
  });

  it('does nothing when the live build is the newest', async () => {
    const before = ran().length;
    expect(await pullNewestBuild(other)).toBe('current');
    expect(ran().length).toBe(before);
  });

  it('keeps the live build when the bucket does not have the newest build yet, and leaves no folder behind', async () => {
    // A newer build is done (its job succeeded) but not yet published: the bucket still holds the previous one.
    const [newer] = await db
      .insert(rebuildJobs)
      .values({ reason: 'later build', status: 'succeeded', finishedAt: new Date() })
      .returning();
    const live = readBuildInfo(other);
    const folders = buildsOf(other);
    expect(await pullNewestBuild(other)).toBe('failed');
    expect(readBuildInfo(other)).toEqual(live);
    expect(buildsOf(other)).toEqual(folders);
    // Once it is published, the next pull takes it.
    const info = JSON.parse(readFileSync(join(bucket, BUILD_INFO), 'utf8'));
    writeFileSync(join(bucket, BUILD_INFO), JSON.stringify({ ...info, coveredJobId: newer.id }));
    expect(await pullNewestBuild(other)).toBe('pulled');
    expect(readBuildInfo(other)?.coveredJobId).toBe(newer.id);
  });

  it('does nothing without PULL_COMMAND (a shared volume)', async () => {
    await db.insert(rebuildJobs).values({ reason: 'shared', status: 'succeeded', finishedAt: new Date() });
    config.cluster.pullCommand = '';
    expect(await pullNewestBuild(other)).toBe('current');
  });
});
