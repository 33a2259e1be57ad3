// Newsletter and alert recipients (docs/decisions/0105): the functions other parts call. Subscribing by e-mail is
// double opt-in (a pending row and a confirmation e-mail); a signed-in member is confirmed at once.
// Placeholder contract: the newsletter work fills in the confirmation e-mail, limits and the rest; keep the signatures.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscribers, type Subscriber } from '../../db/schema';
import { CONSENT_TEXT_VERSION, type ConsentSource } from '../../lib/newsletter';
import { config } from '../config';

/** A new preference-page token: random, in every e-mail's links. */
export function newManageToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The links and headers every newsletter and alert e-mail carries (RFC 8058 one-click unsubscribe). */
export interface ListLinks {
  preferencesUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
}

export function listLinks(manageToken: string): ListLinks {
  const preferencesUrl = `${config.siteUrl}/newsletter/preferences?token=${encodeURIComponent(manageToken)}`;
  const unsubscribeUrl = `${config.siteUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(manageToken)}`;
  return {
    preferencesUrl,
    unsubscribeUrl,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The subscriber row of an address, if any (addresses are kept lowercased). */
export async function subscriberByEmail(tx: Executor, email: string): Promise<Subscriber | undefined> {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.email, email.trim().toLowerCase()));
  return row;
}

/** A signed-in member's subscriber row, made confirmed when missing (they are signed in with that address). */
export async function memberSubscriber(
  tx: Executor,
  user: { id: number; email: string },
  now: Date,
  source: ConsentSource = 'member',
): Promise<Subscriber> {
  const existing = await subscriberByEmail(tx, user.email);
  if (existing) return existing;
  const [row] = await tx
    .insert(subscribers)
    .values({
      email: user.email.trim().toLowerCase(),
      userId: user.id,
      status: 'confirmed',
      confirmedAt: now,
      manageToken: newManageToken(),
      consentAt: now,
      consentSource: source,
      consentTextVersion: CONSENT_TEXT_VERSION,
    })
    .returning();
  return row;
}

/**
 * Subscribes an address by double opt-in: a pending row (or the existing one) and a confirmation e-mail. Answers
 * whether a confirmation was sent. Placeholder: the newsletter work sends the e-mail and applies the limits.
 */
export async function subscribeAddress(
  tx: Executor,
  input: { email: string; source: ConsentSource; now: Date },
): Promise<{ subscriber: Subscriber; confirmationSent: boolean }> {
  const existing = await subscriberByEmail(tx, input.email);
  if (existing) return { subscriber: existing, confirmationSent: false };
  const [row] = await tx
    .insert(subscribers)
    .values({
      email: input.email.trim().toLowerCase(),
      status: 'pending',
      manageToken: newManageToken(),
      consentAt: input.now,
      consentSource: input.source,
      consentTextVersion: CONSENT_TEXT_VERSION,
    })
    .returning();
  return { subscriber: row, confirmationSent: false };
}
