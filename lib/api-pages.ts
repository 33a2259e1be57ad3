// The typed client's paged calls (`paged` in the contract's endpoints map): one page of a list, and the address of
// the next page, which the answer's `Link: <...>; rel="next"` header names (RFC 8288). Apart from lib/api-client.ts so
// that only the islands that page load it.
import type { Answer, Endpoint, Schemas } from './api-client';
import { getOk } from './http';

/** The calls whose answer is a page of a list. */
export type PagedEndpoint = { [E in Endpoint]: Schemas<E> extends { paged: true } ? E : never }[Endpoint];

/** One page of a paged list: its items and the address of the next page, or null on the last one. */
export interface ApiPage<E extends PagedEndpoint> {
  items: Answer<E>;
  next: string | null;
}

/** The target of a `Link` header's rel="next", resolved against the page's own address; null without one. */
export function nextLink(link: string | null, base: string): string | null {
  for (const [, target, params] of (link ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = params.match(/;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i);
    if (!(rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).includes('next')) continue;
    const page = new URL(base, 'http://localhost');
    const next = new URL(target, page);
    return next.origin === page.origin && !URL.canParse(base) ? next.pathname + next.search : next.href;
  }
  return null;
}

/** Reads one page of a paged list by its address (apiUrl's, or the `next` of the page before). A non-OK answer throws. */
export async function apiPage<E extends PagedEndpoint>(_endpoint: E, url: string): Promise<ApiPage<E>> {
  const res = await getOk(url);
  return { items: (await res.json()) as Answer<E>, next: nextLink(res.headers.get('link'), url) };
}
