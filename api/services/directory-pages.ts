// /directory with query parameters (?q=&category=&pricing=&minRating=&sort=&page=): rendered on demand by the same
// .astro page as the static /directory, so the filtered, sorted and paged directory works without JavaScript and for
// crawlers. The static file serves only the bare address; a rendered answer is kept while the catalogue stays.
import { keptWhileCatalogueStays } from '../../db/queries/catalogue-version';
import { DIRECTORY_PARAMS, directoryHref, parseDirectoryQuery } from '../../lib/directory';
import { config } from '../config';
import { renderWhole } from './page-renderer';
import { refusalOf, sharedRenders, type Peer } from './render-budget';
import { pageResponse, preparePage, type PreparedPage } from './static-site';
import { log } from '../log';

const DIRECTORY_PATHS = new Set(['/directory', '/directory/']);

/** Renders kept at most (each a page of about 60 KB). */
const KEPT_RENDERS = 100;
const keptRenders = keptWhileCatalogueStays<PreparedPage>(KEPT_RENDERS);
/** Renders under way, by query: concurrent first requests for one query share one render. */
const directoryRenders = sharedRenders<PreparedPage>();

/**
 * The directory rendered for the query of `request`, or null when the static file answers: another path, another
 * method, or no parameter the directory reads. The query is read as the page reads it (unknown values dropped, options
 * in one order), so equal queries share one render. A render counts against the client's budget (`peer`: its
 * connection's address, render-budget.ts); a kept one does not.
 */
export function serveDirectoryQuery(request: Request, path: string, peer?: Peer): Promise<Response | null> | null {
  if (!DIRECTORY_PATHS.has(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const search = new URL(request.url).searchParams;
  if (!DIRECTORY_PARAMS.some((name) => search.has(name))) return null;
  const href = directoryHref(parseDirectoryQuery(search));
  // Catalogue changes move the version: a kept render is never older than the catalogue the request saw.
  return keptRenders(href, () => directoryRenders(href, request, peer, () => render(href)))
    .then((page) => pageResponse(request, page))
    .catch((error: unknown) => {
      const refused = refusalOf(error, request);
      if (refused) return refused;
      log.error({ err: error, path: href }, 'on-demand render failed; serving the static directory');
      return null;
    });
}

async function render(href: string): Promise<PreparedPage> {
  const rendered = await renderWhole(href, { appDir: config.appDir, siteUrl: config.siteUrl });
  if (!rendered || rendered.status >= 500) throw new Error(`the directory answered ${rendered?.status ?? 'nothing'}`);
  return preparePage(rendered.html, { status: rendered.status, headers: rendered.headers });
}
