// Stripe subscription state per subscription id: the newest event wins, and an ended subscription stays ended.
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { subscriptions, type Subscription } from '../../db/schema';
import type { Plan } from '../../lib/contract';

/** Stripe's terminal statuses: such a subscription never becomes usable again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Statuses that carry Premium; past_due too, while Stripe retries the payment (it ends in unpaid or canceled). */
const ENTITLED = new Set(['active', 'trialing', 'past_due']);
/**
 * Where a status sits in a subscription's life. Two events created in the same second are ordered
 * by it: an activation beats the `incomplete` it follows, and an ended state beats everything.
 */
const LIFECYCLE: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  paused: 4,
  unpaid: 4,
  incomplete_expired: 5,
  canceled: 5,
};
// A status Stripe adds later sits with the ones that do not carry Premium.
const stage = (status: string) => LIFECYCLE[status] ?? 4;

export function isEnded(state: Pick<Subscription, 'status' | 'endedAt'>): boolean {
  return ENDED.has(state.status) || state.endedAt !== null;
}

export function entitles(state: Pick<Subscription, 'status' | 'endedAt'>): boolean {
  return ENTITLED.has(state.status) && !isEnded(state);
}

/** What one event says about a subscription at the time it was created. */
interface Observation {
  status: string;
  eventCreatedAt: Date;
  userId: number | null;
  customerId: string | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date | null;
  /** The plan of its price; left out when the event does not say. */
  plan?: Plan | null;
}

function supersedes(held: Subscription, seen: Observation & { endedAt: Date | null }): boolean {
  if (isEnded(held) && !isEnded(seen)) return false;
  const at = seen.eventCreatedAt.getTime();
  const heldAt = held.eventCreatedAt.getTime();
  if (at !== heldAt) return at > heldAt;
  return stage(seen.status) >= stage(held.status);
}

/**
 * Applies an observation unless the state held is newer. Returns the state now held and whether
 * the observation changed it; an ignored one still fills in an account or customer not yet known.
 */
export async function recordSubscription(
  tx: Transaction,
  id: string,
  seen: Observation,
): Promise<{ state: Subscription; applied: boolean }> {
  const observed = { ...seen, endedAt: seen.endedAt ?? null };
  const held = await findSubscription(tx, id);
  if (!held) {
    const [state] = await tx
      .insert(subscriptions)
      .values({ id, ...observed })
      .returning();
    return { state, applied: true };
  }
  const link = { userId: seen.userId ?? held.userId, customerId: seen.customerId ?? held.customerId };
  const applied = supersedes(held, observed);
  const changes = applied ? { ...observed, ...link } : link;
  const [state] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return { state, applied };
}

export function findSubscription(tx: Executor, id: string): Promise<Subscription | undefined> {
  return tx.query.subscriptions.findFirst({ where: eq(subscriptions.id, id) });
}
