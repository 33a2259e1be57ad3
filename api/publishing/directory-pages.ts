// /directory with query parameters (?q=&category=&pricing=&minRating=&sort=&page=): rendered on demand by the same
// .astro page as the static /directory, so the filtered, sorted and paged directory works without JavaScript and for
// crawlers. The static file serves only the bare address; a rendered answer is kept until a change touches a tag it read (kept-renders.ts).
import { DIRECTORY_PARAMS, parseDirectoryQuery } from '../../lib/catalogue-query';
import { directoryHref } from '../../lib/directory';
import { PAGE_ROUTES } from '../../lib/routes';
import { queryPages } from './query-pages';
import type { Peer } from './render-budget';

/** The directory's address as sent, with or without its trailing slash: a set, as it is asked on every page request. */
const DIRECTORY_PATHS: ReadonlySet<string> = new Set([PAGE_ROUTES.directory.path, `${PAGE_ROUTES.directory.path}/`]);

/** Renders kept at most 100 (each a page of about 60 KB); any answer below 500 is served. */
const directoryPages = queryPages({ kept: 100, serves: (status) => status < 500, what: 'directory' });

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
  return directoryPages(href, request, peer);
}
