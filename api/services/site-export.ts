// The static export: renders every page through the Astro server build (the same handler that renders changed
// pages on demand) into a fresh folder. A tool or post page whose data and code are unchanged since the previous
// export is reused from it (hard links) instead of being rendered again, so a rebuild costs what changed
// (docs/decisions/0032). The tool pages are split between worker processes, one per core; Pagefind indexes the
// result through its Node API. Runs in its own process (scripts/export-site.ts), started by site-build.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import * as pagefind from 'pagefind';
import { postPages, toolPages, type PostPage, type ToolPage } from '../../db/queries/pages';
import { finalizeBuildFolder, reuseBuildFile, writeBuildFile, type FileEntry } from './build-files';
import { renderPage } from './page-renderer';

/** What an export leaves beside its pages for the next one: which data and code each page was rendered from. */
export const PAGES_INDEX = '_pages.json';
/** At most this many pages are written (rendered or linked) at once by one process. */
const IN_FLIGHT = 16;

interface PagesIndex {
  code: string;
  /** path → cache key of its data. */
  pages: Record<string, string>;
  files: Record<string, FileEntry>;
}

export interface ExportStats {
  pages: number;
  rendered: number;
  reused: number;
  seconds: number;
  /** Seconds spent writing pages, indexing them for search, and describing the rest of the folder. */
  phases: { pages: number; search: number; finalize: number };
  /** Pages whose bytes differ from the previous export's: a CDN in front is told to drop them after the swap. */
  changed: string[];
}

export interface ExportOptions {
  appDir: string;
  outDir: string;
  /** The live export, whose unchanged pages are reused. */
  previousDir?: string | null;
  siteUrl: string;
  /** site/pages, for the pages that take no data from a row. */
  pagesDir: string;
}

/** One process's share of the pages. */
interface PartResult {
  files: Record<string, FileEntry>;
  pages: Record<string, string>;
  rendered: number;
  reused: number;
  /** Pages whose bytes differ from the previous export's (new ones included). */
  changed: string[];
}

function filesUnder(root: string, dir = root, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(root, path, out);
    else out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** Identifies the server build: a page rendered by other code is rendered again. */
function codeIdOf(appDir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(join(appDir, 'server')).sort()) hash.update(file).update(readFileSync(join(appDir, 'server', file)));
  return hash.digest('base64url');
}

/** The pages of site/pages that are one file each (not [slug] routes), as paths: index.astro → /, robots.txt.ts → /robots.txt. */
export function fixedPagePaths(pagesDir: string): string[] {
  return filesUnder(pagesDir)
    .filter((file) => !file.includes('[') && /\.(astro|ts)$/.test(file))
    .map((file) => `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`)
    .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
    .sort();
}

/** Where a page's answer is written: /tool/x → tool/x/index.html, /404 → 404.html, /robots.txt → robots.txt. */
export function fileOfPath(path: string): string {
  if (path === '/') return 'index.html';
  if (path === '/404') return '404.html';
  const name = path.slice(1);
  return /\.[a-z]+$/.test(name) ? name : `${name}/index.html`;
}

function cacheKey(code: string, data: ToolPage | PostPage): string {
  return createHash('sha256').update(code).update(JSON.stringify(data)).digest('base64url');
}

function readPagesIndex(dir: string | null | undefined): PagesIndex | null {
  if (!dir || !existsSync(join(dir, PAGES_INDEX))) return null;
  try {
    return JSON.parse(readFileSync(join(dir, PAGES_INDEX), 'utf8')) as PagesIndex;
  } catch {
    return null;
  }
}

/** Writes pages into one export folder, rendering or reusing each, a few at a time. */
class PageWriter {
  readonly result: PartResult = { files: {}, pages: {}, rendered: 0, reused: 0, changed: [] };
  private inFlight = new Set<Promise<void>>();
  private readonly previous: PagesIndex | null;
  /** The previous export's files, whatever code wrote them: to tell which pages changed. */
  private readonly previousFiles: Record<string, FileEntry> | null;

  constructor(
    private readonly options: ExportOptions,
    private readonly code: string,
  ) {
    const previous = readPagesIndex(options.previousDir);
    this.previous = previous?.code === code ? previous : null;
    this.previousFiles = previous?.files ?? null;
  }

