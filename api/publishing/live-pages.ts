// Pages changed since the live static build: the server renders them on demand (page-renderer.ts) until a build
// that covers their change is swapped in, so an approval, an edit or an unlisting is public at once, and a page that
// stopped being public answers 404 while its old static file still exists (docs/decisions/0032).
//
// The one freshness rule (README.md): a page is changed when it carries a tag a change touched. The changes are read
// from the database (each rebuild request names its tags, written in the change's own transaction), so changes made
// by another server process are seen too, within a second; a page's tags are the ones its render recorded (the live
// build's manifest), or, for a page the build does not have yet, the ones its address names.
import { join } from 'node:path';
import { gt, max } from 'drizzle-orm';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { rowOfTag } from '../../lib/cache-tags';
import { liveBuildSchema, type LiveBuild } from '../../lib/contract/admin';
import { ogImagePath } from '../../lib/og';
import { isRouteOf, pagePath, PAGE_ROUTES, routeTags, type PageKind } from '../../lib/routes';
import { config } from '../config';
import { codeIn } from './app-inputs';
import { readBuildJson } from './build-files';
import { renderPage } from './page-renderer';
import { refusalOf, sharedRenders, type Peer } from './render-budget';
import { onRebuildRequested } from './rebuild-queue';
import { purge } from './purge';
import {
  liveFolderOf,
  livePagesTagged,
  livePageTags,
  pageResponse,
  preparePage,
  serveNotFound,
  type PreparedPage,
} from './static-site';
import { log } from '../log';

/** What a build leaves in its folder about itself; `coveredJobId`: every rebuild request up to it is in this build. */
export const BUILD_INFO = '_build.json';

/** Its schema is the one Settings shows it with (lib/contract/admin.ts). */
export type BuildInfo = LiveBuild;

/** Another process's changes and swaps are seen within this long. */
const RECHECK_MS = 1000;

let distDir = config.distDir;
let liveFolder: string | null = null;
let coveredJobId = 0;
let seenJobId = 0;
/** Tag → the newest rebuild request that touched it and is not in the live build yet. */
const changed = new Map<string, number>();
/** The tags of the live build's pages, by path (null: the build has no such page). */
let tagsInBuild: (path: string) => string[] | null = () => null;

/** The only kinds of page a change can create (the route table's): a tool's, a post's and a category's further pages. */
const NEW_PAGE_KINDS = (Object.keys(PAGE_ROUTES) as PageKind[]).filter((kind) => 'madeByChanges' in PAGE_ROUTES[kind]);

/** The tags of a page the live build does not have: those its address names, for a page a change can create. */
const addressTags = (path: string): string[] => (isRouteOf(path, ...NEW_PAGE_KINDS) ? routeTags(path) : []);

/**
 * The pages of the tool or post a tag names, which the live build may not have: a new one's, and its Open Graph image
 * (rendered on request, never in a build); none for other tags.
 */
function rowPages(tag: string): string[] {
  const row = rowOfTag(tag);
  if (!row) return [];
  return row.kind === 'tool'
    ? [`/tool/${row.slug}`, `/tool/${row.slug}.md`, ogImagePath('tool', row.slug)]
    : [`/blog/${row.slug}`, ogImagePath('blog', row.slug)];
}

/** Whether `path` is rendered on demand: it carries a tag that changed since the live build. */
function isChanged(path: string): boolean {
  for (const tag of tagsInBuild(path) ?? addressTags(path)) if (changed.has(tag)) return true;
  return false;
}
let checkedAt = 0;
let wantedJobId = 0;
let wantedAt = 0;
let inFlight: Promise<void> | null = null;
/**
 * How long requests wait to read back a rebuild request this process made: its transaction commits within this,
 * or it was rolled back (then waiting longer would only cost every request a query).
 */
const READ_BACK_MS = 2000;

onRebuildRequested((jobId) => {
  wantedJobId = Math.max(wantedJobId, jobId);
  wantedAt = Date.now();
  void readBackNow();
});

