// The static export, in its own process (scripts/export-site.ts, started by site-build.ts): renders every page into a
// fresh folder through the server build that renders changed pages on demand. A page of the previous export that the
// same code rendered, carrying no tag a rebuild request since named, is hard-linked from it instead: a rebuild costs
// what changed (docs/decisions/0032, 0079). Alternatives and compare pages are rendered on request, the sitemap lists
// them (0046); the articles' search is the database's, no index is written (0087). The tool pages are split between
// worker processes, one per core; the sitemap's pages render the database's list, read once (0081, 0086).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { db } from '../../db/client';
import { categoryPages, type CategoryPage } from '../../db/queries/category-pages';
import { changesNow } from '../../db/queries/kept';
import { postPages, toolPages, toolsFallingDue, type PostPage, type ToolPage } from '../../db/queries/pages';
import { sitemapListing, sitemapPaths, type SitemapListing } from '../../db/queries/sitemap';
import { CACHE_TAG, isCategoryTag, rowOfTag, SURROGATE_KEY, tagsOfHeader, toolTag } from '../../lib/cache-tags';
import { fixedPagePaths, isRouteOf, NOT_FOUND_PAGES, routeOf } from '../../lib/routes';
import { codeIn, INPUTS_FILE } from './app-inputs';
import {
  finalizeBuildFolder,
  linkFolder,
  readBuildJson,
  readManifest,
  reuseBuildFile,
  writeBuildFile,
  writeManifest,
  type FileEntry,
} from './build-files';
import { currentBuildInfo } from './live-pages';
import { renderPage } from './page-renderer';
import type { ExportStats } from './site-build';

/** At most this many pages are written (rendered or linked) at once by one process. */
const IN_FLIGHT = 16;

export interface ExportOptions {
  appDir: string;
  outDir: string;
  /** The live export, whose unchanged pages are reused. */
  previousDir?: string | null;
  siteUrl: string;
}

/** One process's share of the pages, as a worker leaves it in its result.json (its files go in its manifest). */
const partSchema = z.object({
  /** The pages rendered, by kind of the route table (tool, toolMarkdown, category...). */
  kinds: z.record(z.string(), z.number().int()),
  reused: z.number().int(),
  /** Pages whose bytes differ from the previous export's (new ones included). */
  changed: z.array(z.string()),
});
type PartResult = z.infer<typeof partSchema> & { files: Map<string, FileEntry> };

/** The 404 page's files, by the address each card is rendered at. */
const NOT_FOUND_FILES = new Map(Object.values(NOT_FOUND_PAGES).map(({ path, file }) => [path, file]));

/** Where a page's answer is written: /tool/x → tool/x/index.html, /404 → 404.html, /robots.txt → robots.txt. */
function fileOfPath(path: string): string {
  if (path === '/') return 'index.html';
  const notFound = NOT_FOUND_FILES.get(path);
  if (notFound) return notFound;
  const name = path.slice(1);
  return /\.[a-z]+$/.test(name) ? name : `${name}/index.html`;
}

/** The data a page is rendered from, when it has a row or rows behind it. */
type PageData = ToolPage | PostPage | CategoryPage | SitemapListing;

/**
 * The previous export (`dir`) as one process sees it: its manifest (whatever code wrote it) and, when its pages
 * rendered by `code` may be reused (else null), the tags changed since: those named by every rebuild request newer
 * than the ones it covers (one made after this export started too: a page rendered once more beats a stale one; one
 * naming no tags reads as `site`, which every page carries), and the tool pages that turned "Review due" since it read
 * the data (no request names them when no server watched meanwhile, decision 0047). Each process of the export reads
 * them for itself: one that reads later sees more changes, never fewer (decision 0079).
 */
async function readPrevious(dir: string | null | undefined, code: string | null) {
  if (!dir) return { files: null, changed: null };
  const files = await readManifest(dir);
  const info = await currentBuildInfo(dir, code);
  if (!info) return { files, changed: null };
  const { last } = await changesNow(db, info.coveredJobId);
  const named = [...last].filter(([, id]) => id > info.coveredJobId).map(([tag]) => tag);
  const due = await toolsFallingDue(new Date(info.startedAt), new Date());
  return { files, changed: new Set([...named, ...due.map(toolTag)]) };
}

