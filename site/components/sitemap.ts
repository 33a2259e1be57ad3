// The sitemap's XML, in the layout @astrojs/sitemap gives an Astro site (sitemap-index.xml naming sitemap-0.xml,
// sitemap-1.xml…), written with the `sitemap` library that integration is built on, from the list the database gives
// (db/queries/sitemap.ts). Why not the integration itself: docs/decisions/0037.
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
import { sitemapFilePath } from '../../lib/routes';

function xmlOf(stream: SitemapStream | SitemapIndexStream, items: (SitemapItemLoose | IndexItem)[]): Promise<Buffer> {
  return streamToPromise(Readable.from(items).pipe(stream));
}

/** The type the static files are served with (by their .xml name), so an on-demand answer is the same. */
function xmlResponse(xml: Buffer): Response {
  return new Response(new Uint8Array(xml), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}

/** One sitemap file listing `pages` (one of sitemapFiles' lists). */
export async function sitemapResponse(site: URL, pages: readonly SitemapPage[]): Promise<Response> {
  const items = pages.map(({ path, lastmod }): SitemapItemLoose => (lastmod ? { url: path, lastmod } : { url: path }));
  // Only the sitemaps namespace: the pages declare no news, images, videos or language alternates. An item the
  // library finds invalid fails the render (the build fails, the live one stays) rather than publishing a sitemap
  // crawlers reject.
  const stream = new SitemapStream({
    hostname: site.origin,
    level: ErrorLevel.THROW,
    xmlns: { news: false, xhtml: false, image: false, video: false },
  });
  return xmlResponse(await xmlOf(stream, items));
}

/** The sitemap index: each file of `files` (sitemapFiles) with the newest lastmod of its pages. */
export async function sitemapIndexResponse(site: URL, files: readonly SitemapPage[][]): Promise<Response> {
  const index = files.map((pages, n): IndexItem => {
    const url = new URL(sitemapFilePath(n), site).href;
    const lastmod = newestLastmod(pages);
    return lastmod ? { url, lastmod } : { url };
  });
  return xmlResponse(await xmlOf(new SitemapIndexStream({ level: ErrorLevel.THROW }), index));
}
