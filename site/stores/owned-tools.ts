// The tools a member has claimed (docs/decisions/0099): GET /api/owners/tools, and the public record of one that the
// Edit dialog starts from (a verified owner did not submit it, so it is not among their submissions).
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { createFetcherStore, signedInKey } from './user';

export type OwnedTool = Answer<'GET /api/owners/tools'>[number];

export const $ownedTools = createFetcherStore<Answer<'GET /api/owners/tools'>>([
  signedInKey(apiUrl('GET /api/owners/tools')),
]);

/** The tool as its public page shows it: the fields a change request edits. */
export function fetchOwnedToolRecord(slug: string): Promise<Answer<'GET /api/tools/slug/:slug'>> {
  return api('GET /api/tools/slug/:slug', { params: { slug } });
}
