// The public catalogue as the islands and the site search read it: a page of tools for a query (GET /api/tools, with
// the spelling correction its X-Search-Suggestion header carries, lib/tool-list.ts), the filters' counts (GET
// /api/tools/facets) and the articles matching a search (GET /api/blog/search). No cache and no nanoquery here: the
// site search loads this on every page, and each query is asked once, a newer one aborting the last through `signal`.
import { apiUrl, type ApiAddress, type Answer } from '../../lib/api-client';
import { getJson } from '../../lib/http';
import { fetchToolList, type ToolList } from '../../lib/tool-list';

export type { ToolList };

/** What the catalogue's calls take: limit, offset, search, categories, pricing, minimum rating, sort. */
type CatalogueQuery = NonNullable<ApiAddress<'GET /api/tools'>['query']>;

/** A page of the catalogue for `query`; a non-OK answer throws, and so does an abort through `signal`. */
export function searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<ToolList> {
  return fetchToolList(query, signal);
}

/** How many tools each filter would find for `query` (and the total). */
export function catalogueFacets(query: CatalogueQuery, signal?: AbortSignal): Promise<Answer<'GET /api/tools/facets'>> {
  return getJson(apiUrl('GET /api/tools/facets', { query }), signal);
}

/** The articles (published posts) matching `search`, best first, each with the passage that shows the words. */
export type ArticleMatch = Answer<'GET /api/blog/search'>['posts'][number];

/** The articles matching `search` (at most 3); a non-OK answer throws, and so does an abort through `signal`. */
export async function searchArticles(search: string, signal?: AbortSignal): Promise<ArticleMatch[]> {
  const { posts } = await getJson<Answer<'GET /api/blog/search'>>(
    apiUrl('GET /api/blog/search', { query: { q: search } }),
    signal,
  );
  return posts;
}
