// Change Requests: owners' edits of their listed tools as a word diff, with Approve Changes and Reject Changes.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format';
import { TOAST } from '../../../lib/messages';
import { ownToolRefusal } from '../../../lib/permissions';
import { rejectChangeSchema } from '../../../lib/schemas';
import {
  $changeRequests,
  approveChangeRequest,
  rejectChangeRequest,
  type AdminChangeRequest,
} from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import ChangeDiff from './ChangeDiff';
import ReasonDialog from './dialogs/ReasonDialog';
import { perform } from './feedback';
import { DANGER_OUTLINE, EmptyState, ListState } from './parts';

const STATUS_BADGE: Record<string, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

function requesterText(requester: AdminChangeRequest['requester']): { name: string; email: string | null } {
  if (!requester) return { name: 'Unknown', email: null };
  return { name: requester.name, email: requester.name !== requester.email ? requester.email : null };
}

export default function ChangeRequestsTab({ user }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($changeRequests);
  const [rejecting, setRejecting] = useState<AdminChangeRequest | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function approve(request: AdminChangeRequest) {
    setBusyId(request.id);
    await perform(() => approveChangeRequest(request.id), {
      success: () => ({
        title: TOAST.changesApproved,
        description: `${request.toolName} was updated and the owner notified.`,
      }),
      failure: TOAST.approveChangesFailed,
    });
    setBusyId(null);
  }

  return (
    <>
      <ListState data={data} loading={loading} error={error}>
        {(requests) =>
          requests.length === 0 ? (
            <EmptyState>No change requests</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Change requests">
              {requests.map((request) => {
                const person = requesterText(request.requester);
                const pending = request.status === 'pending';
                const busy = busyId === request.id;
                const ownTool = ownToolRefusal(user, { submittedById: request.toolSubmittedById })?.message;
                return (
                  <li key={request.id} className="card bg-base-100 border border-base-200" data-testid="change-request">
                    <div className="card-body p-4 gap-3">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div>
                          <h3 className="font-semibold">{request.toolName}</h3>
                          <p className="text-sm text-base-content/70">
                            Requested by {person.name}
                            {person.email && <> ({person.email})</>} on {shortDate(request.submittedAt)}
                          </p>
                        </div>
                        <span className={`badge ${STATUS_BADGE[request.status] ?? 'badge-ghost'}`}>
                          {request.status[0].toUpperCase() + request.status.slice(1)}
                        </span>
                      </div>
                      <ChangeDiff request={request} />
                      {pending ? (
                        <div className="flex flex-wrap gap-2 justify-end">
                          <button
                            type="button"
                            className={`${DANGER_OUTLINE} btn-sm`}
                            disabled={busy}
                            onClick={() => setRejecting(request)}
                          >
                            Reject Changes
                          </button>
                          <button
                            type="button"
                            className="btn btn-success btn-sm"
                            disabled={busy || Boolean(ownTool)}
                            title={ownTool}
                            onClick={() => void approve(request)}
                          >
                            {busy ? 'Applying...' : 'Approve Changes'}
                          </button>
                        </div>
                      ) : (
                        request.reviewedAt && (
                          <p className="text-xs text-base-content/60 text-right">
                            Decided on {shortDate(request.reviewedAt)}
                          </p>
                        )
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </ListState>
      {rejecting && (
        <ReasonDialog
          title={`Reject changes to ${rejecting.toolName}`}
          intro={
            <p className="text-sm text-base-content/80">
              The tool stays as it is. The owner is told by e-mail, with your reason if you give one.
            </p>
          }
          label="Reason (optional)"
          schema={rejectChangeSchema}
          field="reason"
          submitLabel="Reject Changes"
          pendingLabel="Rejecting..."
          danger
          onClose={() => setRejecting(null)}
          testId="reject-changes-dialog"
          onSubmit={(reason) =>
            perform(() => rejectChangeRequest(rejecting.id, reason), {
              success: () => ({
                title: TOAST.changesRejected,
                description: `The owner of ${rejecting.toolName} was notified.`,
              }),
              failure: TOAST.rejectChangesFailed,
            })
          }
        />
      )}
    </>
  );
}
