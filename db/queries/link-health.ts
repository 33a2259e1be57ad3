// A tool's link health as its public page shows it (docs/decisions/0102): when it was last checked, and since when it
// could not be reached.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../client';
import { linkHealth } from '../schema';
import { shownState, type LinkState } from '../../lib/link-health';

export interface LinkNote {
  state: LinkState;
  checkedAt: Date;
  /** The first failing day, from 'failing' on; null otherwise. */
  failingSince: Date | null;
}

/** The link note of each checked tool (a tool never checked is absent from the map), in one query. */
export async function linkNotesOf(toolIds: readonly number[], database: Database): Promise<Map<number, LinkNote>> {
  if (toolIds.length === 0) return new Map();
  const rows = await database
    .select({
      toolId: linkHealth.toolId,
      state: linkHealth.state,
      checkedAt: linkHealth.lastCheckedAt,
      failingSince: linkHealth.failingSince,
    })
    .from(linkHealth)
    .where(and(inArray(linkHealth.toolId, [...toolIds]), isNotNull(linkHealth.lastCheckedAt)));
  return new Map(
    rows.map(({ toolId, state, checkedAt, failingSince }) => {
      const shown = shownState(state) !== null;
      return [toolId, { state, checkedAt: checkedAt as Date, failingSince: shown ? failingSince : null }];
    }),
  );
}
