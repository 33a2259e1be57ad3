// The weekly digest (docs/decisions/0107): the shape of an issue's content snapshot, which the e-mail and the archive
// render (so a sent issue never changes when its tools do later), its week, and when an issue is sent. Pure.
import { z } from 'zod';
import { ENGAGE_MSG } from './engagement-messages';
import { longDate } from './format';
import { utcDay } from './metrics';
import { DIGEST_MIN_ITEMS, nextIssueDates } from './newsletter';

// Issues go out on the send day of lib/newsletter.ts (Mondays, 09:00 UTC), covering the week up to its midnight.
const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** The longest intro an editor may write (plain text). */
export const MAX_DIGEST_INTRO = 1000;

const toolRef = { name: z.string(), slug: z.string() };

export const digestContentSchema = z.strictObject({
  /** Tools approved in the week, highest score first, with their curator take. */
  approved: z.array(
    z.strictObject({
      ...toolRef,
      qualityScore: z.number().int().nullable(),
      curatorTake: z.string().nullable(),
      approvedAt: z.string(),
    }),
  ),
  /** Follow-up reviews in the week: the score before (the previous review's) and now. */
  rereviews: z.array(
    z.strictObject({
      ...toolRef,
      oldScore: z.number().int().nullable(),
      newScore: z.number().int(),
      curatorTake: z.string(),
      reviewedAt: z.string(),
    }),
  ),
  /** Tools discontinued in the week, with the reason. */
  discontinued: z.array(z.strictObject({ ...toolRef, discontinuedAt: z.string(), reason: z.string().nullable() })),
  /** Listings corrected after a reader report, as the tool's public history says it. */
  corrections: z.array(z.strictObject({ ...toolRef, text: z.string(), at: z.string() })),
  /** The paid featured slots (FEATURED_LABEL), apart from the editorial list above; taken when the issue is sent. */
  featured: z.array(
    z.strictObject({
      slotId: z.number().int(),
      toolName: z.string(),
      toolSlug: z.string(),
      description: z.string(),
      logoUrl: z.string().nullable(),
      /** The counted link (the member sees the clicks it brought). */
      clickUrl: z.string(),
    }),
  ),
});
export type DigestContent = z.infer<typeof digestContentSchema>;
/** A featured slot as the digest shows it, apart from the editorial list and labelled FEATURED_LABEL. */
export type FeaturedSlot = DigestContent['featured'][number];

export const EMPTY_DIGEST: DigestContent = {
  approved: [],
  rereviews: [],
  discontinued: [],
  corrections: [],
  featured: [],
};

/** A stored snapshot read back; an unreadable one counts as empty (never an error on a public page). */
export function digestContentOf(value: unknown): DigestContent {
  const parsed = digestContentSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_DIGEST;
}

/** The news items an issue carries (featured slots are not news). */
export function digestItemCount(content: DigestContent): number {
  return content.approved.length + content.rereviews.length + content.discontinued.length + content.corrections.length;
}

/** A week with fewer items rolls into the next issue instead of being sent. */
export const isThinDigest = (content: DigestContent): boolean => digestItemCount(content) < DIGEST_MIN_ITEMS;

/** The end of the week an issue covers (exclusive): its day's midnight, UTC. */
export const issueWeekEnd = (issueDate: string): Date => new Date(`${issueDate}T00:00:00.000Z`);

/** An issue's day as people read it ("November 30, 2026"). */
export const issueDateLabel = (issueDate: string): string => longDate(issueWeekEnd(issueDate));

/** An issue's title: the e-mail's subject, the archive's heading, the feed's item. */
export const issueTitle = (issueDate: string): string => ENGAGE_MSG.digestIssueTitle(issueDateLabel(issueDate));

/** The next issue's date: the first send day whose send time is still ahead of `now`. */
export const nextIssueDate = (now: Date): string => nextIssueDates(now, 1)[0];

/** Whether `at` falls on the issue's own day (UTC): an issue is sent on the day its archive address names. */
export const isOnIssueDay = (issueDate: string, at: Date): boolean => utcDay(at) === issueDate;
