// The preference page's data and changes, by the manage token every e-mail carries (docs/decisions/0106): the digest,
// the cadence of follow updates, each follow, and unsubscribing from everything (the preference page's button and
// RFC 8058's one-click POST alike). No sign-in: the token is the reader's key.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '../../db/client';
import { follows, subscribers, tools, type Subscriber } from '../../db/schema';
import { categoryLabel, categoryPagePath, isCategoryId } from '../../lib/category-pages';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import type { FollowedItem, PreferenceOutcome, PreferencesFormState } from '../../lib/form-pages';
import { ALERT_CADENCES } from '../../lib/newsletter';
import { HttpError } from '../plugins/errors';
import { subscriberByEmail } from './subscribers';

/** The row a manage token opens; undefined for an unknown one. */
export async function subscriberByManageToken(token: string): Promise<Subscriber | undefined> {
  if (!token) return undefined;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.manageToken, token));
  return row;
}

async function requireSubscriber(token: string): Promise<Subscriber> {
  const row = await subscriberByManageToken(token);
  if (!row) throw new HttpError(404, ENGAGE_MSG.manageLinkInvalid);
  return row;
}

/** What the row follows, named for the page: tools by their name (and page), categories by their label. */
async function followedItems(subscriberId: number): Promise<FollowedItem[]> {
  const rows = await db
    .select({ id: follows.id, category: follows.category, toolName: tools.name, toolSlug: tools.slug })
    .from(follows)
    .leftJoin(tools, eq(tools.id, follows.toolId))
    .where(eq(follows.subscriberId, subscriberId))
    .orderBy(follows.createdAt, follows.id);
  return rows.flatMap((row): FollowedItem[] => {
    if (row.toolName && row.toolSlug)
      return [{ followId: row.id, kind: 'tool', name: row.toolName, href: `/tool/${row.toolSlug}` }];
    if (!row.category || !isCategoryId(row.category)) return [];
    const href = categoryPagePath(row.category);
    return [{ followId: row.id, kind: 'category', name: categoryLabel(row.category), href }];
  });
}

/** The preference page of a token (subscriber null: an unknown token, which the page answers with 404). */
export async function preferencesPage(
  token: string,
  notice = '',
): Promise<Omit<PreferencesFormState, 'error' | 'unsubscribeFirst'>> {
  const row = await subscriberByManageToken(token);
  if (!row) return { token, subscriber: null, follows: [], notice };
  const { email, status, digest, cadence } = row;
  return { token, subscriber: { email, status, digest, cadence }, follows: await followedItems(row.id), notice };
}

const onOff = z.enum(['on', 'off'], ENGAGE_MSG.invalidPreference).transform((v) => v === 'on');

/** A post of the preference page: its `intent` and that form's one field. */
const preferencePostSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('digest'), digest: onOff }),
    z.object({ intent: z.literal('cadence'), cadence: z.enum(ALERT_CADENCES, ENGAGE_MSG.invalidPreference) }),
    z.object({ intent: z.literal('unfollow'), followId: z.coerce.number().int().positive(ENGAGE_MSG.unknownFollow) }),
    z.object({ intent: z.literal('unsubscribe') }),
  ],
  { error: ENGAGE_MSG.invalidPreference },
);

/**
 * Applies one post of the preference page. The digest and the cadence change only a confirmed subscription (a pending
 * or unsubscribed address subscribes again, by double opt-in); a follow can always be dropped, and unsubscribing
 * always works. Answers what was done, for the page's notice.
 */
export async function applyPreference(
  token: string,
  fields: Record<string, string>,
  now: Date,
): Promise<PreferenceOutcome> {
  const post = preferencePostSchema.parse(fields);
  const row = await requireSubscriber(token);
  switch (post.intent) {
    case 'unsubscribe':
      await unsubscribe(row, now);
      return 'unsubscribed';
    case 'unfollow': {
      const gone = await db
        .delete(follows)
        .where(and(eq(follows.id, post.followId), eq(follows.subscriberId, row.id)))
        .returning({ id: follows.id });
      if (gone.length === 0) throw new HttpError(404, ENGAGE_MSG.unknownFollow);
      return 'unfollowed';
    }
    case 'digest':
    case 'cadence': {
      if (row.status !== 'confirmed') throw new HttpError(409, ENGAGE_MSG.notSubscribed);
      const change = post.intent === 'digest' ? { digest: post.digest } : { cadence: post.cadence };
      await db
        .update(subscribers)
        .set({ ...change, updatedAt: now })
        .where(eq(subscribers.id, row.id));
      return 'saved';
    }
  }
}

/**
 * Unsubscribes from everything: nothing more is sent (status unsubscribed, the digest off); the follows stay, so
 * subscribing again brings them back. The consent record stays as the proof of what was given.
 */
async function unsubscribe(row: Subscriber, now: Date, tx: Executor = db): Promise<void> {
  if (row.status === 'unsubscribed' && !row.digest) return;
  await tx
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, digest: false, confirmTokenHash: null, updatedAt: now })
    .where(eq(subscribers.id, row.id));
}

/** RFC 8058's one-click POST (and the preference page's button): unsubscribes the token's row at once; 404 unknown. */
export async function unsubscribeByToken(token: string, now: Date): Promise<void> {
  await unsubscribe(await requireSubscriber(token), now);
}

/** An unsubscribe by address: a bounce or a complaint (Resend's webhook). Nothing when the address has no row. */
export async function unsubscribeAddress(tx: Executor, email: string, now: Date): Promise<void> {
  const row = await subscriberByEmail(tx, email);
  if (row) await unsubscribe(row, now, tx);
}
