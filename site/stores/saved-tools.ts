// A member's saved tools (docs/decisions/0108): GET /api/saved-tools for the dashboard, and Remove.
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { createFetcherStore, revalidateKeys, signedInKey } from './user';

const SAVED_URL = apiUrl('GET /api/saved-tools');

export const $savedTools = createFetcherStore<Answer<'GET /api/saved-tools'>>([signedInKey(SAVED_URL)]);

/** Removes a saved tool and reloads the list; answers the message to show. */
export async function removeSavedTool(slug: string): Promise<string> {
  const { message } = await api('DELETE /api/saved-tools/:slug', { params: { slug } });
  await revalidateKeys(SAVED_URL);
  return message;
}
