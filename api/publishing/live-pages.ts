// Pages changed since the live build are rendered on demand until a build that covers the change is swapped in: an
// approval, an edit or an unlisting is public at once, and a page no longer public answers 404 though its old file
// exists (docs/decisions/0032); renders are kept like every render on request (decision 0090). A page is changed when
// it carries a tag a rebuild request newer than the build names (README.md: the one freshness rule); the requests are
// read from the database, so another process's changes are seen too, within a second.
import { join } from 'node:path';
import { readDb } from '../../db/client';
import { changesNow, newestRebuildRequest } from '../../db/queries/kept';
import { SITE_TAG } from '../../lib/cache-tags';
import { liveBuildSchema, type LiveBuild } from '../../lib/contract/admin';
import { isRouteOf, pagePath, PAGE_ROUTES, routeTags, rowPagePaths, type PageKind } from '../../lib/routes';
import { config } from '../config';
import { codeIn } from './app-inputs';
import { readBuildJson } from './build-files';
import { changedPageRenders } from './kept-renders';
import type { Peer } from './render-budget';
import { onRebuildRequested } from './rebuild-queue';
import { purge } from './purge';
import { liveBuild } from './static-site';
import { log } from '../log';

/** What a build leaves in its folder about itself; `coveredJobId`: every rebuild request up to it is in this build. */
export const BUILD_INFO = '_build.json';

// Another process's changes and swaps are seen within RECHECK_MS. Requests wait up to READ_BACK_MS (polling every
// 20 ms) to read back a rebuild request made here: its transaction commits by then, or it was rolled back.
const RECHECK_MS = 1000;
const READ_BACK_MS = 2000;

let distDir = config.distDir;
/** The build the static server answers from, as last read; null until the first read (and after a swap here). */
let live: { folder: string | null; coveredJobId: number; tagsOf: (path: string) => string[] | null } | null = null;
/** The tags changed since the live build. */
let changed = new Set<string>();
/** The newest rebuild request read here (the changes up to it are purged); when the last read started. */
let seen = 0;
let checkedAt = 0;
/** The newest rebuild request this process made (maybe not committed yet), and when. */
let wantedJobId = 0;
let wantedAt = 0;

/** The kinds of page a change can create (the route table's): a tool's, a post's, a category's further pages. */
const NEW_PAGE_KINDS = (Object.keys(PAGE_ROUTES) as PageKind[]).filter((kind) => 'madeByChanges' in PAGE_ROUTES[kind]);

/** Whether `path` carries a changed tag (a page the build lacks: those its address names, if a change can make it). */
function isChanged(path: string): boolean {
  const tags = live?.tagsOf(path) ?? (isRouteOf(path, ...NEW_PAGE_KINDS) ? routeTags(path) : []);
  return tags.some((tag) => changed.has(tag));
}

/** What a build folder says of itself; null when it says nothing (a build being made, a test folder) or is damaged. */
export function readBuildInfo(folder: string): LiveBuild | null {
  return readBuildJson(join(folder, BUILD_INFO), liveBuildSchema);
}

/**
 * What a build folder says of itself while its pages stand for the code and the database: made by `code`, and the
 * database holds every change it covers (not a backup from before it); null otherwise: all rendered again (0079).
 */
export async function currentBuildInfo(folder: string, code: string | null): Promise<LiveBuild | null> {
  const info = readBuildInfo(folder);
  if (!info || !code || codeIn(folder) !== code) return null;
  return (await newestRebuildRequest()) >= info.coveredJobId ? info : null;
}

/**
 * Follows the build the static server answers from (a swap by another process is seen by both within a second), then
 * the changes it does not cover (db/queries/kept.ts). A change is dropped only once the static file that has it is
 * served, so no window serves the stale one. A CDN in front is told to drop the pages of every change read (also of a
 * tag changed before, whose pages at the edge are the ones after that change); those a new build covers were purged by
 * its swap. A request that names no tag (Rebuild Now) changed no data: the build it asks for renders everything.
 */
