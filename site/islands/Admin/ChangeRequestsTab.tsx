// Change Requests: owners' edits of their listed tools as a word diff, with Approve Changes and Reject Changes.
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { FieldChange } from '../../../lib/change-text';
import { compactParts, splitOuterSpace, type DiffPart } from '../../../lib/diff-parts';
import { shortDate } from '../../../lib/format';
import { TOAST } from '../../../lib/messages';
import { ownToolRefusal } from '../../../lib/permissions';
import { rejectChangeSchema } from '../../../lib/schemas';
import { $changeRequests, approveChangeRequest, rejectChangeRequest, type AdminChangeRequest } from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import AssetDiff, { isAssetChange } from './AssetDiff';
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

// Colour alone does not carry the change: added words are underlined, removed ones struck, and each says so to a screen
// reader. The spaces around a changed run stay outside the mark, so only words are underlined or struck.
function Part({ part }: { part: DiffPart }) {
  if (part.change === 'same') return <span>{part.text}</span>;
  const [before, words, after] = splitOuterSpace(part.text);
  const mark =
    part.change === 'added' ? (
      <ins className="bg-green-100 text-green-900 underline decoration-green-700 rounded-sm px-0.5">
        <span className="sr-only">added: </span>
        {words}
      </ins>
    ) : (
      <del className="bg-red-100 text-red-900 line-through decoration-red-700 rounded-sm px-0.5">
        <span className="sr-only">removed: </span>
        {words}
      </del>
    );
  return (
    <>
      {before}
      {mark}
      {after}
    </>
  );
}

function FieldDiff({ change }: { change: FieldChange }) {
  if (isAssetChange(change)) return <AssetDiff change={change} />;
  if (change.kind === 'list') {
    if (change.parts.length === 0) return <span className="text-base-content/70">none</span>;
    return change.parts.map((part, i) => (
      <span key={i}>
        {i > 0 && ', '}
        <Part part={part} />
      </span>
    ));
  }
  // A decided request has no old value to compare with: the requested value, cut to three lines until shown in full.
  if (change.before === null) return change.after ? <span className="line-clamp-3">{change.after}</span> : <span className="text-base-content/70">none</span>;
  return compactParts(change.parts).map((part, i) => <Part key={i} part={part} />);
}

function Value({ value }: { value: string | null }) {
  return value ? <span className="whitespace-pre-wrap">{value}</span> : <span className="text-base-content/70">none</span>;
}

/** The changed fields, and on demand their whole current and requested values. */
function ChangeDiff({ request }: { request: AdminChangeRequest }) {
  const [full, setFull] = useState(false);
  const regionId = useId();
  if (request.diff.length === 0) return <p className="text-sm bg-base-200/60 rounded-box p-3">{request.changes}</p>;
  const decided = request.diff.every((change) => change.before === null);
  return (
    <div className="text-sm bg-base-200/60 rounded-box p-3 flex flex-col gap-2">
      <dl className="flex flex-col gap-2">
        {request.diff.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.label}</dt>
            <dd className="break-words" data-testid="change-diff">
              <FieldDiff change={change} />
            </dd>
          </div>
        ))}
      </dl>
      <dl id={regionId} hidden={!full} className="flex flex-col gap-3 border-t border-base-300 pt-2" aria-label="Full values">
        {request.diff.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.label}</dt>
            {!decided && (
              <dd className="break-words">
                <span className="text-base-content/70">Current: </span>
                <Value value={change.before} />
              </dd>
            )}
            <dd className="break-words">
              <span className="text-base-content/70">Requested: </span>
              <Value value={change.after} />
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn btn-ghost btn-xs self-start" aria-expanded={full} aria-controls={regionId} onClick={() => setFull(!full)}>
        {full ? 'Hide full values' : 'Show full values'}
      </button>
    </div>
  );
}

export default function ChangeRequestsTab({ user }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($changeRequests);
  const [rejecting, setRejecting] = useState<AdminChangeRequest | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function approve(request: AdminChangeRequest) {
    setBusyId(request.id);
    await perform(() => approveChangeRequest(request.id), {
      success: () => ({ title: TOAST.changesApproved, description: `${request.toolName} was updated and the owner notified.` }),
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
                        <span className={`badge ${STATUS_BADGE[request.status] ?? 'badge-ghost'}`}>{request.status[0].toUpperCase() + request.status.slice(1)}</span>
                      </div>
                      <ChangeDiff request={request} />
                      {pending ? (
                        <div className="flex flex-wrap gap-2 justify-end">
                          <button type="button" className={`${DANGER_OUTLINE} btn-sm`} disabled={busy} onClick={() => setRejecting(request)}>
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
                        request.reviewedAt && <p className="text-xs text-base-content/60 text-right">Decided on {shortDate(request.reviewedAt)}</p>
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
          intro={<p className="text-sm text-base-content/80">The tool stays as it is. The owner is told by e-mail, with your reason if you give one.</p>}
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
              success: () => ({ title: TOAST.changesRejected, description: `The owner of ${rejecting.toolName} was notified.` }),
              failure: TOAST.rejectChangesFailed,
            })
          }
        />
      )}
    </>
  );
}
