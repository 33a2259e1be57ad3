// The static export: renders every page through the Astro server build (the same handler that renders changed
// pages on demand) into a fresh folder. A tool, post or category page whose data and code are unchanged since the
// previous export is reused from it (hard links) instead of being rendered again, so a rebuild costs what changed
// (docs/decisions/0032, 0044). Alternatives and compare pages are rendered on request, not here; the sitemap lists
// them (docs/decisions/0046). The tool pages are split between worker processes, one per core; Pagefind indexes the
// posts through its Node API (the only pages it searches, decisions 0041 and 0077), and the sitemap lists the public
// pages as the database gives them (db/queries/sitemap.ts, decision 0081). Runs in its own process (scripts/export-site.ts), started by site-build.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { z } from 'zod';
import { categoryPages, type CategoryPage } from '../../db/queries/category-pages';
import { postPages, toolPages, type PostPage, type ToolPage } from '../../db/queries/pages';
import { sitemapPages } from '../../db/queries/sitemap';
import { CACHE_TAG, SURROGATE_KEY } from '../../lib/cache-tags';
import { fixedPagePaths, PAGE_ROUTES } from '../../lib/routes';
import {
  finalizeBuildFolder,
  linkFolder,
  readBuildJson,
  readManifest,
  reuseBuildFile,
  walk,
  writeBuildFile,
  writeManifest,
  type FileEntry,
} from './build-files';
import { renderPage } from './page-renderer';
import type { ExportStats } from './site-build';
import { writeSitemap } from './site-sitemap';

/** What an export leaves beside its pages for the next one: which data and code each page was rendered from. */
const PAGES_INDEX = '_pages.json';
/** At most this many pages are written (rendered or linked) at once by one process. */
const IN_FLIGHT = 16;

const pagesIndexSchema = z.object({
  /** The server build that rendered the pages (codeIdOf). */
  code: z.string(),
  /** path → cache key of its data. (The files themselves are described by the build's manifest.) */
  pages: z.record(z.string(), z.string()),
});
type PagesIndex = z.infer<typeof pagesIndexSchema>;

export interface ExportOptions {
  appDir: string;
  outDir: string;
  /** The live export, whose unchanged pages are reused. */
  previousDir?: string | null;
  siteUrl: string;
}

/** What a worker leaves in its result.json: its share of the pages, but for their files (its manifest). */
const partRestSchema = z.object({
  pages: z.record(z.string(), z.string()),
  rendered: z.number().int(),
  reused: z.number().int(),
  /** Pages whose bytes differ from the previous export's (new ones included). */
  changed: z.array(z.string()),
});

/** One process's share of the pages. */
type PartResult = z.infer<typeof partRestSchema> & { files: Map<string, FileEntry> };

/** The manifest Astro writes into the server build's entry: one JSON object literal on its own line. */
const MANIFEST_LINE = /^(var _manifest = deserializeManifest\()(\{.*\})(\);)$/m;
/** Of Astro's manifest, the parts that differ between builds of the same code; the rest is kept as it is. */
const astroManifestSchema = z.looseObject({ key: z.string().optional(), assets: z.array(z.string()).optional() });

/**
 * The server build's manifest without what differs between two builds of the same code: Astro's key (a fresh random
 * one per `astro build` unless ASTRO_KEY is set; it encrypts server islands' props only, and site/ has none), and the
 * order of its list of public files (the order Astro happened to find them in).
 */
function stableManifest(entry: string): string {
  return entry.replace(MANIFEST_LINE, (line: string, before: string, json: string, after: string) => {
    const parsed = astroManifestSchema.safeParse(JSON.parse(json));
    // Another shape (a newer Astro): hashed whole, its pages are rendered again once rather than reused wrongly.
    if (!parsed.success) return line;
    const manifest = parsed.data;
    delete manifest.key;
    manifest.assets?.sort();
    return `${before}${JSON.stringify(manifest)}${after}`;
  });
}

