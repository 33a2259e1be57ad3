// Pending Review: the submissions waiting for a decision in the queue's order (Premium first, then oldest), with
// Approve, Request changes, Reject and View; a resubmission shows why it was rejected before, a tool the editors asked
// changes of says so with the note (docs/decisions/0104).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format';
import { can, ownToolRefusal } from '../../../lib/permissions';
import { LISTING_MSG } from '../../../lib/listing-messages';
import {
  $pendingQueue,
  $pendingRejections,
  $pendingTools,
  type AdminQueueEntry,
  type PendingRejection,
} from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import PendingDialog, { type PendingAction } from './dialogs/PendingDialog';
import { STACKED_TABLE } from '../../components/stacked-table';
import { CategoryBadge, DANGER_OUTLINE, EmptyState, ListState, safeHref, TableHead } from './parts';

/** The tool's place in the queue, and the changes the editors asked for while the owner has not answered them. */
function QueueState({ entry }: { entry: AdminQueueEntry | undefined }) {
  if (!entry) return null;
  return (
    <div className="mt-1 text-xs max-w-xs" data-testid="queue-state">
      <span className="text-base-content/70">#{entry.position} in the queue</span>
      {entry.changesRequestedAt && (
        <div className="mt-0.5" data-testid="pending-changes-requested">
          <span className="badge badge-info badge-xs">{LISTING_MSG.changesRequested}</span>{' '}
          <span className="text-base-content/80">
            {shortDate(entry.changesRequestedAt)}
            {entry.changesRequestedNote ? `: ${entry.changesRequestedNote}` : ''}
          </span>
        </div>
      )}
    </div>
  );
}

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
  const { data: queue } = useStore($pendingQueue);
  const queueEntryOf = (toolId: number) => queue?.find((e) => e.toolId === toolId);
  const [dialog, setDialog] = useState<PendingAction | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      {!canModerate && (
        <p className="alert alert-info alert-soft text-sm mb-4">
          You can read the submissions waiting for review; staff and admins approve or reject them.
        </p>
      )}
      <p className="text-sm text-base-content/70 mb-4">
        Oldest first, Premium submissions ahead. {LISTING_MSG.queuePremiumNote}
      </p>
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
                          {tool.isPremium && <span className="badge badge-warning badge-xs mt-1">Premium</span>}
                          <div className="text-xs text-base-content/70 line-clamp-1 max-w-xs mt-0.5">
                            {tool.description}
                          </div>
                          <QueueState entry={queueEntryOf(tool.id)} />
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
                                  className="btn btn-outline btn-sm"
                                  onClick={() => setDialog({ kind: 'changes', tool })}
                                >
                                  Request changes
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

      {dialog && <PendingDialog dialog={dialog} onClose={close} />}
    </>
  );
}
