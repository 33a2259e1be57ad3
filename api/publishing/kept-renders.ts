// The pages rendered on request and kept in memory, each with the tags its render read: one is dropped when a change
// touches one of its tags (the freshness rule, README.md), read the way live-pages.ts reads every change, and never
// before. Concurrent first requests share one render, each render counted against the client's budget
// (render-budget.ts), a kept answer not. They are:
// - instead of exported (docs/decisions/0046): a tool's alternatives page and the comparisons, so a page that involves a
//   tool no longer public answers 404 at once, and a crawler walking thousands of them costs one render each; and the
//   Open Graph images of tools and posts (docs/decisions/0048, 0085), too slow to render for every page of a build;
// - an address with a query, rendered by the same .astro page as its static file (which serves only the bare address):
//   the directory's filters (?q=&category=&pricing=&minRating=&sort=&page=), so the filtered, sorted and paged directory
//   works without JavaScript and for crawlers, and the form pages' /auth?tab=register, /auth?next=/submit and
//   /contact?sent=1 (docs/decisions/0068).
import { DIRECTORY_PARAMS, parseDirectoryQuery } from '../../lib/catalogue-query';
import { SURROGATE_KEY, tagsOfHeader } from '../../lib/cache-tags';
import { directoryHref } from '../../lib/directory';
import { CONTACT_SENT_PARAM } from '../../lib/form-pages';
import { NEXT_PARAM, returnPath } from '../../lib/return-to';
import { comparePairs } from '../../lib/alternatives';
import { CACHE, isRouteOf, PAGE_ROUTES, pagePath, routeOf } from '../../lib/routes';
import { isSlugShaped } from '../../lib/slug';
import { config } from '../config';
import { keptWhileTagsStay } from '../../db/queries/kept';
import { readTags } from '../../db/page-tags';
import { log } from '../log';
import { pageSecurityHeaders } from '../plugins/security';
import { renderPage, renderWhole } from './page-renderer';
import { refusalOf, sharedRenders, type Peer } from './render-budget';
import { pageResponse, preparePage, serveNotFound, type PreparedPage } from './static-site';

/** The tags a rendered page carries (page-renderer.ts sent them as its Surrogate-Key). */
const tagsOfPage = (headers: Record<string, string> | undefined): string[] => tagsOfHeader(headers?.[SURROGATE_KEY]);

/**
 * A render shared by concurrent first requests (`renders`), kept while no change touches the tags it read
 * (db/queries/kept.ts, as every value a process keeps): the tags are recorded in each caller's own context.
 */
async function keptRender<V>(
  kept: (key: string, compute: () => Promise<V>) => Promise<V>,
  key: string,
  render: () => Promise<{ value: V; tags: readonly string[] }>,
): Promise<V> {
  return kept(key, async () => {
    const made = await render();
    readTags(made.tags);
    return made.value;
  });
}

interface QueryPages {
  /** Renders kept at most. */
  kept: number;
  /** The render statuses served; any other is a failure and the static file answers. */
  serves: (status: number) => boolean;
  /** The page's name in the failure's log line. */
  what: string;
}

/** Serves `href` (an address read as its page reads it) for `request`, or null when the static file should answer. */
function queryPages({ kept, serves, what }: QueryPages) {
  const keptPages = keptWhileTagsStay<PreparedPage>(kept);
  const renders = sharedRenders<{ value: PreparedPage; tags: string[] }>();
  const render = async (href: string) => {
    const rendered = await renderWhole(href, { appDir: config.appDir, siteUrl: config.siteUrl });
    if (!rendered || !serves(rendered.status)) throw new Error(`${href} answered ${rendered?.status ?? 'nothing'}`);
    const page = preparePage(rendered.html, { status: rendered.status, headers: rendered.headers });
    return { value: page, tags: tagsOfPage(page.entry.headers) };
  };
  return (href: string, request: Request, peer?: Peer): Promise<Response | null> =>
    // A kept render is dropped when a change touches a tag it read: never older than the changes the request saw.
    keptRender(keptPages, href, () => renders(href, request, peer, () => render(href)))
      .then((page) => pageResponse(request, page))
      .catch((error: unknown) => {
        const refused = refusalOf(error, request);
        if (refused) return refused;
        log.error({ err: error, path: href }, `on-demand render failed; serving the static ${what}`);
        return null;
      });
}

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

/** Renders kept at most 200 (a page each of about 20 KB; a `next` per page a visitor was sent from). */
const formPages = queryPages({ kept: 200, serves: (status) => status === 200, what: 'form page' });