/** Between two reads back of a change whose transaction has not committed yet. */
const READ_BACK_POLL_MS = 20;

/**
 * Reads this process's change back as soon as its transaction commits, not at the next page request: a CDN edge
 * holding the changed pages sends none, and reading the change is what sends their purge.
 */
async function readBackNow(): Promise<void> {
  while (wantedJobId > seenJobId && Date.now() - wantedAt < READ_BACK_MS) {
    await readChanges().catch((error) => log.error({ err: error }, 'live pages: could not read the changes'));
    if (wantedJobId > seenJobId) await Bun.sleep(READ_BACK_POLL_MS);
  }
}

/** What a build folder says of itself; null when it says nothing (a build being made, a test folder) or is damaged. */
export function readBuildInfo(folder: string): BuildInfo | null {
  try {
    return readBuildJson(join(folder, BUILD_INFO), liveBuildSchema);
  } catch {
    return null; // unreadable (not a folder any more: swapped out meanwhile)
  }
}

/** The newest rebuild request: a build started now covers it and every one before it. */
export async function newestRebuildRequest(): Promise<number> {
  const [row] = await db.select({ id: max(rebuildJobs.id) }).from(rebuildJobs);
  return row?.id ?? 0;
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
 * Follows the build the static server answers from (a swap by another process is seen by both within a second): a
 * change is dropped only once the static file that has it is served, so no window serves the stale one.
 */
async function followLiveBuild(): Promise<void> {
  const folder = await liveFolderOf(distDir);
  if (folder === liveFolder) return;
  liveFolder = folder;
  tagsInBuild = await livePageTags(distDir);
  coveredJobId = (folder && readBuildInfo(folder)?.coveredJobId) || 0;
  for (const [tag, jobId] of changed) if (jobId <= coveredJobId) changed.delete(tag);
}

async function refresh(): Promise<void> {
  await followLiveBuild();
  // The first read starts after the live build (what it covers is in its files); later reads take every newer
  // request, also one a build covered before this process read it: a render kept here may predate it.
  if (checkedAt === 0) seenJobId = Math.max(seenJobId, coveredJobId);
  const rows = await db
    .select({ id: rebuildJobs.id, tags: rebuildJobs.tags })
    .from(rebuildJobs)
    .where(gt(rebuildJobs.id, seenJobId));
  const touched = new Set<string>();
  for (const { id, tags } of rows) {
    seenJobId = Math.max(seenJobId, id);
    for (const tag of tags) {
      touched.add(tag);
      if (id > coveredJobId) changed.set(tag, Math.max(id, changed.get(tag) ?? 0));
    }
  }
  checkedAt = Date.now();
  // A CDN in front drops the pages carrying a changed tag at once (the purge hook, when one is configured): on every
  // change, also of a tag changed before since the build, whose pages at the edge are the ones after that change.
  if (touched.size > 0) void purgeTagged(touched);
}

/** Tells a CDN to drop the pages carrying these tags: by tag, and by URL (the live build's pages, the new ones' addresses). */
async function purgeTagged(tags: Set<string>): Promise<void> {
  try {
    await purge({ tags: [...tags], paths: await pagesTagged(tags) });
  } catch (error) {
    log.error({ err: error }, 'live pages: could not purge the changed pages');
  }
}

/** The pages carrying any of `tags`: those of the live build, and the pages their addresses name (a new tool's). */
async function pagesTagged(tags: ReadonlySet<string>): Promise<string[]> {
  const paths = new Set(await livePagesTagged(tags, distDir));
  for (const tag of tags) for (const path of rowPages(tag)) paths.add(path);
  return [...paths];
}

/** Reads of the changes started and finished so far (one at a time, so they finish in order). */
let readsStarted = 0;
let readsFinished = 0;

/** Reads the changes now, or joins the read under way. */
function readChanges(): Promise<void> {
  if (!inFlight) {
    const read = ++readsStarted;
    inFlight = refresh().finally(() => {
      readsFinished = read;
      inFlight = null;
    });
  }
  return inFlight;
}

/** Resolves once a read that started after this call has finished: it sees every change committed before the call. */
async function readStartedNow(): Promise<void> {
  const needed = readsStarted + 1;
  while (readsFinished < needed) await readChanges().catch(() => undefined);
}

/**
 * Reads new changes when due; a promise only when the answer must wait for it: this process asked for a rebuild it
 * has not read back yet, or nothing was read since the start. Other processes' changes are read in the background,
 * at most a second late, so no request waits for that.
 */
function ensureFresh(): Promise<void> | null {
  const mustWait = (wantedJobId > seenJobId && Date.now() - wantedAt < READ_BACK_MS) || checkedAt === 0;
  if (!mustWait && Date.now() - checkedAt < RECHECK_MS) return null;
  const reading = readChanges();
  if (mustWait) return reading;
  reading.catch((error) => log.error({ err: error }, 'live pages: could not read the changes'));
  return null;
}

/** The tags changed since the live build. */
export async function changedTags(): Promise<string[]> {
  await ensureFresh();
  return [...changed.keys()].sort();
}

/** The tags changed since the live build, and the pages rendered on demand now because of them. */
export async function changedPages(): Promise<{ tags: string[]; paths: string[] }> {
  const tags = await changedTags();
  return { tags, paths: (await pagesTagged(new Set(tags))).sort() };
}

/** Called right after this process swaps a build in (`dir`: the live link; tests give theirs): the next request reads it. */
export function liveBuildSwapped(dir = distDir): void {
  distDir = dir;
  liveFolder = null;
  checkedAt = 0;
}

/**
 * The answer for a page changed since the live build, rendered now from the database. null, at once and without a
 * promise, when the page did not change (most requests); a promise of null when its render failed (the static
 * file, whole if stale, is better than an error page). Each render counts against the client's budget (`peer`, see
 * render-budget.ts).
 */
export function serveChangedPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pending = ensureFresh();
  if (!pending && changed.size === 0) return null;
  const path = pagePath(pathname);
  if (!pending) return isChanged(path) ? renderChanged(request, path, peer) : null;
  return pending.then(() => (isChanged(path) ? renderChanged(request, path, peer) : null));
}