  /** Queues one page; waits while IN_FLIGHT pages are being written. */
  async add(path: string, data?: ToolPage | PostPage, locals?: App.Locals): Promise<void> {
    while (this.inFlight.size >= IN_FLIGHT) await Promise.race(this.inFlight);
    const task = this.write(path, data, locals).finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async done(): Promise<PartResult> {
    await Promise.all(this.inFlight);
    return this.result;
  }

  private async write(path: string, data?: ToolPage | PostPage, locals?: App.Locals): Promise<void> {
    const { appDir, outDir, previousDir, siteUrl } = this.options;
    const file = fileOfPath(path);
    if (data) {
      const key = cacheKey(this.code, data);
      this.result.pages[path] = key;
      const before = this.previous?.files[file];
      if (previousDir && before && this.previous?.pages[path] === key) {
        this.result.files[file] = await reuseBuildFile(previousDir, outDir, file, before);
        this.result.reused += 1;
        return;
      }
    }
    const response = await renderPage(path, { appDir, siteUrl, locals });
    if (!response) throw new Error(`No page of site/ answers ${path}.`);
    const expected = path === '/404' ? 404 : 200;
    if (response.status !== expected) throw new Error(`Rendering ${path} answered ${response.status}.`);
    const csp = response.headers.get('content-security-policy');
    const body = new Uint8Array(await response.arrayBuffer());
    const entry = await writeBuildFile(outDir, file, body, csp ? { 'content-security-policy': csp } : undefined);
    this.result.files[file] = entry;
    this.result.rendered += 1;
    if (this.previousFiles?.[file]?.etag !== entry.etag) this.result.changed.push(path);
  }
}

/** How many processes share the tool pages: one per core (EXPORT_WORKERS overrides), at most 4. */
function workerCount(): number {
  const fromEnv = Number(process.env.EXPORT_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(availableParallelism(), 4);
}

const partFile = (outDir: string, part: number) => join(outDir, `_part-${part}.json`);

/** The tool pages whose id falls in `part` of `parts`, written by a worker process into the shared folder. */
export async function exportPart(options: ExportOptions, part: number, parts: number): Promise<void> {
  const writer = new PageWriter(options, codeIdOf(options.appDir));
  for await (const batch of toolPages(500, undefined, { part, parts })) {
    for (const page of batch) await writer.add(`/tool/${page.tool.slug}`, page, { toolPage: page });
  }
  writeFileSync(partFile(options.outDir, part), JSON.stringify(await writer.done()));
}

function runPart(part: number, parts: number, { outDir, previousDir }: ExportOptions): Promise<PartResult> {
  const script = join(import.meta.dirname, '../../scripts/export-site.ts');
  const child = Bun.spawn([process.execPath, script, outDir, previousDir ?? '', `--part=${part}/${parts}`], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  return child.exited.then((code) => {
    if (code !== 0) throw new Error(`Export worker ${part + 1}/${parts} failed (exit ${code}).`);
    const file = partFile(outDir, part);
    const result = JSON.parse(readFileSync(file, 'utf8')) as PartResult;
    Bun.file(file).delete();
    return result;
  });
}

/** Pagefind indexes the data-pagefind-body part of every tool and post page for the site search. */
async function indexForSearch(outDir: string, paths: string[]): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    const adding = new Set<Promise<unknown>>();
    for (const path of paths) {
      while (adding.size >= 64) await Promise.race(adding);
      const task = index.addHTMLFile({ url: path, content: readFileSync(join(outDir, fileOfPath(path)), 'utf8') }).finally(() => adding.delete(task));
      adding.add(task);
    }
    await Promise.all(adding);
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
}

/** Renders every page into `outDir`; pages whose data and code are unchanged are linked from the previous export. */
export async function exportSite(options: ExportOptions): Promise<ExportStats> {
  const started = performance.now();
  const { appDir, outDir, pagesDir } = options;
  const code = codeIdOf(appDir);
  const parts = workerCount();
  const workers = Array.from({ length: parts }, (_, part) => runPart(part, parts, options));
  // Meanwhile: the browser's files (hashed /_astro/ chunks, favicon), the same for every export of this server
  // build, then the pages that are not a tool's.
  const client = join(appDir, 'client');
  await Promise.all(filesUnder(client).map((file) => reuseBuildFile(client, outDir, file, { etag: '', type: '', size: 0 })));
  const writer = new PageWriter(options, code);
  for (const path of fixedPagePaths(pagesDir)) await writer.add(path);
  for (const page of await postPages()) await writer.add(`/blog/${page.post.slug}`, page, { postPage: page });
  const all = [await writer.done(), ...(await Promise.all(workers))];

  const files = new Map<string, FileEntry>();
  const pages: Record<string, string> = {};
  for (const part of all) {
    for (const [file, entry] of Object.entries(part.files)) files.set(file, entry);
    Object.assign(pages, part.pages);
  }
  writeFileSync(join(outDir, PAGES_INDEX), JSON.stringify({ code, pages, files: Object.fromEntries(files) } satisfies PagesIndex));
  const pagesDone = performance.now();
  await indexForSearch(outDir, Object.keys(pages));
  const searchDone = performance.now();
  // Everything not written above (browser assets, the search index) is described and pre-compressed here, or
  // linked from the previous build with its compressed copies when its bytes are the same.
  await finalizeBuildFolder(outDir, files, { previous: options.previousDir ?? undefined });
  const rendered = all.reduce((n, part) => n + part.rendered, 0);
  const reused = all.reduce((n, part) => n + part.reused, 0);
  const now = performance.now();
  const phases = { pages: (pagesDone - started) / 1000, search: (searchDone - pagesDone) / 1000, finalize: (now - searchDone) / 1000 };
  const changed = all.flatMap((part) => part.changed).sort();
  return { pages: rendered + reused, rendered, reused, seconds: (now - started) / 1000, phases, changed };
}
