// When a tool's review is due: REVIEW_DUE_DAYS after its latest review, to the millisecond; never without a review.
import { describe, expect, it } from 'vitest';
import { REVIEW_DUE_DAYS } from '../../lib/constants';
import { isReviewDue, reviewDueAt } from '../../lib/review-due';

const DAY = 86_400_000;

describe('isReviewDue', () => {
  const reviewed = new Date('2026-01-01T12:00:00Z');
  it(`turns due exactly ${REVIEW_DUE_DAYS} days after the review`, () => {
    expect(reviewDueAt(reviewed).getTime() - reviewed.getTime()).toBe(REVIEW_DUE_DAYS * DAY);
    expect(isReviewDue(reviewed, new Date(reviewed.getTime() + REVIEW_DUE_DAYS * DAY - 1))).toBe(false);
    expect(isReviewDue(reviewed, new Date(reviewed.getTime() + REVIEW_DUE_DAYS * DAY))).toBe(true);
    expect(isReviewDue(reviewed.toISOString(), new Date(reviewed.getTime() + 365 * DAY))).toBe(true);
  });

  it('is never due for a tool without a review', () => {
    expect(isReviewDue(null)).toBe(false);
    expect(isReviewDue(undefined)).toBe(false);
  });
});