/**
 * Identifies the server build: a page rendered by other code is rendered again. The same code built again (every
 * start, restart or deploy builds it) has the same id, so its pages are reused (docs/decisions/0065).
 */
async function codeIdOf(appDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await walk(join(appDir, 'server'))).sort()) {
    const bytes = readFileSync(join(appDir, 'server', file));
    hash.update(file).update(file === 'entry.mjs' ? stableManifest(bytes.toString('utf8')) : bytes);
  }
  return hash.digest('base64url');
}

/** Where a page's answer is written: /tool/x → tool/x/index.html, /404 → 404.html, /robots.txt → robots.txt. */
function fileOfPath(path: string): string {
  if (path === '/') return 'index.html';
  if (path === PAGE_ROUTES.notFound.path) return '404.html';
  const name = path.slice(1);
  return /\.[a-z]+$/.test(name) ? name : `${name}/index.html`;
}

/** The data a page is rendered from, when it has a row or rows behind it (its cache key is this data's hash). */
type PageData = ToolPage | PostPage | CategoryPage;

function cacheKey(code: string, data: PageData): string {
  return createHash('sha256').update(code).update(JSON.stringify(data)).digest('base64url');
}

function readPagesIndex(dir: string | null | undefined): PagesIndex | null {
  return dir ? readBuildJson(join(dir, PAGES_INDEX), pagesIndexSchema) : null;
}

/** The previous export's page keys (when the same code wrote it) and its files, read once per process. */
interface Previous {
  /** path → cache key, only when the previous export ran the same server build. */
  keys: Record<string, string> | null;
  /** Its post pages (whatever code wrote it): its search index holds them. */
  posts: string[];
  /** Its manifest: which files it has, with their ETags and compressed copies. */
  files: Map<string, FileEntry> | null;
}

async function readPrevious(dir: string | null | undefined, code: string): Promise<Previous> {
  if (!dir) return { keys: null, posts: [], files: null };
  const index = readPagesIndex(dir);
  return {
    keys: index?.code === code ? index.pages : null,
    posts: Object.keys(index?.pages ?? {})
      .filter(isPostPage)
      .sort(),
    files: await readManifest(dir).catch(() => null),
  };
}

/** Writes pages into one export folder, rendering or reusing each, a few at a time. */
class PageWriter {
  readonly result: PartResult = { files: new Map(), pages: {}, rendered: 0, reused: 0, changed: [] };
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: ExportOptions,
    private readonly code: string,
    private readonly previous: Previous,
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
  private interned(csp: string): string {
    const kept = this.csps.get(csp);
    if (kept !== undefined) return kept;
    this.csps.set(csp, csp);
    return csp;
  }

  private async write(path: string, data?: PageData, locals?: App.Locals): Promise<void> {
    const { appDir, outDir, previousDir, siteUrl } = this.options;
    const file = fileOfPath(path);
    if (data) {
      const key = cacheKey(this.code, data);
      this.result.pages[path] = key;
      const before = this.previous.files?.get(file);
      if (previousDir && before && this.previous.keys?.[path] === key) {
        this.result.files.set(file, await reuseBuildFile(previousDir, outDir, file, before));
        this.result.reused += 1;
        return;
      }
    }
    const response = await renderPage(path, { appDir, siteUrl, locals, tags: data?.tags });
    if (!response) throw new Error(`No page of site/ answers ${path}.`);
    const expected = path === PAGE_ROUTES.notFound.path ? 404 : 200;
    if (response.status !== expected) throw new Error(`Rendering ${path} answered ${response.status}.`);
    const csp = response.headers.get('content-security-policy');
    const body = new Uint8Array(await response.arrayBuffer());
    // The page's tags go with its file (the static server sends them, live-pages.ts reads them to know what a change touches).
    const headers: Record<string, string> = csp ? { 'content-security-policy': this.interned(csp) } : {};
    for (const name of [SURROGATE_KEY, CACHE_TAG]) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    const entry = await writeBuildFile(outDir, file, body, headers);
    this.result.files.set(file, entry);
    this.result.rendered += 1;
    if (this.previous.files?.get(file)?.etag !== entry.etag) this.result.changed.push(path);
  }
}

