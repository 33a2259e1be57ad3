// The View dialog of an approved tool: its details, the editorial review history, the audit history,
// and the 'Add Follow-up Review' dialog.
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { detailLabel, hostOf, longDate, pricingLabel } from '../../../../lib/format';
import { TOAST } from '../../../../lib/messages';
import type { AdminEditorialReview, AuditRow, Json } from '../../../../lib/contract';
import { $historyToolId, $toolHistory, addReview, type AdminApprovedTool } from '../../../stores/admin';
import { perform } from '../feedback';
import { AdminStars, CategoryBadge, dateTime, safeHref } from '../parts';
import Modal from '../../../components/Modal';
import ReviewDialog from './ReviewDialog';

const ACTION_LABELS: Record<string, string> = {
  'tool.approve': 'Approved',
  'tool.reject': 'Rejected',
  'tool.slug': 'Address given to a public tool of the same name',
  'tool.edit': 'Edited by the submitter',
  'tool.resubmit': 'Resubmitted',
  'tool.update': 'Edited',
  'tool.premium': 'Premium changed',
  'tool.unlist': 'Unlisted',
  'tool.list': 'Listed again',
  'tool.review': 'Follow-up review',
  'tool.change-request-applied': "Owner's changes applied",
  'change-request.approve': 'Change request approved',
  'change-request.reject': 'Change request rejected',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  url: 'URL',
  description: 'Description',
  tags: 'Tags',
  curatorTake: "Curator's take",
  qualityScore: 'Quality score',
  isPremium: 'Premium',
  screenshots: 'Screenshots',
  videoUrl: 'Demo video',
  pricingModel: 'Pricing',
  targetAudience: 'Best for',
  status: 'Status',
  unlistReason: 'Unlist reason',
  rejectionReason: 'Rejection reason',
  reason: 'Reason',
  slug: 'Slug',
};

const CLIP = 80;

function valueText(value: unknown): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
  return text.length > CLIP ? `${text.slice(0, CLIP)}…` : text;
}

/** 'qualityScore: 6 → 8' for each field the action changed. */
function auditChanges(row: Json<AuditRow>): string[] {
  const after = row.after ?? {};
  const before = row.before ?? {};
  return Object.keys(after)
    .filter((key) => key !== 'reviewId' && key !== 'changeRequestId')
    .map((key) => {
      const label = FIELD_LABELS[key] ?? key;
      return key in before ? `${label}: ${valueText(before[key])} → ${valueText(after[key])}` : `${label}: ${valueText(after[key])}`;
    });
}

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function ReviewItem({ review }: { review: Json<AdminEditorialReview> }) {
  return (
    <li className="border border-base-200 rounded-box p-3" data-testid="review-entry">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold tabular-nums">{review.qualityScore}/10</span>
        <AdminStars score={review.qualityScore} />
        <span className={`badge badge-sm ${review.isFollowUp ? 'badge-info' : 'badge-success'}`}>{review.isFollowUp ? 'Follow-up' : 'Initial review'}</span>
        <span className="text-base-content/70">
          {review.reviewerName ? `by ${review.reviewerName}, ` : ''}
          {dateTime(review.reviewedAt)}
        </span>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line">{review.curatorTake}</p>
    </li>
  );
}

