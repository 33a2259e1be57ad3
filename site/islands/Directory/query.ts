// What the directory island makes of a query: the catalogue's request for one of its pages, the history entry it
// stores, and what the live region says once its results are in.
import { DIRECTORY_PAGE_SIZE } from '../../../lib/constants';
import { DEFAULT_SORT, type DirectoryQuery } from '../../../lib/directory';

/** Whether a history entry's state is a query this island stored. */
export function isDirectoryQuery(state: unknown): state is DirectoryQuery {
  return (
    typeof state === 'object' &&
    state !== null &&
    'sort' in state &&
    'page' in state &&
    Array.isArray((state as DirectoryQuery).categories)
  );
}

/** The API's query for a directory query's page (page is 1-based). */
export function apiQuery(q: DirectoryQuery, page: number) {
  return {
    limit: DIRECTORY_PAGE_SIZE,
    offset: (page - 1) * DIRECTORY_PAGE_SIZE,
    search: q.search || undefined,
    category: [...q.categories],
    pricing: [...q.pricing],
    minRating: q.minRating || undefined,
    includeDiscontinued: q.includeDiscontinued || undefined,
    sort: q.sort === DEFAULT_SORT ? undefined : q.sort,
  };
}

/** What the live region says once a query's results are in. */
export function resultsText(total: number, q: DirectoryQuery, suggestion: string | null): string {
  const found = `${total} ${total === 1 ? 'tool' : 'tools'} found`;
  return suggestion
    ? `No tools match ${q.search}. Showing ${found.replace(' found', '')} for ${suggestion}.`
    : `${found}.`;
}
