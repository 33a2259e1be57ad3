// A tool's link health as its public page shows it (docs/decisions/0102): when it was last checked, and since when it
// could not be reached.
import type { Database } from '../client';
import type { LinkState } from '../../lib/link-health';

export interface LinkNote {
  state: LinkState;
  checkedAt: Date;
  /** The first failing day, from 'failing' on; null otherwise. */
  failingSince: Date | null;
}

/** The link note of each checked tool (a tool never checked is absent from the map). */
export async function linkNotesOf(_toolIds: readonly number[], _database: Database): Promise<Map<number, LinkNote>> {
  return new Map();
}
