// Follow events (docs/decisions/0108): what happened to a tool or in a category that its followers hear of, written in
// the transaction of the change that caused it, each once (follow_events.dedupeKey is unique: a repeat writes nothing).
import type { Executor } from '../../db/client';
import { followEvents, type Tool } from '../../db/schema';
import type { CategoryId } from '../../lib/categories';
import type { FollowEventKind } from '../../lib/newsletter';
import { utcDay } from '../../lib/metrics';

interface FollowEvent {
  toolId: number;
  /** Set for a category's event (a newly approved tool in it). */
  category?: CategoryId | null;
  kind: FollowEventKind;
  detail?: Record<string, unknown>;
  /** What makes it one event: the same key again records nothing. */
  dedupeKey: string;
}

/** Records the events in one statement, each unless its key is already there. */
async function recordFollowEvents(tx: Executor, events: readonly FollowEvent[], now = new Date()): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(followEvents)
    .values(events.map((e) => ({ ...e, category: e.category ?? null, detail: e.detail ?? null, createdAt: now })))
    .onConflictDoNothing({ target: followEvents.dedupeKey });
}

/** A follow-up review: one event, 'score' when the score moved, else 'rereview'. */
export async function recordReviewEvent(
  tx: Executor,
  tool: Pick<Tool, 'id' | 'qualityScore'>,
  review: { id: number; qualityScore: number },
  now = new Date(),
): Promise<void> {
  const moved = tool.qualityScore !== review.qualityScore;
  await recordFollowEvents(
    tx,
    [
      {
        toolId: tool.id,
        kind: moved ? 'score' : 'rereview',
        detail: { from: tool.qualityScore, to: review.qualityScore },
        dedupeKey: `review:${review.id}`,
      },
    ],
    now,
  );
}

/**
 * An edit (an editor's, or an owner's approved change request): a new pricing model and a new score are events. The
 * same move on the same day is one event (an edit undone and made again tells the reader nothing new).
 */
export async function recordEditEvents(tx: Executor, before: Tool, after: Tool, now = new Date()): Promise<void> {
  const day = utcDay(now);
  const events: FollowEvent[] = [];
  if (before.pricingModel !== after.pricingModel)
    events.push({
      toolId: after.id,
      kind: 'pricing',
      detail: { from: before.pricingModel, to: after.pricingModel },
      dedupeKey: `pricing:${after.id}:${before.pricingModel}>${after.pricingModel}:${day}`,
    });
  if (after.qualityScore !== null && before.qualityScore !== after.qualityScore)
    events.push({
      toolId: after.id,
      kind: 'score',
      detail: { from: before.qualityScore, to: after.qualityScore },
      dedupeKey: `score:${after.id}:${before.qualityScore}>${after.qualityScore}:${day}`,
    });
  await recordFollowEvents(tx, events, now);
}

/** A tool marked discontinued (its day is part of the key) or listed again (the day it came back). */
export async function recordStandingEvent(
  tx: Executor,
  tool: Pick<Tool, 'id' | 'discontinuedAt' | 'discontinuedReason'>,
  kind: 'discontinued' | 'revived',
  now = new Date(),
): Promise<void> {
  const day = utcDay(kind === 'discontinued' && tool.discontinuedAt ? tool.discontinuedAt : now);
  await recordFollowEvents(
    tx,
    [
      {
        toolId: tool.id,
        kind,
        detail: kind === 'discontinued' ? { reason: tool.discontinuedReason } : {},
        dedupeKey: `${kind}:${tool.id}:${day}`,
      },
    ],
    now,
  );
}

/** The editors' picks of alternatives: each tool newly listed beside this one, once ever. */
export async function recordNewAlternatives(
  tx: Executor,
  toolId: number,
  before: readonly number[],
  after: readonly number[],
  now = new Date(),
): Promise<void> {
  const added = after.filter((id) => !before.includes(id));
  await recordFollowEvents(
    tx,
    added.map((alternativeId) => ({
      toolId,
      kind: 'alternative' as const,
      detail: { alternativeId },
      dedupeKey: `alternative:${toolId}:${alternativeId}`,
    })),
    now,
  );
}

/** A newly approved tool: an event in each of its categories. */
export async function recordApprovalEvents(
  tx: Executor,
  tool: Pick<Tool, 'id' | 'tags'>,
  now = new Date(),
): Promise<void> {
  await recordFollowEvents(
    tx,
    tool.tags.map((category) => ({
      toolId: tool.id,
      category,
      kind: 'approved' as const,
      dedupeKey: `approved:${tool.id}:${category}`,
    })),
    now,
  );
}
