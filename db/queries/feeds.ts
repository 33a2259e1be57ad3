// Reads for the machine-readable pages: the feeds of newly approved tools and /llms.txt.
import { desc, eq } from 'drizzle-orm';
import { TOOLS_TAG } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { tools } from '../schema';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { publicToolColumns, type PublicTool } from './tools';

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
