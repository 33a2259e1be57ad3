// GET /api/tools as the islands read it: SPEC.md's array of tools, and the spelling correction the search ran with,
// which the answer's X-Search-Suggestion header carries beside the array (lib/directory.ts).
import { apiUrl, type ApiAddress, type Answer } from './api-client';
import { suggestionFrom } from './directory';
import { getOk } from './http';

export interface ToolList {
  tools: Answer<'GET /api/tools'>;
  /** The corrected search whose tools these are, when a typed word was in no tool; else null. */
  suggestion: string | null;
}

/** A page of the catalogue for `query`; a non-OK answer throws, and so does an abort through `signal`. */
export async function fetchToolList(
  query: ApiAddress<'GET /api/tools'>['query'],
  signal?: AbortSignal,
): Promise<ToolList> {
  const res = await getOk(apiUrl('GET /api/tools', { query }), signal);
  return { tools: (await res.json()) as ToolList['tools'], suggestion: suggestionFrom(res.headers) };
}
