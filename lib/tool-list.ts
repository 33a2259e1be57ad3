// GET /api/tools as the islands read it: SPEC.md's array of tools, the spelling correction the search ran with, which
// the answer's X-Search-Suggestion header carries beside the array (lib/directory.ts), and which tools have a verified
// owner (X-Verified-Owners, lib/owner-mark.ts).
import { apiUrl, type ApiAddress, type Answer } from './api-client';
import { suggestionFrom } from './directory';
import { getOk } from './http';
import { ownedSlugsFrom } from './owner-mark';

export interface ToolList {
  /** Each with whether it has a verified owner (its card's mark). */
  tools: (Answer<'GET /api/tools'>[number] & { verifiedOwner: boolean })[];
  /** The corrected search whose tools these are, when a typed word was in no tool; else null. */
  suggestion: string | null;
}

/** A page of the catalogue for `query`; a non-OK answer throws, and so does an abort through `signal`. */
export async function fetchToolList(
  query: ApiAddress<'GET /api/tools'>['query'],
  signal?: AbortSignal,
): Promise<ToolList> {
  const res = await getOk(apiUrl('GET /api/tools', { query }), signal);
  const owned = ownedSlugsFrom(res.headers);
  const tools = (await res.json()) as Answer<'GET /api/tools'>;
  return {
    tools: tools.map((tool) => ({ ...tool, verifiedOwner: owned.has(tool.slug) })),
    suggestion: suggestionFrom(res.headers),
  };
}
