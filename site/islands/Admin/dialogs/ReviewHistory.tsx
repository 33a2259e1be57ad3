// The tool dialog's editorial review history: each review's score, kind, reviewer and take, newest first as the API
// lists them, and the button that opens the follow-up review.
import type { AdminEditorialReview, Json } from '../../../../lib/contract';
import { AdminStars, dateTime } from '../parts';

function ReviewItem({ review }: { review: Json<AdminEditorialReview> }) {
  return (
    <li className="border border-base-200 rounded-box p-3" data-testid="review-entry">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold tabular-nums">{review.qualityScore}/10</span>
        <AdminStars score={review.qualityScore} />
        <span className={`badge badge-sm ${review.isFollowUp ? 'badge-info' : 'badge-success'}`}>
          {review.isFollowUp ? 'Follow-up' : 'Initial review'}
        </span>
        <span className="text-base-content/70">
          {review.reviewerName ? `by ${review.reviewerName}, ` : ''}
          {dateTime(review.reviewedAt)}
        </span>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line">{review.curatorTake}</p>
    </li>
  );
}

interface ReviewHistoryProps {
  toolId: number;
  reviews: readonly Json<AdminEditorialReview>[];
  /** Why the viewer may not add a review (a tool they submitted), if so. */
  ownTool?: string;
  addReview: () => void;
}

export default function ReviewHistory({ toolId, reviews, ownTool, addReview }: ReviewHistoryProps) {
  return (
    <section aria-labelledby={`reviews-${toolId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 mb-3">
        <h4 id={`reviews-${toolId}`} className="font-semibold">
          Editorial Review History
        </h4>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={Boolean(ownTool)}
          title={ownTool}
          onClick={addReview}
        >
          Add Follow-up Review
        </button>
      </div>
      {reviews.length ? (
        <ol className="flex flex-col gap-2">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-base-content/70">No editorial reviews yet.</p>
      )}
    </section>
  );
}
