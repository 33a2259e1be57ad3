// The pages rendered on request and kept in memory while no change touches a tag their render read (the freshness
// rule, README.md), each render counted against its client's budget (render-budget.ts), a kept answer not. They are:
// - instead of exported (docs/decisions/0046): a tool's alternatives page and the comparisons, so a page that involves a
//   tool no longer public answers 404 at once, and a crawler walking thousands of them costs one render each; and the
//   Open Graph images of tools and posts (docs/decisions/0048, 0085), too slow to render for every page of a build;
// - an address with a query, rendered by the same .astro page as its static file (which serves only the bare address):
//   the directory's filters (filtered, sorted and paged without JavaScript and for crawlers) and the form pages'
//   /auth?tab=register, /auth?next=/submit and /contact?sent=1 (docs/decisions/0068), /auth/verify?sent=1 and ?done=
//   (0094), and /report?tool=… (0101);
// - a page changed since the live build (live-pages.ts says which), until a build that covers it is live (0090).
import { DIRECTORY_PARAMS, parseDirectoryQuery } from '../../lib/catalogue-query';
import { SURROGATE_KEY, tagsOfHeader } from '../../lib/cache-tags';
import { directoryHref } from '../../lib/directory';
import {
  CONTACT_SENT_PARAM,
  FORM_ACTIONS,
  REPORT_PARAMS,
  VERIFY_DONE_PARAM,
  VERIFY_OUTCOMES,
  VERIFY_SENT_PARAM,
} from '../../lib/form-pages';
import { NEXT_PARAM, returnPath } from '../../lib/return-to';
import { REPORT_REFERENCE_SHAPE, REPORT_TYPES } from '../../lib/reports';
import { comparePairs } from '../../lib/alternatives';
import { CACHE, isRouteOf, PAGE_ROUTES, pagePath, routeOf } from '../../lib/routes';
import { isSlugShaped } from '../../lib/slug';
import { config } from '../config';
import { keptWhileTagsStay } from '../../db/queries/kept';
import { readTags } from '../../db/page-tags';
import { log } from '../log';
import { clientAddress, pageSecurityHeaders } from '../plugins/security';
import { renderPage } from './page-renderer';
import { ownRender, refusalOf, RenderRefused, type Peer } from './render-budget';
import { pageResponse, preparePage, serveNotFound, type PreparedPage } from './static-site';

/** What a render leaves to answer again: the page, a redirect (a comparison's canonical address), or null: the 404 page. */
type Answer = PreparedPage | { status: number; location: string } | null;

/** The render of `href` through the server build, with the tags it read (a 404 or a redirect too: what it looked up). */
async function render(href: string, serves: (status: number) => boolean): Promise<{ value: Answer; tags: string[] }> {
  const page = await renderPage(href, { appDir: config.appDir, siteUrl: config.siteUrl });
  const status = page?.status ?? 404;
  if (!serves(status)) throw new Error(`${href} answered ${status}`);
  const headers = Object.fromEntries(page?.headers ?? []);
  const tags = tagsOfHeader(headers[SURROGATE_KEY]);
  if (!page || status === 404) return { value: null, tags };
  if (status >= 300 && status < 400) return { value: { status, location: headers.location ?? '/' }, tags };
  // Read as bytes: an image is not text (preparePage leaves it uncompressed).
  return { value: preparePage(new Uint8Array(await page.arrayBuffer()), { status, headers: page.headers }), tags };
}

/** The response for a kept answer, each time it is asked for (the 404 page is the live build's own). */
function answer(request: Request, kept: Answer): Promise<Response> | Response {
  if (kept === null) return serveNotFound(request);
  if (!('location' in kept)) return pageResponse(request, kept);
  const headers = { location: kept.location, 'cache-control': CACHE.redirect, ...pageSecurityHeaders() };
  return new Response(null, { status: kept.status, headers });
}

/**
 * The renders of one kind of page, by address, at most `limit` kept while no change touches the tags they read. A
 * render runs for its request's client (`peer`; an IPv6 /64 is one) within the render limits, and is shared: a request
 * for a page whose render is under way waits for it (a burst of visitors to one new page is one render, not a 503 for
 * those past the cap), and asks for its own if that render's client was refused; each caller records its tags.
 * `serves`: the statuses a render may answer (no page counts as 404): a 404 answers the build's 404 page, a redirect
 * its address, any other the page. Any other status is a failure, answered by `failed` (null: the static file) and
 * not kept.
 */
function keptRenders<Failed extends Response | null>(
  limit: number,
  serves: (status: number) => boolean,
  failed: () => Failed,
) {
  const kept = keptWhileTagsStay<Answer>(limit);
  const underway = new Map<string, ReturnType<typeof render>>();
  return (href: string, request: Request, peer?: Peer): Promise<Response | Failed> =>
    kept(href, async () => {
      const own = () => ownRender(clientAddress(request, peer?.()), () => render(href, serves));
      let made = underway.get(href)?.catch((error) => (error instanceof RenderRefused ? own() : Promise.reject(error)));
      if (!made) underway.set(href, (made = own().finally(() => underway.delete(href))));
      const { value, tags } = await made;
      readTags(tags);
      return value;
    }).then(
      (page) => answer(request, page),
      (error: unknown) => {
        const refused = refusalOf(error, request);
        if (refused) return refused;
        log.error({ err: error, path: href }, 'on-demand render failed');
        return failed();
      },
    );
}

