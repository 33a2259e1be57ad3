// Paged lists in the islands: one fetcher store per page of a paged call, kept by the page's address, so a list that
// loads page after page keeps each page shown and a refresh reloads each of them (lib/api-pages.ts reads a page).
import type { ReadableAtom } from 'nanostores';
import type { FetcherStore } from '@nanostores/query';
import { apiPage, type ApiPage, type PagedEndpoint } from '../../lib/api-pages';
import { createFetcherStore } from './user';

/** The store of each page of `endpoint` by its address (the first page's, or a page's `next`); `keyOf` gates the fetch. */
export function pageStores<E extends PagedEndpoint>(
  endpoint: E,
  keyOf: (url: string) => ReadableAtom<string | null>,
): (url: string) => FetcherStore<ApiPage<E>> {
  const stores = new Map<string, FetcherStore<ApiPage<E>>>();
  return (url) => {
    let store = stores.get(url);
    if (!store) {
      store = createFetcherStore<ApiPage<E>>([keyOf(url)], { fetcher: (...keys) => apiPage(endpoint, keys.join('')) });
      stores.set(url, store);
    }
    return store;
  };
}
