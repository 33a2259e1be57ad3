// What the digest and the daily alert read of follows (docs/decisions/0105): each subscriber's follow events not yet
// sent, and marking them sent so each arrives once. Placeholder contract: the follow work fills it; keep the signatures.
import type { Executor } from '../../db/client';
import type { FollowUpdate } from '../../lib/newsletter';

/** Per subscriber, the events on what they follow newer than their alertsSentThrough, oldest first. One query. */
export async function followUpdatesFor(subscriberIds: readonly number[]): Promise<Map<number, FollowUpdate[]>> {
  void subscriberIds;
  return new Map();
}

/** Records that a subscriber has been sent every event up to `throughEventId` (in the transaction of the send). */
export async function markUpdatesSent(tx: Executor, subscriberId: number, throughEventId: number): Promise<void> {
  void tx;
  void subscriberId;
  void throughEventId;
}
