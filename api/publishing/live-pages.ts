// Pages changed since the live static build: the server renders them on demand until a build that covers their change
// is swapped in, so an approval, an edit or an unlisting is public at once, and a page that stopped being public answers
// 404 while its old static file still exists (docs/decisions/0032). Their renders are kept like every render on request
// (kept-renders.ts, decision 0090): a popular page just edited is rendered once, not on every visit until the rebuild.
// A page is changed when it carries a tag a rebuild request newer than the build names (README.md: the one freshness
// rule); the requests are read from the database, so another server process's changes are seen too, within a second.
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

/** Its schema is the one Settings shows it with (lib/contract/admin.ts). */
export type BuildInfo = LiveBuild;

/** Another process's changes and swaps are seen within this long. */
const RECHECK_MS = 1000;
/**
 * How long requests wait to read back a rebuild request this process made (polling every 20 ms): its transaction
 * commits within this, or it was rolled back (then waiting longer would only cost every request a query).
 */
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

/** The only kinds of page a change can create (the route table's): a tool's, a post's and a category's further pages. */
const NEW_PAGE_KINDS = (Object.keys(PAGE_ROUTES) as PageKind[]).filter((kind) => 'madeByChanges' in PAGE_ROUTES[kind]);

/**
 * Whether `path` is rendered on demand: it carries a tag that changed since the live build (a page the build does not
 * have carries the tags its address names, if a change can create it).
 */
function isChanged(path: string): boolean {
  const tags = live?.tagsOf(path) ?? (isRouteOf(path, ...NEW_PAGE_KINDS) ? routeTags(path) : []);
  return tags.some((tag) => changed.has(tag));
}

/** What a build folder says of itself; null when it says nothing (a build being made, a test folder) or is damaged. */
export function readBuildInfo(folder: string): BuildInfo | null {
  return readBuildJson(join(folder, BUILD_INFO), liveBuildSchema);
}

/**
 * What a build folder says of itself when its pages still stand for the code and the database: it was made by `code`
 * (app-inputs.ts), and the database holds every change it covers (not a backup restored from before it); null
 * otherwise (then all of it is rendered again, decision 0079).
 */
export async function currentBuildInfo(folder: string, code: string | null): Promise<BuildInfo | null> {
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

/**
 * Resolves once a read that started after this call has finished: it sees every change committed before the call.
 * Reads are one at a time, so a flood of requests waiting costs one small query at a time.
 */
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

/**
 * Reads this process's change back as soon as its transaction commits, not at the next page request: a CDN edge
 * holding the changed pages sends none, and reading the change is what sends their purge.
 */
onRebuildRequested(async (jobId) => {
  wantedJobId = Math.max(wantedJobId, jobId);
  wantedAt = Date.now();
  while (wantedJobId > seen && Date.now() - wantedAt < READ_BACK_MS) {
    await readStartedNow().catch(logReadError);
    if (wantedJobId > seen) await Bun.sleep(20);
  }
});

/**
 * Reads new changes when due; a promise only when the answer must wait for it: nothing was read since the start (or a
 * swap here), or this process asked for a rebuild it has not read back yet. Other processes' changes are read in the
 * background, at most a second late, so no request waits for that.
 */
function readIfDue(): Promise<void> | null {
  if (!live || (wantedJobId > seen && Date.now() - wantedAt < READ_BACK_MS)) return readStartedNow();
  if (Date.now() - checkedAt >= RECHECK_MS) readStartedNow().catch(logReadError);
  return null;
}

/**
 * The pages carrying any of `tags`: those of the live build, and those of the tool or post a tag names, which the live
 * build may not have: a new one's, and its Open Graph image (rendered on request, never in a build).
 */
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

/** Called right after this process swaps a build in (`dir`: the live link; tests give theirs): the next request reads it. */
export function liveBuildSwapped(dir = distDir): void {
  distDir = dir;
  live = null;
}

/**
 * The answer for a page changed since the live build, rendered from the database and kept while its tags stay
 * (kept-renders.ts). null, at once and without a promise, when the page did not change (most requests); a promise of
 * null when its render failed (the static file, whole if stale, is better than an error page).
 */
export function serveChangedPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pending = readIfDue();
  if (!pending && changed.size === 0) return null;
  const path = pagePath(pathname);
  const answer = () => (isChanged(path) ? changedPageRenders(path, request, peer) : null);
  return pending ? pending.then(answer) : answer();
}

/**
 * Asked before a 404 (static-site.ts, for a GET or HEAD): another process may have just made this tool or post public,
 * and its change would otherwise be read within the second; read the changes now instead, so a new page never answers 404.
 */
export function serveMissingPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  const path = pagePath(pathname);
  if (!isRouteOf(path, ...NEW_PAGE_KINDS) || isChanged(path)) return null;
  return readStartedNow().then(() => (isChanged(path) ? changedPageRenders(path, request, peer) : null));
}