/** Writes pages into one export folder, rendering or reusing each, a few at a time. */
class PageWriter {
  readonly result: PartResult = { files: new Map(), kinds: {}, reused: 0, changed: [] };
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: ExportOptions,
    private readonly previous: Awaited<ReturnType<typeof readPrevious>>,
  ) {}

  /** Queues one page; waits while IN_FLIGHT pages are being written. */
  async add(path: string, data?: PageData, locals?: App.Locals): Promise<void> {
    while (this.inFlight.size >= IN_FLIGHT) await Promise.race(this.inFlight);
    const task = this.write(path, data, locals).finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async done(): Promise<PartResult> {
    await Promise.all(this.inFlight);
    return this.result;
  }

  /** One copy of each distinct CSP (most pages share one): 100,000 manifest entries hold the same string. */
  private readonly csps = new Map<string, string>();

  /**
   * Whether a page of the previous export is still true: it carries tags (a page without is unknown) and none of them
   * changed since; or, for a tool page (`data`), only its categories' pools changed and it shows the same tools as
   * before (the same tool tags): a pool is where its alternatives are ranked from, and a change of a tool it shows
   * names that tool, so a new tool elsewhere in a category no longer renders every page of the category.
   */
  private unchanged(before: FileEntry, data?: PageData): boolean {
    const { changed } = this.previous;
    const tags = tagsOfHeader(before.headers?.[SURROGATE_KEY]);
    if (changed === null || tags.length === 0) return false;
    const touched = tags.filter((tag) => changed.has(tag));
    if (touched.length === 0) return true;
    if (!data || !('tool' in data) || !touched.every(isCategoryTag)) return false;
    const shown = (list: readonly string[]) =>
      list
        .filter((tag) => rowOfTag(tag)?.kind === 'tool')
        .sort()
        .join(' ');
    return shown(data.tags) === shown(tags);
  }

  private async write(path: string, data?: PageData, locals?: App.Locals): Promise<void> {
    const { appDir, outDir, previousDir, siteUrl } = this.options;
    const file = fileOfPath(path);
    const before = this.previous.files?.get(file);
    if (previousDir && before && this.unchanged(before, data)) {
      this.result.files.set(file, await reuseBuildFile(previousDir, outDir, file, before));
      this.result.reused += 1;
      return;
    }
    const response = await renderPage(path, { appDir, siteUrl, locals, tags: data?.tags });
    if (!response) throw new Error(`No page of site/ answers ${path}.`);
    const expected = NOT_FOUND_FILES.has(path) ? 404 : 200;
    if (response.status !== expected) throw new Error(`Rendering ${path} answered ${response.status}.`);
    const csp = response.headers.get('content-security-policy');
    if (csp && !this.csps.has(csp)) this.csps.set(csp, csp);
    const body = new Uint8Array(await response.arrayBuffer());
    // The page's tags go with its file: the static server sends them, live-pages.ts reads what a change touches.
    const headers: Record<string, string> = csp ? { 'content-security-policy': this.csps.get(csp)! } : {};
    for (const name of [SURROGATE_KEY, CACHE_TAG]) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    const entry = await writeBuildFile(outDir, file, body, headers);
    this.result.files.set(file, entry);
    const kind = routeOf(path)?.kind ?? 'other';
    this.result.kinds[kind] = (this.result.kinds[kind] ?? 0) + 1;
    if (before?.etag !== entry.etag) this.result.changed.push(path);
  }
}

/** Where a worker leaves its result: its files as a manifest (compact), the rest in result.json. */
const partDir = (outDir: string, part: number) => join(outDir, `_part-${part}`);
const PART_RESULT = 'result.json';

/** The tool pages whose id falls in `part` of `parts`, written by a worker process into the shared folder. */
export async function exportPart(options: ExportOptions, part: number, parts: number): Promise<void> {
  const writer = new PageWriter(options, await readPrevious(options.previousDir, codeIn(options.appDir)));
  for await (const batch of toolPages(500, undefined, { part, parts })) {
    for (const page of batch) {
      await writer.add(`/tool/${page.tool.slug}`, page, { toolPage: page });
      await writer.add(`/tool/${page.tool.slug}.md`, page, { toolPage: page });
    }
  }
  const { files, ...rest } = await writer.done();
  const dir = partDir(options.outDir, part);
  mkdirSync(dir);
  await writeManifest(dir, files);
  writeFileSync(join(dir, PART_RESULT), JSON.stringify(rest satisfies z.infer<typeof partSchema>));
}