/** How many processes share the tool pages: one per core (EXPORT_WORKERS overrides), at most 4. */
function workerCount(): number {
  const fromEnv = Number(process.env.EXPORT_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(availableParallelism(), 4);
}

/** Where a worker leaves its result: its files as a manifest (compact), the rest as JSON. */
const partDir = (outDir: string, part: number) => join(outDir, `_part-${part}`);
const PART_RESULT = 'result.json';

/** The tool pages whose id falls in `part` of `parts`, written by a worker process into the shared folder. */
export async function exportPart(options: ExportOptions, part: number, parts: number): Promise<void> {
  const code = await codeIdOf(options.appDir);
  const writer = new PageWriter(options, code, await readPrevious(options.previousDir, code));
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
  writeFileSync(join(dir, PART_RESULT), JSON.stringify(rest satisfies z.infer<typeof partRestSchema>));
}

function runPart(part: number, parts: number, { outDir, previousDir }: ExportOptions): Promise<PartResult> {
  const script = join(import.meta.dirname, '../../scripts/export-site.ts');
  const child = Bun.spawn([process.execPath, script, outDir, previousDir ?? '', `--part=${part}/${parts}`], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  return child.exited.then(async (code) => {
    if (code !== 0) throw new Error(`Export worker ${part + 1}/${parts} failed (exit ${code}).`);
    const dir = partDir(outDir, part);
    const rest = readBuildJson(join(dir, PART_RESULT), partRestSchema);
    const files = await readManifest(dir);
    if (!rest || !files) throw new Error(`Export worker ${part + 1}/${parts} left no result.`);
    rmSync(dir, { recursive: true, force: true });
    return { ...rest, files };
  });
}

/**
 * What Pagefind needs of a page: its language, title and the element marked data-pagefind-body (with its filters),
 * as a small document; null when the page has no such element. Pagefind indexes only that element anyway, and
 * parsing 6 KB instead of 30 KB per page makes the index several times faster to build.
 */
export function searchDocument(html: string): string | null {
  const start = html.search(/<[a-z]+[^>]*\sdata-pagefind-body[\s>]/);
  if (start < 0) return null;
  const tag = /^<([a-z]+)/.exec(html.slice(start))![1];
  // The element's end: its own closing tag, counting same-named elements nested in it.
  const pattern = new RegExp(`<(/?)${tag}[\\s>]`, 'g');
  pattern.lastIndex = start + 1;
  let depth = 1;
  let end = -1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      end = html.indexOf('>', m.index) + 1;
      break;
    }
  }
  if (end <= 0) return null;
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? 'en';
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  return `<!doctype html><html lang="${lang}"><head>${title}</head><body>${html.slice(start, end)}</body></html>`;
}

/** A post's page: /blog/{slug} (the blog's index is /blog). */
function isPostPage(path: string): boolean {
  return path.startsWith('/blog/');
}

/** Where the articles' search index is written, and what the header's search loads (site-search.ts). */
const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Pagefind's index of the posts (tools are searched through the API, decision 0041) for the header's article search:
 * one index, not shards (decision 0077). `posts`: the post pages, already written into `outDir`. When they are the
 * same pages as the previous export's and none of their bytes changed (`changed`), its index is linked as it is;
 * otherwise every post is indexed again (Pagefind cannot replace one page of an index; posts are few).
 */
async function writeSearchIndex(
  outDir: string,
  posts: string[],
  previous: { dir: string | null | undefined; posts: string[] },
  changed: Set<string>,
): Promise<'reused' | 'written'> {
  const before = previous.dir ? join(previous.dir, SEARCH_INDEX_DIR) : null;
  const samePosts =
    posts.length === previous.posts.length &&
    posts.every((path, i) => path === previous.posts[i] && !changed.has(path));
  if (before && samePosts && existsSync(join(before, 'pagefind-entry.json'))) {
    await linkFolder(before, join(outDir, SEARCH_INDEX_DIR));
    return 'reused';
  }
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    for (const path of posts) {
      const content = searchDocument(readFileSync(join(outDir, fileOfPath(path)), 'utf8'));
      if (content) await index.addHTMLFile({ url: path, content });
    }
    const written = await index.writeFiles({ outputPath: join(outDir, SEARCH_INDEX_DIR) });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return 'written';
  } finally {
    await pagefind.close();
  }
}