/**
 * Asked before a 404 (static-site.ts): another process may have just made this tool or post public, and its change
 * would otherwise be read within the second; read the changes now instead, so a new page never answers 404. The
 * reads are one at a time and shared by every request waiting, so a flood of requests for missing pages costs one
 * small query at a time.
 */
export function serveMissingPage(request: Request, pathname: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = pagePath(pathname);
  if (!isRouteOf(path, ...NEW_PAGE_KINDS) || isChanged(path)) return null;
  return readStartedNow().then(() => (isChanged(path) ? renderChanged(request, path, peer) : null));
}

/** What a render of a changed page leaves to answer with: the page, 'gone' for the 404 page, null for the static file. */
type ChangedRender = PreparedPage | 'gone' | null;

/** Renders of changed pages, by path: a burst of visitors to a page just approved shares one render. */
const changedRenders = sharedRenders<ChangedRender>();

async function renderOnce(path: string): Promise<ChangedRender> {
  // Rendered exactly as the exporter renders it: the same path, no query, the public origin.
  const rendered = await renderPage(path, { appDir: config.appDir, siteUrl: config.siteUrl });
  if (!rendered || rendered.status >= 500) return null;
  if (rendered.status === 404) return 'gone';
  return preparePage(await rendered.text(), { status: rendered.status, headers: rendered.headers });
}

async function renderChanged(request: Request, path: string, peer: Peer | undefined): Promise<Response | null> {
  let page: ChangedRender;
  try {
    page = await changedRenders(path, request, peer, () => renderOnce(path));
  } catch (error) {
    const refused = refusalOf(error, request);
    if (refused) return refused;
    log.error({ err: error, path }, 'on-demand render failed; serving the static file');
    return null;
  }
  if (page === null) return null;
  if (page === 'gone') return serveNotFound(request);
  return pageResponse(request, page);
}
