// What every write of a tool shares, for submissions, owners' change requests and the staff's edits: the URL it holds
// must be free, a new slug must be free, and its record (every field but the internal duplicate key) is what its owner
// and the staff are answered.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tools, type Tool } from '../../db/schema';
import type { ToolRecord } from '../../lib/contract';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { TOOL_STATUS, URL_HOLDING_STATUSES } from '../../lib/tool-status';
import { conflict } from '../plugins/errors';
import { freeSlug } from '../services/slugs';

export function toolRecord(tool: Tool): ToolRecord {
  // premiumLapsed is billing's bookkeeping (decision 0052), not part of the tool.
  const { urlKey: _key, premiumLapsed: _lapsed, ...record } = tool;
  return record;
}

/** Refuses a URL that another live or pending tool already has, naming that tool (409). */
export async function assertUrlFree(reader: Executor, url: string, exceptToolId?: number): Promise<void> {
  const [existing] = await reader
    .select({ name: tools.name, status: tools.status })
    .from(tools)
    .where(
      and(
        eq(tools.urlKey, urlKey(url)),
        inArray(tools.status, [...URL_HOLDING_STATUSES]),
        exceptToolId === undefined ? undefined : ne(tools.id, exceptToolId),
      ),
    )
    .limit(1);
  if (!existing) return;
  throw conflict(existing.status === TOOL_STATUS.pending ? MSG.toolAlreadyPending(existing.name) : MSG.toolAlreadyListed(existing.name));
}

/** A free slug for a tool called `name`. */
export function freeToolSlug(tx: Executor, name: string, exceptToolId?: number): Promise<string> {
  return freeSlug(tx, tools, name, 'tool', exceptToolId);
}