/** Renders every page into `outDir`; pages whose data and code are unchanged are linked from the previous export. */
export async function exportSite(options: ExportOptions): Promise<ExportStats> {
  const started = performance.now();
  const { appDir, outDir } = options;
  const code = await codeIdOf(appDir);
  const parts = workerCount();
  const previous = await readPrevious(options.previousDir, code);
  const workers = Array.from({ length: parts }, (_, part) => runPart(part, parts, options));
  // What the sitemap lists, read from the database while the pages are written (decision 0081).
  const listing = sitemapPages();
  listing.catch(() => {}); // awaited (and so thrown) with the sitemap
  // Meanwhile: the browser's files (hashed /_astro/ chunks, favicon), the same for every export of this server
  // build, then the pages that are not a tool's.
  await linkFolder(join(appDir, 'client'), outDir);
  const writer = new PageWriter(options, code, previous);
  for (const path of fixedPagePaths()) await writer.add(path);
  const posts: string[] = [];
  for (const page of await postPages()) {
    posts.push(`/blog/${page.post.slug}`);
    await writer.add(`/blog/${page.post.slug}`, page, { postPage: page });
  }
  // Once the posts are in place Pagefind indexes them (in its own process) while the rest is rendered.
  const { changed: changedSoFar } = await writer.done();
  const searching = writeSearchIndex(
    outDir,
    posts.sort(),
    { dir: options.previousDir, posts: previous.posts },
    new Set(changedSoFar),
  );
  searching.catch(() => {}); // awaited (and so thrown) after the pages
  for (const { path, data } of await categoryPages()) await writer.add(path, data, { categoryPage: data });
  const all = [await writer.done(), ...(await Promise.all(workers))];

  const files = new Map<string, FileEntry>();
  const pages: Record<string, string> = {};
  for (const part of all) {
    for (const [file, entry] of part.files) files.set(file, entry);
    Object.assign(pages, part.pages);
  }
  const pagesDone = performance.now();
  // The sitemap is written while Pagefind finishes the search index.
  const [, sitemap] = await Promise.all([
    searching,
    writeSitemap(outDir, options.siteUrl, await listing).then((written) => ({
      written,
      seconds: (performance.now() - pagesDone) / 1000,
    })),
  ]);
  for (const [file, entry] of sitemap.written) files.set(file, entry);
  const searchDone = performance.now();
  // Everything not written above (browser assets, the search index) is described and pre-compressed here, or
  // linked from the previous build with its compressed copies when its bytes are the same.
  await finalizeBuildFolder(outDir, files, { previous: options.previousDir ?? undefined });
  // After the manifest: it is for the next export, not for visitors.
  writeFileSync(join(outDir, PAGES_INDEX), JSON.stringify({ code, pages } satisfies PagesIndex));
  const rendered = all.reduce((n, part) => n + part.rendered, 0);
  const reused = all.reduce((n, part) => n + part.reused, 0);
  const now = performance.now();
  const phases = {
    pages: (pagesDone - started) / 1000,
    search: (searchDone - pagesDone) / 1000,
    sitemap: sitemap.seconds,
    finalize: (now - searchDone) / 1000,
  };
  const changed = all.flatMap((part) => part.changed);
  for (const [file, entry] of sitemap.written)
    if (previous.files?.get(file)?.etag !== entry.etag) changed.push(`/${file}`);
  return {
    pages: rendered + reused,
    rendered,
    reused,
    seconds: (now - started) / 1000,
    phases,
    changed: changed.sort(),
  };
}
