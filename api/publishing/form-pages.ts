// The form pages' addresses with a query, rendered on demand by the same .astro page as their static file, so they
// work without JavaScript (docs/decisions/0068): /auth?tab=register and /auth?next=/submit (the tab to open, the page
// to return to after signing in, carried by the form), and /contact?sent=1 (the message was received). The static file
// serves only the bare address; a rendered answer is kept until a change touches its tags, like the directory's (a
// form page reads no data: until the next start).
import { CONTACT_SENT_PARAM } from '../../lib/form-pages';
import { pagePath } from '../../lib/routes';
import { NEXT_PARAM, returnPath } from '../../lib/return-to';
import { queryPages } from './query-pages';
import type { Peer } from './render-budget';

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
