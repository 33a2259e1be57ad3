// The sitemap between builds: while tools or posts changed since the live build (live-pages.ts), the sitemap files are
// made from the database's list (db/queries/sitemap.ts), the one the export writes, so an unlisted tool leaves it at
// once, as its page answers 404 at once, and an approved one is in it at once with its alternatives, comparisons and
// category pages (docs/decisions/0065, 0081). Made once per change read, in memory; with no such change the static
// files are served as they are.
import { sitemapPages } from '../../db/queries/sitemap';
import { POSTS_TAG, rowOfTag, TOOLS_TAG } from '../../lib/cache-tags';
import { isRouteOf } from '../../lib/routes';
import { config } from '../config';
import { log } from '../log';
import { changedTags, changesRead } from './live-pages';
import { sitemapFiles } from './site-sitemap';
import { pageResponse, preparePage, type PreparedPage } from './static-site';

/**
 * The files made for one state of the changes (the newest change read), by file name, each compressed once; `making`
 * while they are being made.
 */
let made: { key: number; files: Promise<Map<string, PreparedPage> | null>; making: boolean } | null = null;

const XML = { headers: { 'content-type': 'application/xml; charset=utf-8' } };

/** Whether a changed tag can change what the sitemap lists: a tool, a post, or their lists. */
const listsChange = (tag: string) => tag === TOOLS_TAG || tag === POSTS_TAG || rowOfTag(tag) !== null;

async function makeFiles(): Promise<Map<string, PreparedPage> | null> {
  try {
    const files = await sitemapFiles(config.siteUrl, await sitemapPages());
    return new Map([...files].map(([name, xml]) => [name, preparePage(new Uint8Array(xml), XML)]));
  } catch (error) {
    // The static files, a build behind, are better than no sitemap.
    log.error({ err: error }, 'live sitemap: could not make the sitemap; serving the static one');
    return null;
  }
}

/**
 * The answer for a sitemap file while tools or posts changed since the live build; null, at once, for any other
 * path; a promise of null when the static file is current (or the list could not be made).
 */
export function serveLiveSitemap(request: Request, path: string): Promise<Response | null> | null {
  if (!path.startsWith('/sitemap') || !isRouteOf(path, 'sitemap')) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  return (async () => {
    if (!(await changedTags()).some(listsChange)) return null;
    // Read after the newest change it knows of, the list has every change up to it; a newer change makes it again,
    // once the files under way are made (at 100,000 tools that takes seconds: a burst of changes makes it once more,
    // not once each).
    const key = await changesRead();
    if (made?.key !== key && !made?.making) {
      const making = { key, files: makeFiles(), making: true };
      void making.files.then(() => {
        making.making = false;
      });
      made = making;
    }
    const file = (await made.files)?.get(path.slice(1));
    return file ? pageResponse(request, file) : null;
  })();
}
