// The static export: renders every page through the Astro server build (the same handler that renders changed
// pages on demand) into a fresh folder. A tool or post page whose data and code are unchanged since the previous
// export is reused from it (hard links) instead of being rendered again, so a rebuild costs what changed
// (docs/decisions/0032). Runs in its own process (scripts/export-site.ts), started by site-build.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { postPages, toolPages, type PostPage, type ToolPage } from '../../db/queries/pages';
import { finalizeBuildFolder, reuseBuildFile, writeBuildFile, type FileEntry } from './build-files';
import { renderPage } from './page-renderer';

/** What an export leaves beside its pages for the next one: which data and code each page was rendered from. */
export const PAGES_INDEX = '_pages.json';

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

/** Pagefind indexes the pages' data-pagefind-body parts for the site search. */
async function indexForSearch(outDir: string): Promise<void> {
  const pagefind = Bun.spawn([join(import.meta.dirname, '../../node_modules/.bin/pagefind'), '--site', outDir, '--silent'], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if ((await pagefind.exited) !== 0) throw new Error('Pagefind could not index the site.');
}

/** Renders every page into `outDir`; pages whose data and code are unchanged are linked from the previous export. */
export async function exportSite({ appDir, outDir, previousDir, siteUrl, pagesDir }: ExportOptions): Promise<ExportStats> {
  const started = performance.now();
  const code = codeIdOf(appDir);
  const previous = readPagesIndex(previousDir);
  const reusable = previous?.code === code ? previous : null;
  const files = new Map<string, FileEntry>();
  const keys: Record<string, string> = {};
  let rendered = 0;
  let reused = 0;

  const render = async (path: string, locals?: App.Locals): Promise<void> => {
    const response = await renderPage(path, { appDir, siteUrl, locals });
    if (!response) throw new Error(`No page of site/ answers ${path}.`);
    const expected = path === '/404' ? 404 : 200;
    if (response.status !== expected) throw new Error(`Rendering ${path} answered ${response.status}.`);
    const csp = response.headers.get('content-security-policy');
    const file = fileOfPath(path);
    files.set(file, await writeBuildFile(outDir, file, new Uint8Array(await response.arrayBuffer()), csp ? { 'content-security-policy': csp } : undefined));
    rendered += 1;
  };

  const renderOrReuse = async (path: string, data: ToolPage | PostPage, locals: App.Locals): Promise<void> => {
    const key = cacheKey(code, data);
    keys[path] = key;
    const file = fileOfPath(path);
    const before = reusable?.files[file];
    if (reusable && previousDir && before && reusable.pages[path] === key) {
      reuseBuildFile(previousDir, outDir, file, before);
      files.set(file, before);
      reused += 1;
      return;
    }
    await render(path, locals);
  };

  // The browser's files (hashed /_astro/ chunks, favicon): the same for every export of this server build.
  const client = join(appDir, 'client');
  for (const file of filesUnder(client)) reuseBuildFile(client, outDir, file, { etag: '', type: '', size: 0 });

  for (const path of fixedPagePaths(pagesDir)) await render(path);
  for await (const batch of toolPages()) {
    for (const page of batch) await renderOrReuse(`/tool/${page.tool.slug}`, page, { toolPage: page });
  }
  for (const page of await postPages()) await renderOrReuse(`/blog/${page.post.slug}`, page, { postPage: page });

  writeFileSync(join(outDir, PAGES_INDEX), JSON.stringify({ code, pages: keys, files: Object.fromEntries(files) } satisfies PagesIndex));
  await indexForSearch(outDir);
  // Everything not written above (browser assets, the search index) is described and pre-compressed here.
  await finalizeBuildFolder(outDir, files);
  return { pages: rendered + reused, rendered, reused, seconds: (performance.now() - started) / 1000 };
}
