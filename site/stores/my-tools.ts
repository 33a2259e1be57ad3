// The signed-in user's own tools for the dashboard: GET /api/user/tools a page at a time, each page naming the next
// (its Link header), with one fetcher store per page so Load More keeps the pages shown and a refresh reloads each of
// them; and the counts of the stat cards (GET /api/user/tools/stats). Fetched only when signed in, no retry.
import { computed } from 'nanostores';
import { DIRECTORY_PAGE_SIZE } from '../../lib/constants';
import { apiUrl, type Answer } from '../../lib/api-client';
import { pageStores } from './pages';
import { $user, createFetcherStore, invalidateKeys } from './user';

export type MyTool = Answer<'GET /api/user/tools'>[number];

/** The first page, as many rows as a page of the directory; each page's answer names the next. */
export const MY_TOOLS_FIRST_PAGE = apiUrl('GET /api/user/tools', { query: { limit: DIRECTORY_PAGE_SIZE, offset: 0 } });

/** Every key of these stores starts with it (pages and counts). */
const MY_TOOLS_KEY = apiUrl('GET /api/user/tools');

const signedInKey = (key: string) => computed($user, ({ data }) => (data ? key : null));

/** The page of the user's tools (newest first) at `url`: MY_TOOLS_FIRST_PAGE, or the `next` of the page before. */
export const myToolsPage = pageStores('GET /api/user/tools', signedInKey);

export const $myToolStats = createFetcherStore<Answer<'GET /api/user/tools/stats'>>([signedInKey(apiUrl('GET /api/user/tools/stats'))]);

/** Fetches the pages shown and the counts again (after a change to one of the user's tools). */
export function refreshMyTools(): void {
  invalidateKeys((key) => key.startsWith(MY_TOOLS_KEY));
}