const staticFile = () => null;
const internalError = () => new Response('Internal Server Error', { status: 500 });

/** The directory's queries: kept at most 100 (each a page of about 60 KB); any answer below 500 is served. */
const directoryPages = keptRenders(100, (status) => status < 500, staticFile);
/** The form pages' queries: kept at most 200 (a page each of about 20 KB; a `next` per page a visitor was sent from). */
const formPages = keptRenders(200, (status) => status === 200, staticFile);
/** Pages changed since the live build: kept at most 500 (about 30 KB each); a 404 answers the build's 404 page. */
export const changedPageRenders = keptRenders(500, (status) => status < 500, staticFile);
/** Alternatives, compare and digest issue pages: kept at most 1000 (about 20 KB each); a failed render answers 500. */
const onDemandPages = keptRenders(1000, () => true, internalError);
/** Open Graph images: kept at most 500 (about 33 KB each, decision 0085), apart, so pages do not push them out. */
const onDemandImages = keptRenders(500, () => true, internalError);

/** The directory's address as sent, with or without its trailing slash. */
const DIRECTORY_PATHS: ReadonlySet<string> = new Set([PAGE_ROUTES.directory.path, `${PAGE_ROUTES.directory.path}/`]);

/** The form page's address to render for a query, read as the page reads it (anything else dropped); null: none. */
function formPageHref(path: string, search: URLSearchParams): string | null {
  const page = pagePath(path);
  const query = new URLSearchParams();
  if (page === '/auth') {
    if (search.get('tab') === 'register') query.set('tab', 'register');
    const next = returnPath(search.get(NEXT_PARAM));
    if (next) query.set(NEXT_PARAM, next);
  } else if (page === '/contact') {
    if (search.get(CONTACT_SENT_PARAM) === '1') query.set(CONTACT_SENT_PARAM, '1');
  } else if (page === FORM_ACTIONS.report) {
    const tool = search.get(REPORT_PARAMS.tool);
    if (tool && isSlugShaped(tool)) {
      query.set(REPORT_PARAMS.tool, tool);
      const sent = search.get(REPORT_PARAMS.sent);
      const type = REPORT_TYPES.find((known) => known === search.get(REPORT_PARAMS.type));
      if (sent && REPORT_REFERENCE_SHAPE.test(sent)) query.set(REPORT_PARAMS.sent, sent);
      else if (type) query.set(REPORT_PARAMS.type, type);
    }
  } else if (page === FORM_ACTIONS.verifyEmail) {
    const done = VERIFY_OUTCOMES.find((outcome) => outcome === search.get(VERIFY_DONE_PARAM));
    if (done) query.set(VERIFY_DONE_PARAM, done);
    else if (search.get(VERIFY_SENT_PARAM) === '1') query.set(VERIFY_SENT_PARAM, '1');
  }
  return query.size > 0 ? `${page}?${query}` : null;
}

/**
 * The directory or a form page rendered for the query of `request`, or null when the static file answers: another
 * path, another method, or no parameter the page reads. The query is read as the page reads it (unknown values
 * dropped, options in one order), so equal queries share one render. A failed render answers null too.
 */
export function serveQueryPage(request: Request, path: string, peer?: Peer): Promise<Response | null> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const queryAt = request.url.indexOf('?');
  if (queryAt < 0) return null;
  const search = new URLSearchParams(request.url.slice(queryAt + 1));
  if (DIRECTORY_PATHS.has(path)) {
    if (!DIRECTORY_PARAMS.some((name) => search.has(name))) return null;
    return directoryPages(directoryHref(parseDirectoryQuery(search)), request, peer);
  }
  const href = formPageHref(path, search);
  return href === null ? null : formPages(href, request, peer);
}

/**
 * Whether an on-demand path names what such a page can be about: a slug, or two joined by -vs-, each of the slug rule.
 * Anything else is a 404 before any read (a 15 KB chain of -vs- was thousands of reads).
 */
function isWellFormed(path: string): boolean {
  const { pair, slug, date } = routeOf(path)?.params ?? {};
  if (pair !== undefined) return comparePairs(pair).length > 0;
  // A digest issue's day: its pattern already holds it to YYYY-MM-DD.
  if (date !== undefined) return true;
  return slug !== undefined && isSlugShaped(slug);
}

/**
 * The answer for an alternatives or compare page or an Open Graph image (null at once for any other path), asked
 * before a 404 (static-site.ts, for a GET or HEAD): 200 with the page, 301 to a comparison's canonical address, or the
 * 404 page; a failed render answers 500.
 */
export function serveOnDemandPage(request: Request, pathname: string, peer?: Peer): Promise<Response> | null {
  const path = pagePath(pathname);
  if (!isRouteOf(path, 'alternatives', 'compare', 'newsletterIssue', 'ogTool', 'ogPost')) return null;
  const pages = isRouteOf(path, 'ogTool', 'ogPost') ? onDemandImages : onDemandPages;
  return isWellFormed(path) ? pages(path, request, peer) : serveNotFound(request);
}
