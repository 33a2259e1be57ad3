// A tool's verified owners as its public pages show them (docs/decisions/0099): how and when each proved it.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../client';
import { toolOwners } from '../schema';
import type { ClaimMethod } from '../../lib/claims';

export interface VerifiedOwnerMark {
  method: ClaimMethod;
  verifiedAt: Date;
}

/**
 * The verified owners of each tool, first verified first (a tool without one is absent from the map). Only a claim in
 * status 'verified' counts: pending, lapsed, suspended and revoked ones show nothing. One query for the batch.
 */
export async function verifiedOwnersOf(
  toolIds: readonly number[],
  database: Database,
): Promise<Map<number, VerifiedOwnerMark[]>> {
  const owners = new Map<number, VerifiedOwnerMark[]>();
  if (toolIds.length === 0) return owners;
  const rows = await database
    .select({ toolId: toolOwners.toolId, method: toolOwners.method, verifiedAt: toolOwners.verifiedAt })
    .from(toolOwners)
    .where(
      and(
        inArray(toolOwners.toolId, [...toolIds]),
        eq(toolOwners.status, 'verified'),
        isNotNull(toolOwners.verifiedAt),
      ),
    )
    .orderBy(asc(toolOwners.verifiedAt), asc(toolOwners.id));
  for (const { toolId, method, verifiedAt } of rows) {
    const mark = { method, verifiedAt: verifiedAt! };
    const list = owners.get(toolId);
    if (list) list.push(mark);
    else owners.set(toolId, [mark]);
  }
  return owners;
}
