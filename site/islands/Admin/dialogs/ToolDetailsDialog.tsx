// The View dialog of an approved tool: its details, the editorial review history, the audit history,
// and the 'Add Follow-up Review' dialog.
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { detailLabel, hostOf, longDate, pricingLabel } from '../../../../lib/format';
import { TOAST } from '../../../../lib/messages';
import { $historyToolId, $toolHistory, addReview, type AdminApprovedTool } from '../../../stores/admin';
import { perform } from '../feedback';
import { AdminStars, CategoryBadge, safeHref } from '../parts';
import Modal from '../../../components/Modal';
import AuditHistory from './AuditHistory';
import ReviewHistory from './ReviewHistory';
import ReviewDialog from './ReviewDialog';

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** `ownTool`: why the viewer may not add a review (a tool they submitted), if so. */
export default function ToolDetailsDialog({
  tool,
  ownTool,
  onClose,
}: {
  tool: AdminApprovedTool;
  ownTool?: string;
  onClose: () => void;
}) {
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
            {tool.status === 'unlisted' ? (
              <span className="badge badge-neutral">Unlisted</span>
            ) : (
              <span className="badge badge-success">Live</span>
            )}
            {tool.isPremium ? (
              <span className="badge badge-warning">Premium</span>
            ) : (
              <span className="badge badge-ghost">Free</span>
            )}
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
            <Detail label="Best For">
              {tool.targetAudience.length ? tool.targetAudience.map(detailLabel).join(', ') : '—'}
            </Detail>
            <Detail label="Approved">{longDate(tool.approvedAt) || '—'}</Detail>
            {tool.status === 'unlisted' && <Detail label="Unlist reason">{tool.unlistReason || '—'}</Detail>}
            {tool.isPremium && (
              <>
                <Detail label="Demo Video">
                  {safeHref(tool.videoUrl) ? (
                    <a
                      className="link link-primary break-all"
                      href={safeHref(tool.videoUrl)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
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
                        <a
                          key={shot}
                          className="link link-primary"
                          href={safeHref(shot)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
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

          <ReviewHistory toolId={tool.id} reviews={reviews} ownTool={ownTool} addReview={() => setReviewing(true)} />

          <AuditHistory toolId={tool.id} audit={audit} loading={loading} error={error} />
        </div>
      </Modal>
      {reviewing && (
        <ReviewDialog
          title={`Follow-up review of ${tool.name}`}
          intro={
            <p className="text-sm text-base-content/80">
              The newest review's take and score become the tool's. Earlier reviews stay in the history.
            </p>
          }
          submitLabel="Add Review"
          pendingLabel="Adding..."
          initialScore={tool.qualityScore}
          onClose={() => setReviewing(false)}
          testId="follow-up-dialog"
          onSubmit={(review) =>
            perform(() => addReview(tool.id, review), {
              success: () => ({
                title: TOAST.reviewAdded,
                description: `${tool.name} now scores ${review.qualityScore}/10.`,
              }),
              failure: TOAST.addReviewFailed,
            })
          }
        />
      )}
    </>
  );
}