/** `ownTool`: why the viewer may not add a review (a tool they submitted), if so. */
export default function ToolDetailsDialog({ tool, ownTool, onClose }: { tool: AdminApprovedTool; ownTool?: string; onClose: () => void }) {
  const { data: history, loading, error } = useStore($toolHistory);
  const [reviewing, setReviewing] = useState(false);

  useEffect(() => {
    $historyToolId.set(String(tool.id));
    return () => $historyToolId.set(null);
  }, [tool.id]);

  // The list already carries the reviews; the history call adds the audit trail (and is fresher).
  const reviews = history?.toolId === tool.id ? history.editorialReviews : tool.editorialReviews;
  const audit = history?.toolId === tool.id ? history.auditLog : null;
  const href = safeHref(tool.url);

  return (
    <>
      <Modal title={tool.name} onClose={onClose} size="xl" testId="tool-details-dialog">
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-2">
            {tool.status === 'unlisted' ? <span className="badge badge-neutral">Unlisted</span> : <span className="badge badge-success">Live</span>}
            {tool.isPremium ? <span className="badge badge-warning">Premium</span> : <span className="badge badge-ghost">Free</span>}
            {href && (
              <a className="link link-primary text-sm" href={href} target="_blank" rel="noopener noreferrer">
                {hostOf(tool.url)}
              </a>
            )}
            {tool.status === 'approved' && (
              <a className="link text-sm" href={`/tool/${tool.slug}`} target="_blank" rel="noopener noreferrer">
                Public page
              </a>
            )}
          </div>

          <dl className="grid sm:grid-cols-2 gap-4">
            <Detail label="Description" wide>
              <p className="whitespace-pre-line">{tool.description}</p>
            </Detail>
            <Detail label="Categories">
              <span className="flex flex-wrap gap-1">
                {tool.tags.length ? tool.tags.map((tag) => <CategoryBadge key={tag} tag={tag} />) : '—'}
              </span>
            </Detail>
            <Detail label="Quality Score">
              <span className="inline-flex items-center gap-2">
                <span className="font-semibold">{tool.qualityScore ?? '—'}/10</span>
                <AdminStars score={tool.qualityScore} />
              </span>
            </Detail>
            <Detail label="Pricing">{tool.pricingModel ? pricingLabel(tool.pricingModel) : '—'}</Detail>
            <Detail label="Best For">{tool.targetAudience.length ? tool.targetAudience.map(detailLabel).join(', ') : '—'}</Detail>
            <Detail label="Approved">{longDate(tool.approvedAt) || '—'}</Detail>
            {tool.status === 'unlisted' && <Detail label="Unlist reason">{tool.unlistReason || '—'}</Detail>}
            {tool.isPremium && (
              <>
                <Detail label="Demo Video">
                  {safeHref(tool.videoUrl) ? (
                    <a className="link link-primary break-all" href={safeHref(tool.videoUrl)} target="_blank" rel="noopener noreferrer">
                      {tool.videoUrl}
                    </a>
                  ) : (
                    '—'
                  )}
                </Detail>
                <Detail label="Screenshots">
                  {tool.screenshots.length ? (
                    <span className="flex flex-wrap gap-2">
                      {tool.screenshots.map((shot, i) => (
                        <a key={shot} className="link link-primary" href={safeHref(shot)} target="_blank" rel="noopener noreferrer">
                          Screenshot {i + 1}
                        </a>
                      ))}
                    </span>
                  ) : (
                    '—'
                  )}
                </Detail>
              </>
            )}
          </dl>

          <section aria-labelledby={`reviews-${tool.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2 mb-3">
              <h4 id={`reviews-${tool.id}`} className="font-semibold">
                Editorial Review History
              </h4>
              <button type="button" className="btn btn-primary btn-sm" disabled={Boolean(ownTool)} title={ownTool} onClick={() => setReviewing(true)}>
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

          <section aria-labelledby={`audit-${tool.id}`}>
            <h4 id={`audit-${tool.id}`} className="font-semibold mb-3">
              Audit History
            </h4>
            {audit ? (
              audit.length ? (
                <ol className="flex flex-col gap-2 text-sm" data-testid="audit-list">
                  {audit.map((row) => (
                    <li key={row.id} className="border-l-2 border-base-300 pl-3">
                      <div>
                        <span className="font-medium">{ACTION_LABELS[row.action] ?? row.action}</span>
                        <span className="text-base-content/70">
                          {' '}
                          {row.actorName ? `by ${row.actorName}, ` : ''}
                          {dateTime(row.createdAt)}
                        </span>
                      </div>
                      {auditChanges(row).map((line) => (
                        <div key={line} className="text-xs text-base-content/70 break-words">
                          {line}
                        </div>
                      ))}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-base-content/70">No recorded actions.</p>
              )
            ) : error && !loading ? (
              <p className="text-sm text-error-text">The history could not be loaded.</p>
            ) : (
              <span className="loading loading-dots loading-sm" role="status" aria-label="Loading history" />
            )}
          </section>
        </div>
      </Modal>
      {reviewing && (
        <ReviewDialog
          title={`Follow-up review of ${tool.name}`}
          intro={<p className="text-sm text-base-content/80">The newest review's take and score become the tool's. Earlier reviews stay in the history.</p>}
          submitLabel="Add Review"
          pendingLabel="Adding..."
          initialScore={tool.qualityScore}
          onClose={() => setReviewing(false)}
          testId="follow-up-dialog"
          onSubmit={(review) =>
            perform(() => addReview(tool.id, review), {
              success: () => ({ title: TOAST.reviewAdded, description: `${tool.name} now scores ${review.qualityScore}/10.` }),
              failure: TOAST.addReviewFailed,
            })
          }
        />
      )}
    </>
  );
}
