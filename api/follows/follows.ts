// Following a tool or a category (docs/decisions/0108): a signed-in member's address follows at once; a visitor's
// follows by e-mail through the newsletter's double opt-in, and counts only once the address is confirmed; an address
// already confirmed confirms each follow asked for it by e-mail (docs/decisions/0112).
import { and, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { followRequests, follows, subscribers, tools, type Subscriber, type User } from '../../db/schema';
import type { CategoryId } from '../../lib/categories';
import { categoryLabel, isCategoryId } from '../../lib/category-pages';
import type { FollowInput, FollowOutcome, FollowTargetInput } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { MSG } from '../../lib/messages';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { followConfirmEmail } from '../emails';
import {
  CONFIRM_RESEND_MINUTES,
  memberSubscriber,
  newConfirmToken,
  subscribeAddress,
  subscriberByEmail,
} from '../newsletter/subscribers';
import { badRequest, notFound } from '../plugins/errors';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';

/** A follow's target as a row: a public (or discontinued: its return is news) tool, or a known category. */
export type FollowTarget =
  | { toolId: number; category: null; name: string }
  | { toolId: null; category: CategoryId; name: string };

export async function followTarget(tx: Executor, input: FollowTargetInput): Promise<FollowTarget> {
  if (input.target === 'category') {
    if (!isCategoryId(input.id)) throw notFound(MSG.unknownCategory);
    return { toolId: null, category: input.id, name: categoryLabel(input.id) };
  }
  const [tool] = await tx
    .select({ id: tools.id, name: tools.name })
    .from(tools)
    .where(and(eq(tools.slug, input.id.toLowerCase()), inArray(tools.status, [...PAGE_TOOL_STATUSES])));
  if (!tool) throw notFound(ENGAGE_MSG.followTargetUnknown);
  return { toolId: tool.id, category: null, name: tool.name };
}

/** The follows of the target, whoever follows it. */
const ofTarget = (target: FollowTarget) =>
  target.toolId !== null ? eq(follows.toolId, target.toolId) : eq(follows.category, target.category);

const targetWhere = (subscriberId: number, target: FollowTarget) =>
  and(eq(follows.subscriberId, subscriberId), ofTarget(target));

/** A follow of a subscriber, counted from `now` (following again changes nothing). */
export async function addFollow(
  tx: Executor,
  subscriberId: number,
  target: Pick<FollowTarget, 'toolId' | 'category'>,
  now: Date,
): Promise<void> {
  await tx
    .insert(follows)
    .values({ subscriberId, toolId: target.toolId, category: target.category, createdAt: now })
    .onConflictDoNothing();
}

/** Whether a subscriber follows the target. */
async function followsTarget(tx: Executor, subscriberId: number, target: FollowTarget): Promise<boolean> {
  const [row] = await tx.select({ id: follows.id }).from(follows).where(targetWhere(subscriberId, target));
  return Boolean(row);
}

/**
 * A signed-out visitor asked an address that is already confirmed to follow (docs/decisions/0112): its owner is asked
 * to confirm, by an e-mail whose page's button adds the follow (follow-requests.ts). Nothing when the address already
 * follows the target, or that e-mail went less than CONFIRM_RESEND_MINUTES ago.
 */
async function requestFollow(tx: Executor, subscriber: Subscriber, target: FollowTarget, now: Date): Promise<void> {
  if (await followsTarget(tx, subscriber.id, target)) return;
  const [asked] = await tx
    .select({ sentAt: followRequests.sentAt })
    .from(followRequests)
    .where(
      and(
        eq(followRequests.subscriberId, subscriber.id),
        target.toolId !== null
          ? eq(followRequests.toolId, target.toolId)
          : eq(followRequests.category, target.category),
      ),
    );
  if (asked && now.getTime() - asked.sentAt.getTime() < CONFIRM_RESEND_MINUTES * 60_000) return;
  const { token, hash } = newConfirmToken();
  await tx
    .insert(followRequests)
    .values({
      subscriberId: subscriber.id,
      toolId: target.toolId,
      category: target.category,
      tokenHash: hash,
      sentAt: now,
    })
    .onConflictDoUpdate({
      target:
        target.toolId !== null
          ? [followRequests.subscriberId, followRequests.toolId]
          : [followRequests.subscriberId, followRequests.category],
      set: { tokenHash: hash, sentAt: now },
    });
  await enqueueEmail(await followConfirmEmail(subscriber.email, target.name, token), tx);
}

/**
 * Follows a tool or category. Counted per address (and account) before any work; the honeypot filled is answered as
 * a pending follow with nothing written.
 */
export async function follow(
  input: FollowInput,
  user: User | null,
  ip: string,
  now = new Date(),
): Promise<FollowOutcome> {
  const pending: FollowOutcome = { status: 'pending', message: ENGAGE_MSG.followPending };
  if (input.website?.trim()) return pending;
  if (!user && !input.email) throw badRequest(ENGAGE_MSG.followAddressNeeded);
  await requireAttempt(
    [rateKey('follow-address', addressBucket(ip)), ...(user ? [rateKey('follow-account', user.id)] : [])],
    ENGAGE_MSG.followTooMany,
  );
  // Each follow by e-mail may write to the address, known or not: counted per address, so no inbox can be flooded.
  if (!user && input.email)
    await requireAttempt([rateKey('follow-email', input.email.trim().toLowerCase())], ENGAGE_MSG.followAddressTooMany);
  return db.transaction(async (tx) => {
    const target = await followTarget(tx, input);
    if (user) {
      await addFollow(tx, (await memberSubscriber(tx, user, now)).id, target, now);
      return { status: 'following', message: ENGAGE_MSG.followed(target.name) };
    }
    // A new, pending or unsubscribed address: the newsletter's double opt-in, and the follow counts once confirmed. A
    // confirmed one (which subscribeAddress leaves as it is) is not given follows by whoever types it: its owner
    // confirms this one follow by e-mail.
    const { subscriber } = await subscribeAddress(tx, { email: input.email as string, source: 'follow', now });
    if (subscriber.status === 'confirmed') await requestFollow(tx, subscriber, target, now);
    else await addFollow(tx, subscriber.id, target, now);
    return pending;
  });
}

/** A member stops following (nothing to undo is not an error). */
export async function unfollow(input: FollowTargetInput, user: User, ip: string): Promise<FollowOutcome> {
  await requireAttempt(
    [rateKey('follow-address', addressBucket(ip)), rateKey('follow-account', user.id)],
    ENGAGE_MSG.followTooMany,
  );
  return db.transaction(async (tx) => {
    const target = await followTarget(tx, input);
    const subscriber = await subscriberByEmail(tx, user.email);
    if (subscriber) await unfollowFor(tx, subscriber.id, target);
    return { status: 'not-following', message: ENGAGE_MSG.unfollowed(target.name) };
  });
}

/** Removes one follow of a subscriber. */
async function unfollowFor(tx: Executor, subscriberId: number, target: FollowTarget): Promise<void> {
  await tx.delete(follows).where(targetWhere(subscriberId, target));
}

/** Whether a member's address follows the target: one read, through the address's subscriber row. */
export async function isFollowing(tx: Executor, user: User, target: FollowTarget): Promise<boolean> {
  const [row] = await tx
    .select({ id: follows.id })
    .from(follows)
    .innerJoin(subscribers, eq(subscribers.id, follows.subscriberId))
    .where(and(eq(subscribers.email, user.email.toLowerCase()), ofTarget(target)));
  return Boolean(row);
}
