// The sitemap between builds: while tools or posts changed since the live build (live-pages.ts), the sitemap files are
// the live build's list of pages (SITEMAP_PAGES_FILE) with those pages as they are now: an unlisted tool leaves it at
// once, as its page answers 404 at once, and an approved one is in it at once (docs/decisions/0065). Made once per
// change and live build, in memory; with no such change the static files are served as they are.
import { getPublishedPostBySlug } from '../../db/queries/blog';
import { publicToolBySlug } from '../../db/queries/tools';
import { comparePairs } from '../../lib/alternatives';
import { config } from '../config';
import { changedTags, rowPages } from './live-pages';
import { newestLastmod, readSitemapPages, sitemapFiles, type SitemapPage } from './site-sitemap';
import { liveFolderOf, pageResponse, preparePage, type PreparedPage } from './static-site';

/** sitemap.xml, sitemap-index.xml, sitemap-N.xml. */
const SITEMAP_FILE = /^\/sitemap(-index|-\d+)?\.xml$/;
/** The changed pages that the sitemap lists: a tool's page and a post's. */
const ROW_PAGE = /^\/(tool|blog)\/([^/.]+)$/;

/** The files made for one live build and set of changes, by file name, each compressed once (static-site.ts). */
let made: { key: string; files: Promise<Map<string, PreparedPage> | null> } | null = null;

const XML = { headers: { 'content-type': 'application/xml; charset=utf-8' } };

/** Whether the sitemap lists `path` only while the tool `slug` is public: its alternatives and its comparisons. */
function dependsOnTool(path: string, slug: string): boolean {
  if (path.startsWith(`/tool/${slug}/`)) return true;
  if (!path.startsWith('/compare/')) return false;
  return comparePairs(path.slice('/compare/'.length)).some(([a, b]) => a === slug || b === slug);
}

/** Each changed tool or post page's lastmod now (its row's updatedAt), or null when it is not public any more. */
async function changedRowsNow(changed: string[]): Promise<Map<string, string | null>> {
  const now = new Map<string, string | null>();
  for (const path of changed) {
    const [, kind, slug] = ROW_PAGE.exec(path) ?? [];
    if (!slug) continue;
    const row = kind === 'tool' ? await publicToolBySlug(slug) : await getPublishedPostBySlug(slug);
    now.set(path, row ? new Date(row.updatedAt).toISOString() : null);
  }
  return now;
}

/** The live build's pages with the changed tool and post pages as they are now; null when it kept no list of them. */
async function pagesNow(folder: string, now: Map<string, string | null>): Promise<SitemapPage[] | null> {
  const listed = await readSitemapPages(folder);
  if (!listed) return null;
  const goneTools = [...now]
    .filter(([path, lastmod]) => lastmod === null && path.startsWith('/tool/'))
    .map(([path]) => path.slice('/tool/'.length));
  const pages = listed.filter(
    (page) => !now.has(page.path) && !goneTools.some((slug) => dependsOnTool(page.path, slug)),
  );
  for (const [path, lastmod] of now) if (lastmod) pages.push({ path, lastmod });
  // The pages that list tools or posts are dated by the newest of them, changed ones included.
  const newest = (prefix: string) =>
    newestLastmod(pages.filter((page) => ROW_PAGE.test(page.path) && page.path.startsWith(prefix)));
  const dated: Record<string, string | undefined> = {
    '/': newest('/tool/'),
    '/directory': newest('/tool/'),
    '/blog': newest('/blog/'),
  };
  return pages.map((page) =>
    page.path in dated ? { path: page.path, lastmod: dated[page.path] ?? page.lastmod } : page,
  );
}

/**
 * The answer for a sitemap file while tool or post pages changed since the live build; null, at once, for any other
 * path; a promise of null when the static file is current (or the build has no list to start from).
 */
export function serveLiveSitemap(request: Request, path: string): Promise<Response | null> | null {
  if (!path.startsWith('/sitemap') || !SITEMAP_FILE.test(path)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  return (async () => {
    // A changed tool or post (its tag) is the page of that tool or post: the rows the sitemap lists.
    const changed = (await changedTags()).flatMap(rowPages).filter((page) => ROW_PAGE.test(page));
    const folder = await liveFolderOf(config.distDir);
    if (changed.length === 0 || !folder) return null;
    // A few lookups by slug per request; the files are made again only when one of those rows changed.
    const now = await changedRowsNow(changed);
    const key = JSON.stringify([folder, ...now]);
    if (made?.key !== key) {
      const files = pagesNow(folder, now).then(
        async (pages) =>
          pages &&
          new Map(
            [...(await sitemapFiles(config.siteUrl, pages))].map(([name, xml]) => [
              name,
              preparePage(new Uint8Array(xml), XML),
            ]),
          ),
        () => null,
      );
      made = { key, files };
    }
    const file = (await made.files)?.get(path.slice(1));
    return file ? pageResponse(request, file) : null;
  })();
}
