// The pages rendered on request instead of exported: a tool's alternatives page and the comparisons
// (docs/decisions/0046). Each is rendered by the same server build as every other page and kept in memory while the
// catalogue stays (any change to a tool or to an editor's picks starts over), so a page that involves a tool no
// longer public answers 404 at once, and a crawler walking thousands of them costs one render each.
import { comparePairs } from '../../lib/alternatives';
import { CACHE, isRouteOf, pagePath, PAGE_ROUTES } from '../../lib/routes';
import { isSlugShaped } from '../../lib/slug';
import { config } from '../config';
import { pageSecurityHeaders } from '../plugins/security';
import { renderWhole } from './page-renderer';
import { keptRenders, tagsOfPage, type KeptRender } from './kept-renders';
import { refusalOf, sharedRenders, type Peer } from './render-budget';
import { pageResponse, preparePage, serveNotFound, type PreparedPage } from './static-site';
import { log } from '../log';

/** /tool/{slug}/alternatives and /compare/{a}-vs-{b} (the route table's). */
const isOnDemand = (path: string) => isRouteOf(path, 'alternatives', 'compare');

/**
 * Whether an on-demand path names what such a page can be about: a slug, or two joined by -vs-, each of the slug rule.
 * Anything else is a 404 before any read (a 15 KB chain of -vs- was thousands of reads).
 */
function isWellFormed(path: string): boolean {
  const pair = PAGE_ROUTES.compare.pattern.exec(path)?.groups?.pair;
  if (pair !== undefined) return comparePairs(pair).length > 0;
  const slug = PAGE_ROUTES.alternatives.pattern.exec(path)?.groups?.slug;
  return slug !== undefined && isSlugShaped(slug);
}

/** Rendered answers kept at most (about 20 KB each). */
const KEPT_PAGES = 1000;

/** What a render leaves to answer again: the page, a redirect to the canonical address, or null for the 404 page. */
type OnDemandAnswer = PreparedPage | { status: number; location: string } | null;

const kept = keptRenders<OnDemandAnswer>(KEPT_PAGES);
/** Renders under way, by path: concurrent first requests for one page share one render. */
const onDemandRenders = sharedRenders<KeptRender<OnDemandAnswer>>();

/** The answer, with the tags the render read (a 404 or a redirect too: the tools it looked up). */
async function render(path: string): Promise<KeptRender<OnDemandAnswer>> {
  const page = await renderWhole(path, { appDir: config.appDir, siteUrl: config.siteUrl });
  const headers = Object.fromEntries(page?.headers ?? []);
  const tags = page ? tagsOfPage(headers) : [];
  if (!page || page.status === 404) return { value: null, tags };
  if (page.status >= 300 && page.status < 400)
    return { value: { status: page.status, location: headers.location ?? '/' }, tags };
  return { value: preparePage(page.html, { status: page.status, headers: page.headers }), tags };
}

/**
 * The answer for an alternatives or compare page (null at once for any other path): 200 with the page, 301 to a
 * comparison's canonical address, or the 404 page. A render counts against the client's budget (`peer`, see
 * render-budget.ts), a kept answer does not. A failed render is not kept: it answers 500.
 */
export function serveOnDemandPage(request: Request, pathname: string, peer?: Peer): Promise<Response> | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = pagePath(pathname);
  if (!isOnDemand(path)) return null;
  if (!isWellFormed(path)) return serveNotFound(request);
  return kept(path, () => onDemandRenders(path, request, peer, () => render(path))).then(
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
