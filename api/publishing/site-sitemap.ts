// The sitemap's files, in the layout @astrojs/sitemap gives an Astro site (sitemap-index.xml naming sitemap-0.xml,
// sitemap-1.xml… of at most 45,000 URLs each), written with the `sitemap` library that integration is built on, from
// the list the database gives (db/queries/sitemap.ts): by the export, and between builds by live-sitemap.ts. Why not
// the integration itself: docs/decisions/0037.
import { Readable } from 'node:stream';
import {
  ErrorLevel,
  SitemapIndexStream,
  SitemapStream,
  streamToPromise,
  type IndexItem,
  type SitemapItemLoose,
} from 'sitemap';
import { newestLastmod, type SitemapPage } from '../../db/queries/sitemap';
import { SITEMAP_INDEX_PATH, SITEMAP_PATH } from '../../lib/routes';
import { writeBuildFile, type FileEntry } from './build-files';

/** URLs per sitemap file: @astrojs/sitemap's default, under the protocol's 50,000 (and its 50 MB at ~110 bytes a URL). */
export const SITEMAP_ENTRY_LIMIT = 45_000;

/** The file a sitemap path is written to: /sitemap-index.xml → sitemap-index.xml. */
const fileOf = (path: string) => path.slice(1);

function xmlOf(stream: SitemapStream | SitemapIndexStream, items: (SitemapItemLoose | IndexItem)[]): Promise<Buffer> {
  return streamToPromise(Readable.from(items).pipe(stream));
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
