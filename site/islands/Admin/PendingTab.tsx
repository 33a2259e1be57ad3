// Pending Review: the submissions waiting for a decision, with Approve, Reject and View; a resubmission shows why it was
// rejected before.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format';
import { TOAST } from '../../../lib/messages';
import { can, ownToolRefusal } from '../../../lib/permissions';
import { rejectSchema } from '../../../lib/schemas';
import {
  $pendingRejections,
  $pendingTools,
  approveTool,
  rejectTool,
  type AdminPendingTool,
  type PendingRejection,
} from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import ReasonDialog from './dialogs/ReasonDialog';
import ReviewDialog from './dialogs/ReviewDialog';
import { perform } from './feedback';
import { STACKED_TABLE } from '../../components/stacked-table';
import { CategoryBadge, DANGER_OUTLINE, EmptyState, ListState, safeHref, TableHead } from './parts';

type Dialog = { kind: 'approve' | 'reject'; tool: AdminPendingTool } | null;

/** A resubmitted tool's earlier rejections, newest first: what the reviewer asked for last time. */
function EarlierRejections({ rejections }: { rejections: PendingRejection[] }) {
  if (rejections.length === 0) return null;
  return (
    <div className="mt-1 text-xs max-w-xs" data-testid="earlier-rejections">
      <span className="badge badge-info badge-xs">Resubmitted</span>
      {rejections.map((r) => (
        <div key={`${r.rejectedAt}`} className="text-base-content/80 mt-0.5">
          Rejected {shortDate(r.rejectedAt)}
          {r.rejectionReason ? `: ${r.rejectionReason}` : ''}
        </div>
      ))}
    </div>
  );
}

export default function PendingTab({ viewer }: { viewer: CurrentUser }) {
  const canModerate = can(viewer, 'moderate:tools');
  const { data, loading, error } = useStore($pendingTools);
  const { data: rejections } = useStore($pendingRejections);
  const rejectionsOf = (toolId: number) => rejections?.filter((r) => r.toolId === toolId) ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      {!canModerate && (
        <p className="alert alert-info alert-soft text-sm mb-4">
          You can read the submissions waiting for review; staff and admins approve or reject them.
        </p>
      )}
      <ListState data={data} loading={loading} error={error}>
        {(tools) =>
          tools.length === 0 ? (
            <EmptyState>No tools pending review</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className={STACKED_TABLE} aria-label="Tools pending review">
                <TableHead columns={['Tool Name', 'Submitted By', 'Date', 'Category', 'Actions']} />
                <tbody>
                  {tools.map((tool) => {
                    const ownTool = ownToolRefusal(viewer, tool)?.message;
                    return (
                      <tr key={tool.id} data-testid="pending-row">
                        <td>
                          <div className="font-medium">{tool.name}</div>
                          {tool.isPremium && <span className="badge badge-warning badge-xs mt-1">Premium request</span>}
                          <div className="text-xs text-base-content/70 line-clamp-1 max-w-xs mt-0.5">
                            {tool.description}
                          </div>
                          <EarlierRejections rejections={rejectionsOf(tool.id)} />
                        </td>
                        <td data-label="Submitted By">
                          {tool.submittedBy ? (
                            <div>
                              <div>{tool.submittedBy.name}</div>
                              {tool.submittedBy.email && tool.submittedBy.name !== tool.submittedBy.email && (
                                <div className="text-xs text-base-content/70">{tool.submittedBy.email}</div>
                              )}
                            </div>
                          ) : (
                            <span className="text-base-content/70">User #{tool.submittedById}</span>
                          )}
                        </td>
                        <td className="whitespace-nowrap" data-label="Date">
                          {shortDate(tool.submittedAt)}
                        </td>
                        <td data-label="Category">
                          <CategoryBadge tag={tool.tags[0]} />
                        </td>
                        <td>
                          <div className="flex flex-wrap md:justify-end gap-2">
                            {canModerate && (
                              <>
                                <button
                                  type="button"
                                  className="btn btn-success btn-sm"
                                  disabled={Boolean(ownTool)}
                                  title={ownTool}
                                  onClick={() => setDialog({ kind: 'approve', tool })}
                                >
                                  Approve
                                </button>
                                <button
                                  type="button"
                                  className={`${DANGER_OUTLINE} btn-sm`}
                                  onClick={() => setDialog({ kind: 'reject', tool })}
                                >
                                  Reject
                                </button>
                              </>
                            )}
                            <a
                              className="btn btn-ghost btn-sm"
                              href={safeHref(tool.url)}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={`View ${tool.name} (opens in a new tab)`}
                            >
                              View
                            </a>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </ListState>

      {dialog?.kind === 'approve' && (
        <ReviewDialog
          title={`Approve ${dialog.tool.name}`}
          intro={
            <p className="text-sm text-base-content/80">
              The tool goes live in the directory with your take and score, and the submitter is told by e-mail.
            </p>
          }
          submitLabel="Approve Tool"
          pendingLabel="Approving..."
          onClose={close}
          testId="approve-dialog"
          onSubmit={(review) =>
            perform(() => approveTool(dialog.tool.id, review), {
              success: () => ({
                title: TOAST.toolApproved,
                description: `${dialog.tool.name} is now live in the directory.`,
              }),
              failure: TOAST.approveFailed,
            })
          }
        />
      )}
      {dialog?.kind === 'reject' && (
        <ReasonDialog
          title={`Reject ${dialog.tool.name}`}
          intro={<p className="text-sm text-base-content/80">The submitter receives this reason by e-mail.</p>}
          label="Rejection Reason"
          placeholder="Why the tool is not a fit for the directory"
          schema={rejectSchema}
          field="rejectionReason"
          submitLabel="Reject Tool"
          pendingLabel="Rejecting..."
          danger
          onClose={close}
          testId="reject-dialog"
          onSubmit={(rejectionReason) =>
            perform(() => rejectTool(dialog.tool.id, rejectionReason), {
              success: () => ({
                title: TOAST.toolRejected,
                description: `${dialog.tool.name} was rejected and the submitter notified.`,
              }),
              failure: TOAST.rejectFailed,
            })
          }
        />
      )}
    </>
  );
}