async function read(): Promise<void> {
  checkedAt = Date.now();
  const { folder, tagsOf } = await liveBuild(distDir);
  const followed = live;
  let build = followed;
  if (build?.folder !== folder) {
    const coveredJobId = (folder && readBuildInfo(folder)?.coveredJobId) || 0;
    build = live = { folder, coveredJobId, tagsOf };
    seen = Math.max(seen, coveredJobId);
  }
  const changes = await changesNow(readDb(), build.coveredJobId);
  if (changes.seen <= seen && build === followed) return;
  const touched = new Set<string>();
  changed = new Set();
  for (const [tag, jobId] of changes.last) {
    if (tag === SITE_TAG) continue;
    if (jobId > seen) touched.add(tag);
    if (jobId > build.coveredJobId) changed.add(tag);
  }
  seen = Math.max(seen, changes.seen);
  if (touched.size === 0) return;
  const purged = pagesTagged(touched).then((paths) => purge({ tags: [...touched], paths }));
  purged.catch((error) => log.error({ err: error }, 'live pages: could not purge the changed pages'));
}

/** The read under way, and the one to start when it ends, shared by every caller meanwhile. */
let reading: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/** Resolves once a read started after this call has ended; one read at a time, however many requests wait. */
function readStartedNow(): Promise<void> {
  if (!reading) return (reading = read().finally(() => (reading = null)));
  return (queued ??= reading
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return readStartedNow();
    }));
}

const logReadError = (error: unknown) => log.error({ err: error }, 'live pages: could not read the changes');

/** Reads a change made here back as soon as it commits: a CDN edge sends no request, and reading sends the purge. */
onRebuildRequested(async (jobId) => {
  wantedJobId = Math.max(wantedJobId, jobId);
  wantedAt = Date.now();
  // Not from inside the transaction that asked: the change cannot be seen there, and at 10,000 tools a read-back
  // while the transaction was open made its commit fail with SQLITE_PROTOCOL (tests/api/read-back.test.ts).
  await new Promise((resolve) => setImmediate(resolve));
  while (wantedJobId > seen && Date.now() - wantedAt < READ_BACK_MS) {
    await readStartedNow().catch(logReadError);
    if (wantedJobId > seen) await Bun.sleep(20);
  }
});

/**
 * Reads new changes when due; a promise only when the answer must wait: nothing read since the start or a swap here,
 * or a rebuild asked for here not read back yet. Other processes' changes are read in the background, no request waits.
 */
function readIfDue(): Promise<void> | null {
  if (!live || (wantedJobId > seen && Date.now() - wantedAt < READ_BACK_MS)) return readStartedNow();
  if (Date.now() - checkedAt >= RECHECK_MS) readStartedNow().catch(logReadError);
  return null;
}

/** The pages carrying any of `tags`: the live build's, and those of a tool or post a tag names (new, or an image). */
async function pagesTagged(tags: ReadonlySet<string>): Promise<string[]> {
  const paths = new Set((await liveBuild(distDir)).pagesTagged(tags));
  for (const tag of tags) for (const path of rowPagePaths(tag)) paths.add(path);
  return [...paths];
}

/** The tags changed since the live build, and the pages rendered on demand now because of them. */
export async function changedPages(): Promise<{ tags: string[]; paths: string[] }> {
  await readIfDue();
  const tags = [...changed].sort();
  return { tags, paths: (await pagesTagged(new Set(tags))).sort() };
}

/** Called right after a swap here (`dir`: the live link; tests give theirs): the next request reads it. */
export function liveBuildSwapped(dir = distDir): void {
  distDir = dir;
  live = null;
}

/**
 * A changed page's render (kept-renders.ts); null at once, without a promise, for an unchanged page (most requests),
 * and a promise of null when its render failed: the static file, whole if stale, beats an error page.
 */
export function serveChangedPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pending = readIfDue();
  if (!pending && changed.size === 0) return null;
  const path = pagePath(pathname);
  const answer = () => (isChanged(path) ? changedPageRenders(path, request, peer) : null);
  return pending ? pending.then(answer) : answer();
}

/** Asked before a 404: another process may have just made this page public; read now, so a new page never 404s. */
export function serveMissingPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  const path = pagePath(pathname);
  if (!isRouteOf(path, ...NEW_PAGE_KINDS) || isChanged(path)) return null;
  return readStartedNow().then(() => (isChanged(path) ? changedPageRenders(path, request, peer) : null));
}