async function runPart(part: number, parts: number, { outDir, previousDir }: ExportOptions): Promise<PartResult> {
  const script = join(import.meta.dirname, '../../scripts/export-site.ts');
  const argv = [process.execPath, script, outDir, previousDir ?? '', `--part=${part}/${parts}`];
  const code = await Bun.spawn(argv, { stdout: 'inherit', stderr: 'inherit' }).exited;
  if (code !== 0) throw new Error(`Export worker ${part + 1}/${parts} failed (exit ${code}).`);
  const dir = partDir(outDir, part);
  const rest = readBuildJson(join(dir, PART_RESULT), partSchema);
  const files = await readManifest(dir);
  if (!rest || !files) throw new Error(`Export worker ${part + 1}/${parts} left no result.`);
  rmSync(dir, { recursive: true, force: true });
  return { ...rest, files };
}

/** Renders every page into `outDir`; pages that no change since the previous export touched are linked from it. */
export async function exportSite(options: ExportOptions): Promise<ExportStats> {
  const started = performance.now();
  const { appDir, outDir } = options;
  const code = codeIn(appDir);
  mkdirSync(outDir, { recursive: true });
  // The processes that share the tool pages: one per core (EXPORT_WORKERS overrides), at most 4.
  const fromEnv = Number(process.env.EXPORT_WORKERS);
  const parts = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(availableParallelism(), 4);
  const workers = Array.from({ length: parts }, (_, part) => runPart(part, parts, options));
  // What the sitemap lists, read from the database while the pages are written (decision 0081).
  const listing = sitemapListing();
  listing.catch(() => {}); // awaited (and so thrown) with the sitemap's pages
  // Meanwhile: the browser's files (hashed /_astro/ chunks, favicon), the same for every export of this server
  // build, then the pages that are not a tool's.
  await linkFolder(join(appDir, 'client'), outDir);
  const writer = new PageWriter(options, await readPrevious(options.previousDir, code));
  for (const path of fixedPagePaths()) if (!isRouteOf(path, 'sitemapIndex', 'sitemapAlias')) await writer.add(path);
  for (const page of await postPages()) await writer.add(`/blog/${page.post.slug}`, page, { postPage: page });
  for (const { path, data } of await categoryPages()) await writer.add(path, data, { categoryPage: data });
  // The sitemap's pages, each rendered from the one list read above (a render of its own would read it again), as
  // many files as it makes, one at a time: a file is 45,000 entries, and sixteen at once took a rebuild's peak at
  // 100,000 tools to 3.1 GB, against 2.4 GB one at a time.
  const sitemap = await listing;
  for (const path of sitemapPaths(sitemap.pages)) {
    await writer.add(path, sitemap, { sitemap });
    await writer.done();
  }
  const all = [await writer.done(), ...(await Promise.all(workers))];

  const files = new Map<string, FileEntry>();
  const kinds: Record<string, number> = {};
  for (const part of all) {
    for (const [file, entry] of part.files) files.set(file, entry);
    for (const [kind, n] of Object.entries(part.kinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  }
  const pagesDone = performance.now();
  // Everything not written above (the browser assets) is described and pre-compressed here, or linked from the
  // previous build with its compressed copies when its bytes are the same.
  await finalizeBuildFolder(outDir, files, { previous: options.previousDir ?? undefined });
  // After the manifest: this file is for the next export and the server, not for visitors.
  if (code) writeFileSync(join(outDir, INPUTS_FILE), code);
  const rendered = Object.values(kinds).reduce((n, count) => n + count, 0);
  const reused = all.reduce((n, part) => n + part.reused, 0);
  const now = performance.now();
  return {
    pages: rendered + reused,
    rendered,
    reused,
    kinds,
    seconds: (now - started) / 1000,
    phases: { pages: (pagesDone - started) / 1000, finalize: (now - pagesDone) / 1000 },
    changed: all.flatMap((part) => part.changed).sort(),
  };
}
