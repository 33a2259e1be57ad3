// Subscribing from the footer, /newsletter or an island (docs/decisions/0106): the honeypot, the limits, then double
// opt-in, or, for a signed-in member giving their own verified address, a subscription at once.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { subscribers, type User } from '../../db/schema';
import type { SubscribeInput } from '../../lib/contract';
import { memberSubscriber, requireSubscribeAttempt, subscribeAddress } from './subscribers';

/** What a subscribe did: an e-mail may have gone to confirm (the one answer for anyone), or a member is subscribed. */
export type Subscribed = { kind: 'check-inbox' } | { kind: 'member'; manageToken: string };

export async function subscribe(
  input: SubscribeInput,
  viewer: User | null,
  ip: string,
  now: Date,
): Promise<Subscribed> {
  // A bot filled the hidden field: the same answer as anyone's, and nothing counted, written or sent.
  if (input.website?.trim()) return { kind: 'check-inbox' };
  await requireSubscribeAttempt(input.email, ip);
  if (viewer?.emailVerifiedAt && viewer.email.toLowerCase() === input.email) {
    const row = await db.transaction(async (tx) => {
      const member = await memberSubscriber(tx, viewer, now, 'member');
      // Subscribing asks for the digest, whatever an earlier "unsubscribe from everything" turned off.
      await tx.update(subscribers).set({ digest: true }).where(eq(subscribers.id, member.id));
      return member;
    });
    return { kind: 'member', manageToken: row.manageToken };
  }
  await db.transaction((tx) => subscribeAddress(tx, { email: input.email, source: input.source, now }));
  return { kind: 'check-inbox' };
}
