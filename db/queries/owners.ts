// A tool's verified owners as its public pages show them (docs/decisions/0099): how and when each proved it.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { toolTag } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
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

/** The tools among `toolIds` (every tool: null) that have a verified owner now, in one query. */
export async function verifiedToolIds(toolIds: readonly number[] | null, database: Database): Promise<Set<number>> {
  if (toolIds?.length === 0) return new Set();
  const rows = await database
    .selectDistinct({ toolId: toolOwners.toolId })
    .from(toolOwners)
    .where(
      and(
        toolIds ? inArray(toolOwners.toolId, [...toolIds]) : undefined,
        eq(toolOwners.status, 'verified'),
        isNotNull(toolOwners.verifiedAt),
      ),
    );
  return new Set(rows.map((row) => row.toolId));
}

/**
 * The tools with `verifiedOwner` for their cards' mark, in one query for the batch (or with `owned`, the set a bulk
 * read got once). Each card's tool tag is recorded: a change of the tool's owners names it, and the page follows.
 */
export async function withOwnerMarks<T extends { id: number; slug: string }>(
  rows: readonly T[],
  database: Database = readDb(),
  owned?: Set<number>,
): Promise<(T & { verifiedOwner: boolean })[]> {
  readTags(rows.map((row) => toolTag(row.slug)));
  const marked =
    owned ??
    (await verifiedToolIds(
      rows.map((row) => row.id),
      database,
    ));
  return rows.map((row) => ({ ...row, verifiedOwner: marked.has(row.id) }));
}
