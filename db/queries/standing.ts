// What a tool page shows about how true its listing is kept (docs/decisions/0098): its verified owners, its link
// health and the public notes of corrections, read for one page or for a batch of the export alike. Each part changes
// only with the tool's own tag (`tool:{slug}`): a write that changes one names it.
import type { Database } from '../client';
import { linkNotesOf, type LinkNote } from './link-health';
import { verifiedOwnersOf, type VerifiedOwnerMark } from './owners';
import { toolNotesOf, type PublicToolNote } from './tool-notes';

export interface ToolStanding {
  owners: VerifiedOwnerMark[];
  /** Null until the tool's address was first checked. */
  link: LinkNote | null;
  notes: PublicToolNote[];
}

/** The standing of each of these tools (every id has one). */
export async function standingsOf(toolIds: readonly number[], database: Database): Promise<Map<number, ToolStanding>> {
  const [owners, links, notes] = await Promise.all([
    verifiedOwnersOf(toolIds, database),
    linkNotesOf(toolIds, database),
    toolNotesOf(toolIds, database),
  ]);
  return new Map(
    toolIds.map((id) => [
      id,
      { owners: owners.get(id) ?? [], link: links.get(id) ?? null, notes: notes.get(id) ?? [] },
    ]),
  );
}
