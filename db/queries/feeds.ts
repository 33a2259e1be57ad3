// Reads for the machine-readable pages and lists of tools outside the directory: the feeds of newly approved tools,
// /llms.txt, and /graveyard with its feed.
import { desc, eq } from 'drizzle-orm';
import { TOOLS_TAG } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { tools } from '../schema';
import { PUBLIC_TOOL_STATUS, TOOL_STATUS } from '../../lib/tool-status';
import { pageToolColumns, pageToolOf, publicToolColumns, type DiscontinuedMark, type PublicTool } from './tools';

/** The newest approved public tools, newest approval first (read from tools_public_newest_idx, not a sort). */
export function newlyApprovedTools(limit: number, database: Database = readDb()): Promise<PublicTool[]> {
  readTags([TOOLS_TAG]);
  return database
    .select(publicToolColumns)
    .from(tools)
    .where(eq(tools.status, PUBLIC_TOOL_STATUS))
    .orderBy(desc(tools.approvedAt), desc(tools.id))
    .limit(limit);
}

/** A tool of /graveyard: the tool and when and why it ended. */
export interface BuriedTool {
  tool: PublicTool;
  discontinued: DiscontinuedMark;
}

/**
 * The discontinued tools, most recently discontinued first (docs/decisions/0103); `limit` for the feed. They depend
 * on TOOLS_TAG, which every change to a tool with a page names (discontinue and revive included).
 */
export async function discontinuedTools(limit?: number, database: Database = readDb()): Promise<BuriedTool[]> {
  readTags([TOOLS_TAG]);
  const query = database
    .select(pageToolColumns)
    .from(tools)
    .where(eq(tools.status, TOOL_STATUS.discontinued))
    .orderBy(desc(tools.discontinuedAt), desc(tools.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.flatMap((row) => {
    const { tool, discontinued } = pageToolOf(row);
    return discontinued ? [{ tool, discontinued }] : [];
  });
}