/** The address to render for a request, read as the page reads it (anything else dropped); null: the static file. */
function formPageHref(path: string, search: URLSearchParams): string | null {
  const page = pagePath(path);
  const query = new URLSearchParams();
  if (page === '/auth') {
    if (search.get('tab') === 'register') query.set('tab', 'register');
    const next = returnPath(search.get(NEXT_PARAM));
    if (next) query.set(NEXT_PARAM, next);
  } else if (page === '/contact') {
    if (search.get(CONTACT_SENT_PARAM) === '1') query.set(CONTACT_SENT_PARAM, '1');
  } else {
    return null;
  }
  return query.size > 0 ? `${page}?${query}` : null;
}

/**
 * The form page rendered for the query of `request`, or null when the static file answers. A render counts against the
 * client's budget (`peer`, render-budget.ts); a kept one does not.
 */
export function serveFormPageQuery(request: Request, path: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const queryAt = request.url.indexOf('?');
  if (queryAt < 0) return null;
  const href = formPageHref(path, new URLSearchParams(request.url.slice(queryAt + 1)));
  if (href === null) return null;
  return formPages(href, request, peer);
}

/**
 * Whether an on-demand path names what such a page can be about: a slug, or two joined by -vs-, each of the slug rule.
 * Anything else is a 404 before any read (a 15 KB chain of -vs- was thousands of reads).
 */
function isWellFormed(path: string): boolean {
  const { pair, slug } = routeOf(path)?.params ?? {};
  if (pair !== undefined) return comparePairs(pair).length > 0;
  return slug !== undefined && isSlugShaped(slug);
}

/** What a render leaves to answer again: the page, a redirect to the canonical address, or null for the 404 page. */
type OnDemandAnswer = PreparedPage | { status: number; location: string } | null;

/** Alternatives and compare pages kept at most: 1000 (about 20 KB each). */
const keptPages = keptWhileTagsStay<OnDemandAnswer>(1000);
/** Open Graph images kept at most: 500 (about 33 KB each, decision 0085), apart, so pages do not push them out. */
const keptImages = keptWhileTagsStay<OnDemandAnswer>(500);

/** Where the answers of a path rendered on request are kept (the route table's kinds); null for any other path. */
const keptFor = (path: string) =>
  isRouteOf(path, 'alternatives', 'compare') ? keptPages : isRouteOf(path, 'ogTool', 'ogPost') ? keptImages : null;

/** Renders under way, by path: concurrent first requests for one page share one render. */
const onDemandRenders = sharedRenders<{ value: OnDemandAnswer; tags: string[] }>();

/** The answer, with the tags the render read (a 404 or a redirect too: the tools it looked up). */
async function render(path: string): Promise<{ value: OnDemandAnswer; tags: string[] }> {
  const page = await renderPage(path, { appDir: config.appDir, siteUrl: config.siteUrl });
  const headers = Object.fromEntries(page?.headers ?? []);
  const tags = page ? tagsOfPage(headers) : [];
  if (!page || page.status === 404) return { value: null, tags };
  if (page.status >= 300 && page.status < 400)
    return { value: { status: page.status, location: headers.location ?? '/' }, tags };
  // Read as bytes: an image is not text (preparePage leaves it uncompressed).
  const body = new Uint8Array(await page.arrayBuffer());
  return { value: preparePage(body, { status: page.status, headers: page.headers }), tags };
}

/**
 * The answer for an alternatives or compare page or an Open Graph image (null at once for any other path): 200 with
 * the page, 301 to a comparison's canonical address, or the 404 page. A render counts against the client's budget
 * (`peer`, see render-budget.ts), a kept answer does not. A failed render is not kept: it answers 500.
 */
export function serveOnDemandPage(request: Request, pathname: string, peer?: Peer): Promise<Response> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = pagePath(pathname);
  const kept = keptFor(path);
  if (!kept) return null;
  if (!isWellFormed(path)) return serveNotFound(request);
  return keptRender(kept, path, () => onDemandRenders(path, request, peer, () => render(path))).then(
    (page) => {
      if (!page) return serveNotFound(request);
      if ('location' in page) {
        return new Response(null, {
          status: page.status,
          headers: { location: page.location, 'cache-control': CACHE.redirect, ...pageSecurityHeaders() },
        });
      }
      return pageResponse(request, page);
    },
    (error) => {
      const refused = refusalOf(error, request);
      if (refused) return refused;
      log.error({ err: error, path }, 'on-demand render failed');
      return new Response('Internal Server Error', { status: 500 });
    },
  );
}
