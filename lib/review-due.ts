// When a tool's editorial review is due again: REVIEW_DUE_DAYS after its latest review (docs/decisions/0047).
import { REVIEW_DUE_DAYS } from './constants';

const DAY_MS = 86_400_000;

/** The moment the review of `lastReviewedAt` falls due. */
export function reviewDueAt(lastReviewedAt: Date | string | number): Date {
  return new Date(new Date(lastReviewedAt).getTime() + REVIEW_DUE_DAYS * DAY_MS);
}

/** Whether a tool last reviewed at `lastReviewedAt` is due for a review at `now`; never for a tool without a review. */
export function isReviewDue(
  lastReviewedAt: Date | string | number | null | undefined,
  now: Date = new Date(),
): boolean {
  return lastReviewedAt != null && reviewDueAt(lastReviewedAt).getTime() <= now.getTime();
}
