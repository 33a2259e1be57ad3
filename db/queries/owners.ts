// A tool's verified owners as its public pages show them (docs/decisions/0099): how and when each proved it.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { OWNERS_TAG, toolTag } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { collectTags, readTags } from '../page-tags';
import { keptWhileTagsStay } from './kept';
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

/** Every tool with a verified owner, kept until a change of owners (OWNERS_TAG): a card's mark costs no query. */
const keptOwned = keptWhileTagsStay<Set<number>>(1);

/**
 * The tools that have a verified owner now. Read once and kept in the process until a change of owners names
 * OWNERS_TAG; the tag stays out of the caller's page (each card records its own tool's tag, which the same change
 * names), so an owner's change never re-renders every page with a card.
 */
export async function toolsWithOwners(database: Database = readDb()): Promise<Set<number>> {
  const { value } = await collectTags(() =>
    keptOwned(
      'owned',
      async () => {
        readTags([OWNERS_TAG]);
        const rows = await database
          .selectDistinct({ toolId: toolOwners.toolId })
          .from(toolOwners)
          .where(and(eq(toolOwners.status, 'verified'), isNotNull(toolOwners.verifiedAt)));
        return new Set(rows.map((row) => row.toolId));
      },
      database,
    ),
  );
  return value;
}

/**
 * The tools with `verifiedOwner` for their cards' mark. Each card's tool tag is recorded: a change of the tool's owners
 * names it, and the page follows.
 */
export async function withOwnerMarks<T extends { id: number; slug: string }>(
  rows: readonly T[],
  database: Database = readDb(),
): Promise<(T & { verifiedOwner: boolean })[]> {
  readTags(rows.map((row) => toolTag(row.slug)));
  const owned = await toolsWithOwners(database);
  return rows.map((row) => ({ ...row, verifiedOwner: owned.has(row.id) }));
}
