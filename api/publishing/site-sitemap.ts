// The sitemap of a static export, in the layout @astrojs/sitemap gives an Astro site (sitemap-index.xml naming
// sitemap-0.xml, sitemap-1.xml… of at most 45,000 URLs each), written with the `sitemap` library that integration is
// built on, from the public pages the export wrote. Why not the integration itself: docs/decisions/0037.
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  ErrorLevel,
  SitemapIndexStream,
  SitemapStream,
  streamToPromise,
  type IndexItem,
  type SitemapItemLoose,
} from 'sitemap';
import { SITEMAP_INDEX_PATH, SITEMAP_PATH } from '../../lib/routes';
import { z } from 'zod';
import { readBuildJson, writeBuildFile, type FileEntry } from './build-files';

/** What the sitemap of a build lists, beside it (not for visitors): the live sitemap starts from it (live-sitemap.ts). */
export const SITEMAP_PAGES_FILE = '_sitemap.json';

/** URLs per sitemap file: @astrojs/sitemap's default, under the protocol's 50,000 (and its 50 MB at ~110 bytes a URL). */
export const SITEMAP_ENTRY_LIMIT = 45_000;

const sitemapPageSchema = z.object({
  /** The page's path, as its canonical link writes it: /tool/x, no trailing slash. */
  path: z.string().startsWith('/'),
  /** When its content last changed, ISO 8601 in UTC; null when unknown. */
  lastmod: z.string().nullable(),
});
export type SitemapPage = z.infer<typeof sitemapPageSchema>;

/** The pages the live build's sitemap lists (SITEMAP_PAGES_FILE in its folder); null when it has no such list. */
export async function readSitemapPages(folder: string): Promise<SitemapPage[] | null> {
  return readBuildJson(join(folder, SITEMAP_PAGES_FILE), z.array(sitemapPageSchema));
}

/** The file a sitemap path is written to: /sitemap-index.xml → sitemap-index.xml. */
const fileOf = (path: string) => path.slice(1);

function xmlOf(stream: SitemapStream | SitemapIndexStream, items: (SitemapItemLoose | IndexItem)[]): Promise<Buffer> {
  return streamToPromise(Readable.from(items).pipe(stream));
}

/** The newest lastmod of `pages` (ISO 8601 in UTC sorts as text). */
export function newestLastmod(pages: SitemapPage[]): string | undefined {
  let newest: string | undefined;
  for (const { lastmod } of pages) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}

/**
 * The sitemap's files by name: sitemap-N.xml with `entryLimit` pages each, in path order (the same pages give the same
 * bytes, so an unchanged sitemap keeps its ETag), sitemap-index.xml listing them with the newest lastmod of each, and
 * sitemap.xml, the same index under the address crawlers were given before it.
 */
export async function sitemapFiles(
  siteUrl: string,
  pages: SitemapPage[],
  { entryLimit = SITEMAP_ENTRY_LIMIT }: { entryLimit?: number } = {},
): Promise<Map<string, Buffer>> {
  const sorted = [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files = new Map<string, Buffer>();
  const index: IndexItem[] = [];
  for (let first = 0; first < sorted.length; first += entryLimit) {
    const chunk = sorted.slice(first, first + entryLimit);
    const items = chunk.map(
      ({ path, lastmod }): SitemapItemLoose => (lastmod ? { url: path, lastmod } : { url: path }),
    );
    // Only the sitemaps namespace: the pages declare no news, images, videos or language alternates. An item the
    // library finds invalid fails the build (the live one stays) rather than publishing a sitemap crawlers reject.
    const stream = new SitemapStream({
      hostname: siteUrl,
      level: ErrorLevel.THROW,
      xmlns: { news: false, xhtml: false, image: false, video: false },
    });
    const file = `sitemap-${index.length}.xml`;
    files.set(file, await xmlOf(stream, items));
    const url = new URL(`/${file}`, siteUrl).href;
    const lastmod = newestLastmod(chunk);
    index.push(lastmod ? { url, lastmod } : { url });
  }
  const indexXml = await xmlOf(new SitemapIndexStream({ level: ErrorLevel.THROW }), index);
  for (const path of [SITEMAP_INDEX_PATH, SITEMAP_PATH]) files.set(fileOf(path), indexXml);
  return files;
}

/** Writes the sitemap files (sitemapFiles) into the build folder `outDir`, pre-compressed; returns their manifest entries. */
export async function writeSitemap(
  outDir: string,
  siteUrl: string,
  pages: SitemapPage[],
  options: { entryLimit?: number } = {},
): Promise<Map<string, FileEntry>> {
  const written = new Map<string, FileEntry>();
  for (const [file, xml] of await sitemapFiles(siteUrl, pages, options))
    written.set(file, await writeBuildFile(outDir, file, xml));
  return written;
}
