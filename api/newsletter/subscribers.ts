// Newsletter and alert recipients (docs/decisions/0106): the functions other parts call. Subscribing by e-mail is
// double opt-in (a pending row and a confirmation e-mail whose page confirms with a POST); a signed-in member with a
// verified address is confirmed at once. Who is subscribed is never told: every subscribe gets the same answer.
import { randomBytes } from 'node:crypto';
import { and, eq, notExists } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { emailSuppressions, subscribers, type Subscriber } from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS } from '../../lib/form-pages';
import {
  CONSENT_TEXT_VERSION,
  FORGET_UNCONFIRMED_DAYS,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  type ConsentSource,
} from '../../lib/newsletter';
import { hashToken, newToken } from '../auth/sessions';
import { config } from '../config';
import { newsletterConfirmEmail } from '../emails';
import { HttpError } from '../plugins/errors';
import { rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A pending address (or a follow awaiting its confirmation) asking again gets a new e-mail at most this often. */
export const CONFIRM_RESEND_MINUTES = 5;

/** A new preference-page token: random, in every e-mail's links. */
export function newManageToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A new confirmation token for an e-mail's link, and what is kept of it: only its hash, so a copy of the database
 * confirms nobody. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** The links and headers every newsletter and alert e-mail carries (RFC 8058 one-click unsubscribe). */
export interface ListLinks {
  preferencesUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
}

/** The mailbox of List-Unsubscribe's mailto: unsubscribe@ the sender's own domain (EMAIL_FROM). */
function unsubscribeMailbox(): string {
  const from = config.resend.from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `unsubscribe@${address.slice(address.lastIndexOf('@') + 1).trim()}`;
}

export function listLinks(manageToken: string): ListLinks {
  const token = encodeURIComponent(manageToken);
  const preferencesUrl = `${config.siteUrl}${FORM_ACTIONS.newsletterPreferences}?token=${token}`;
  const unsubscribeUrl = `${config.siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`;
  // Both forms, the link first (RFC 2369): the one-click POST (RFC 8058) for clients that do it, the mailto for the rest.
  const mailto = `mailto:${unsubscribeMailbox()}?subject=unsubscribe-${token}`;
  return {
    preferencesUrl,
    unsubscribeUrl,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const normalized = (email: string) => email.trim().toLowerCase();

/** The condition of a subscriber anything may be sent to: confirmed, and not suppressed (a bounce, a complaint). */
export const mailableSubscriber = () =>
  and(
    eq(subscribers.status, 'confirmed'),
    notExists(db.select().from(emailSuppressions).where(eq(emailSuppressions.email, subscribers.email))),
  );

/** The subscriber row of an address, if any (addresses are kept lowercased). */
export async function subscriberByEmail(tx: Executor, email: string): Promise<Subscriber | undefined> {
  const [row] = await tx
    .select()
    .from(subscribers)
    .where(eq(subscribers.email, normalized(email)));
  return row;
}

/** The consent record of an act of subscribing now, from `source`, with the text shown today. */
const consent = (now: Date, source: ConsentSource) => ({
  consentAt: now,
  consentSource: source,
  consentTextVersion: CONSENT_TEXT_VERSION,
});

/**
 * A signed-in member's subscriber row, confirmed (they are signed in with that address; the caller checks it is
 * verified): a new row, or their pending or unsubscribed one confirmed with a new consent record; a confirmed one as is.
 */
export async function memberSubscriber(
  tx: Executor,
  user: { id: number; email: string },
  now: Date,
  source: ConsentSource = 'member',
): Promise<Subscriber> {
  const existing = await subscriberByEmail(tx, user.email);
  if (existing?.status === 'confirmed') {
    if (existing.userId !== null) return existing;
    const [row] = await tx
      .update(subscribers)
      .set({ userId: user.id, updatedAt: now })
      .where(eq(subscribers.id, existing.id))
      .returning();
    return row;
  }
  const confirmed = {
    userId: user.id,
    status: 'confirmed' as const,
    confirmedAt: now,
    confirmTokenHash: null,
    unsubscribedAt: null,
    updatedAt: now,
    ...consent(now, source),
  };
  if (existing) {
    const [row] = await tx.update(subscribers).set(confirmed).where(eq(subscribers.id, existing.id)).returning();
    return row;
  }
  const [row] = await tx
    .insert(subscribers)
    .values({ email: normalized(user.email), manageToken: newManageToken(), ...confirmed })
    .returning();
  return row;
}

/**
 * The limits of subscribing by e-mail, counted before any work and outside the transaction: per client address and
 * per e-mail address (whoever asks, so nobody's inbox can be flooded). Past either: 429.
 */
export async function requireSubscribeAttempt(email: string, ip: string): Promise<void> {
  await requireAttempt([rateKey('subscribe-address', ip)], ENGAGE_MSG.subscribeTooMany);
  await requireAttempt([rateKey('subscribe-email', normalized(email))], ENGAGE_MSG.subscribeAddressTooMany);
}

/**
 * Subscribes an address by double opt-in: a pending row (or the existing one) and a confirmation e-mail with a new
 * token. A confirmed address gets nothing (the caller answers as for anyone); a pending one gets a new e-mail at most
 * every CONFIRM_RESEND_MINUTES; an unsubscribed one is pending again, with a new consent record. Answers whether a
 * confirmation was sent. The limits are requireSubscribeAttempt's, taken before the caller's transaction.
 */
export async function subscribeAddress(
  tx: Executor,
  input: { email: string; source: ConsentSource; now: Date },
): Promise<{ subscriber: Subscriber; confirmationSent: boolean }> {
  const { now, source } = input;
  const existing = await subscriberByEmail(tx, input.email);
  if (existing?.status === 'confirmed') return { subscriber: existing, confirmationSent: false };
  const lastSent = existing?.status === 'pending' ? existing.confirmSentAt : null;
  if (lastSent && now.getTime() - lastSent.getTime() < CONFIRM_RESEND_MINUTES * 60_000)
    return { subscriber: existing as Subscriber, confirmationSent: false };
  const { token, hash } = newConfirmToken();
  const pending = {
    status: 'pending' as const,
    confirmTokenHash: hash,
    confirmSentAt: now,
    updatedAt: now,
    ...consent(now, source),
  };
  const [row] = existing
    ? await tx.update(subscribers).set(pending).where(eq(subscribers.id, existing.id)).returning()
    : await tx
        .insert(subscribers)
        .values({ email: normalized(input.email), manageToken: newManageToken(), ...pending })
        .returning();
  await enqueueEmail(await newsletterConfirmEmail(row.email, token), tx);
  return { subscriber: row, confirmationSent: true };
}

/** The moment before which a confirmation link is dead, and its pending row forgotten. */
export const unconfirmedCutoff = (now: Date) => new Date(now.getTime() - FORGET_UNCONFIRMED_DAYS * DAY_MS);

/** The pending row a confirmation token opens, while its link lives; undefined for any other token. */
export async function pendingByToken(token: string, now: Date): Promise<Subscriber | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.confirmTokenHash, hashToken(token)));
  if (row?.status !== 'pending') return undefined;
  const sentAt = row.confirmSentAt ?? row.createdAt;
  return sentAt < unconfirmedCutoff(now) ? undefined : row;
}

/**
 * The confirmation page's button: the pending row is confirmed, with the consent recorded again as given now (the
 * text shown on the page). A dead token: 404.
 */
export async function confirmSubscription(token: string, now: Date): Promise<Subscriber> {
  const row = await pendingByToken(token, now);
  if (!row) throw new HttpError(404, ENGAGE_MSG.confirmLinkInvalid);
  const [confirmed] = await db
    .update(subscribers)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenHash: null,
      unsubscribedAt: null,
      // Subscribing is asking for the digest: one who unsubscribed from everything and came back gets it again.
      digest: true,
      updatedAt: now,
      consentAt: now,
      consentTextVersion: CONSENT_TEXT_VERSION,
    })
    .where(eq(subscribers.id, row.id))
    .returning();
  return confirmed;
}
