// What a verified owner gets (docs/decisions/0099): whether a member owns a tool now, and the tools they have claimed.
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { changeRequests, toolOwners, tools } from '../../db/schema';
import type { OwnedTool } from '../../lib/contract';
import { CHANGE_REQUEST_STATUS } from '../../lib/tool-status';

/** Whether the member is a verified owner of the tool now (pending, lapsed, suspended and revoked claims are not). */
export async function isVerifiedOwner(userId: number, toolId: number, reader: Executor = db): Promise<boolean> {
  const [row] = await reader
    .select({ id: toolOwners.id })
    .from(toolOwners)
    .where(and(eq(toolOwners.userId, userId), eq(toolOwners.toolId, toolId), eq(toolOwners.status, 'verified')))
    .limit(1);
  return row !== undefined;
}

/** The condition "the member is a verified owner of this tool row", for the queries that list a member's tools. */
export const verifiedOwnerOf = (userId: number) =>
  sql`exists (select 1 from ${toolOwners} where ${toolOwners.toolId} = ${tools.id} and ${toolOwners.userId} = ${userId} and ${toolOwners.status} = 'verified')`;

/** Every tool the member has claimed, newest claim first, with the claim's state and whether a change is waiting. */
export async function ownedTools(userId: number): Promise<OwnedTool[]> {
  const pendingChange = sql<number>`exists (select 1 from ${changeRequests} where ${changeRequests.toolId} = ${tools.id} and ${changeRequests.status} = ${CHANGE_REQUEST_STATUS.pending})`;
  const rows = await db
    .select({
      claimId: toolOwners.id,
      toolId: tools.id,
      name: tools.name,
      slug: tools.slug,
      status: tools.status,
      method: toolOwners.method,
      claimStatus: toolOwners.status,
      createdAt: toolOwners.createdAt,
      verifiedAt: toolOwners.verifiedAt,
      lastCheckedAt: toolOwners.lastCheckedAt,
      recheckDueAt: toolOwners.recheckDueAt,
      graceUntil: toolOwners.graceUntil,
      endedAt: toolOwners.endedAt,
      endReason: toolOwners.endReason,
      pendingChangeRequest: pendingChange.mapWith(Boolean),
    })
    .from(toolOwners)
    .innerJoin(tools, eq(tools.id, toolOwners.toolId))
    .where(eq(toolOwners.userId, userId))
    .orderBy(desc(toolOwners.createdAt), desc(toolOwners.id));
  return rows;
}
