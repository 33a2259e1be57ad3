// What the digest and the daily alert read of follows (docs/decisions/0105, 0108): each subscriber's follow events not
// yet sent, and marking them sent so each arrives once (whichever of the two sends it first).
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { followEvents, follows, subscribers, tools } from '../../db/schema';
import { categoryLabel, isCategoryId } from '../../lib/category-pages';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { pricingLabel } from '../../lib/format';
import type { FollowEventKind, FollowUpdate } from '../../lib/newsletter';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';

/** The statuses of a tool with a page, as an SQL list for the raw subquery below. */
const PAGE_STATUS_LIST = sql`(${sql.join(
  PAGE_TOOL_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** The line an event reads as. */
function updateText(
  kind: FollowEventKind,
  detail: Record<string, unknown>,
  alternativeName: string | null,
  category: string | null,
): string {
  switch (kind) {
    case 'rereview':
      return ENGAGE_MSG.updateRereview;
    case 'score':
      return ENGAGE_MSG.updateScore(detail.from as number | null, detail.to as number);
    case 'pricing':
      return ENGAGE_MSG.updatePricing(pricingLabel(String(detail.from)), pricingLabel(String(detail.to)));
    case 'discontinued':
      return ENGAGE_MSG.updateDiscontinued;
    case 'revived':
      return ENGAGE_MSG.updateRevived;
    case 'alternative':
      return ENGAGE_MSG.updateAlternative(alternativeName ?? '');
    case 'approved':
      return ENGAGE_MSG.updateApproved(category && isCategoryId(category) ? categoryLabel(category) : String(category));
  }
}

/**
 * Per subscriber, the events on what they follow newer than their alertsSentThrough, oldest first. One query for the
 * whole batch. Only confirmed addresses get any; an event older than the follow is not news to the follower; an event
 * of a tool that has no page any more (unlisted) is left out, as is a new alternative that is no longer public.
 */
export async function followUpdatesFor(subscriberIds: readonly number[]): Promise<Map<number, FollowUpdate[]>> {
  const updates = new Map<number, FollowUpdate[]>();
  if (subscriberIds.length === 0) return updates;
  const rows = await db
    .select({
      subscriberId: follows.subscriberId,
      eventId: followEvents.id,
      kind: followEvents.kind,
      detail: followEvents.detail,
      category: followEvents.category,
      toolName: tools.name,
      toolSlug: tools.slug,
      // The alternative's name while it is public (an event about a pick that left the directory is left out).
      alternativeName: sql<string | null>`(select a.name from ${tools} as a where ${followEvents.kind} = 'alternative'
        and a.id = json_extract(${followEvents.detail}, '$.alternativeId') and a.status in ${PAGE_STATUS_LIST})`,
    })
    .from(follows)
    .innerJoin(subscribers, eq(subscribers.id, follows.subscriberId))
    .innerJoin(
      followEvents,
      and(
        or(
          and(eq(followEvents.toolId, follows.toolId), isNull(followEvents.category)),
          eq(followEvents.category, follows.category),
        ),
        gt(followEvents.id, subscribers.alertsSentThrough),
        gte(followEvents.createdAt, follows.createdAt),
      ),
    )
    .innerJoin(tools, eq(tools.id, followEvents.toolId))
    .where(
      and(
        inArray(follows.subscriberId, [...subscriberIds]),
        eq(subscribers.status, 'confirmed'),
        inArray(tools.status, [...PAGE_TOOL_STATUSES]),
      ),
    )
    .orderBy(asc(follows.subscriberId), asc(followEvents.id));
  for (const row of rows) {
    if (row.kind === 'alternative' && !row.alternativeName) continue;
    const list = updates.get(row.subscriberId) ?? [];
    list.push({
      eventId: row.eventId,
      kind: row.kind,
      toolName: row.toolName,
      toolSlug: row.toolSlug,
      category: row.category,
      text: updateText(row.kind, row.detail ?? {}, row.alternativeName, row.category),
    });
    updates.set(row.subscriberId, list);
  }
  return updates;
}

/** Records that a subscriber has been sent every event up to `throughEventId` (in the transaction of the send). */
/** The newest event of a list of updates: what a reader has had once they are sent. */
export const newestEventId = (updates: readonly FollowUpdate[]): number => Math.max(...updates.map((u) => u.eventId));

export async function markUpdatesSent(tx: Executor, subscriberId: number, throughEventId: number): Promise<void> {
  await tx
    .update(subscribers)
    .set({ alertsSentThrough: sql`max(${subscribers.alertsSentThrough}, ${throughEventId})` })
    .where(eq(subscribers.id, subscriberId));
}
