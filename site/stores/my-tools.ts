import { DIRECTORY_PAGE_SIZE } from '../../lib/constants';
import { api, apiUrl, type Answer, type ApiRequest } from '../../lib/api-client';
import type { ToolImageKind } from '../../lib/premium-assets';
import { pageStores } from './pages';
import { createFetcherStore, signedInKey, invalidateKeys } from './user';

export type MyTool = Answer<'GET /api/user/tools'>[number];
/** One of the owner's tools in full, whatever its status (the submit form's ?edit=, the private preview). */
export type OwnTool = Answer<'GET /api/user/tools/:id'>;

/** The first page, as many rows as a page of the directory; each page's answer names the next. */
export const MY_TOOLS_FIRST_PAGE = apiUrl('GET /api/user/tools', { query: { limit: DIRECTORY_PAGE_SIZE, offset: 0 } });

/** Every key of these stores starts with it (pages and counts). */
const MY_TOOLS_KEY = apiUrl('GET /api/user/tools');

/** The page of the user's tools (newest first) at `url`: MY_TOOLS_FIRST_PAGE, or the `next` of the page before. */
export const myToolsPage = pageStores('GET /api/user/tools', signedInKey);

/** Where the user's pending tools stand in the review queue, and why their rejected ones were rejected. */
export const $myQueue = createFetcherStore<Answer<'GET /api/user/tools/queue'>>([
  signedInKey(apiUrl('GET /api/user/tools/queue')),
]);

export const $myToolStats = createFetcherStore<Answer<'GET /api/user/tools/stats'>>([
  signedInKey(apiUrl('GET /api/user/tools/stats')),
]);

/** Fetches the pages shown and the counts again (after a change to one of the user's tools). */
function refreshMyTools(): void {
  invalidateKeys((key) => key.startsWith(MY_TOOLS_KEY));
}

/** The owner's tool `id` (the address's text); a tool of someone else's, or none, throws the API's 404. */
export function fetchOwnTool(id: string): Promise<OwnTool> {
  return api('GET /api/user/tools/:id', { params: { id } });
}

/** The call that rewrites a submission of the owner's, by its status: saved while pending, resubmitted once rejected. */
const REWRITE_CALL = { pending: 'PUT /api/user/tools/:id', rejected: 'POST /api/user/tools/:id/resubmit' } as const;

/**
 * Sends the submit form: a new submission, or the owner's pending or rejected one (`rewrite`) rewritten. Then every
 * list of the user's and the user (the premium quota) are fetched afresh: every key under /api/user, GET /api/user too.
 */
export async function sendSubmission(
  body: FormData,
  rewrite?: { id: number; status: keyof typeof REWRITE_CALL },
): Promise<void> {
  if (rewrite) await api(REWRITE_CALL[rewrite.status], { params: { id: rewrite.id }, body });
  else await api('POST /api/tools', { body });
  invalidateKeys((key) => key.startsWith('/api/user'));
}

/** Files a change request for an approved tool of the owner's; their tools are fetched afresh. */
export async function requestChange(
  id: number,
  values: NonNullable<ApiRequest<'POST /api/tools/:id/change-requests'>['body']>,
): Promise<void> {
  await api('POST /api/tools/:id/change-requests', { params: { id }, body: values });
  refreshMyTools();
}

/** Uploads an image for a premium tool's change request; the answer is the path the request names. */
export async function uploadToolImage(id: number, file: File, kind: ToolImageKind): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  body.append('kind', kind);
  return (await api('POST /api/tools/:id/images', { params: { id }, body })).url;
}
