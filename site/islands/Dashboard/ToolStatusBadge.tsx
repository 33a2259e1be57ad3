// A tool's status on its owner's dashboard: a badge for each status, and under a rejected or unlisted one the reason
// the editors gave, so the owner knows what to fix (docs/decisions/0071); a rejection also names its reason from the
// list and says whether and how to resubmit (docs/decisions/0104).
import type { RejectedToolReason, ToolRecord } from '../../../lib/contract';
import type { ToolStatus } from '../../../lib/tool-status';

const BADGES: Record<ToolStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'badge-warning' },
  approved: { label: 'Approved', tone: 'badge-success' },
  rejected: { label: 'Rejected', tone: 'badge-error' },
  unlisted: { label: 'Unlisted', tone: 'badge-neutral' },
  discontinued: { label: 'Discontinued', tone: 'badge-neutral' },
};

export default function ToolStatusBadge({
  tool,
  rejection,
}: {
  tool: Pick<ToolRecord, 'status' | 'rejectionReason' | 'unlistReason'>;
  /** The rejection's reason from the list, once the queue call has answered. */
  rejection?: Pick<RejectedToolReason, 'label' | 'advice'>;
}) {
  const { label, tone } = BADGES[tool.status];
  const reason =
    tool.status === 'rejected' ? tool.rejectionReason : tool.status === 'unlisted' ? tool.unlistReason : null;
  // One block: on phones the stacked table lays a cell's children out beside its label, and the reason belongs under the badge.
  return (
    <div>
      <span className={`badge ${tone} badge-sm font-medium`}>{label}</span>
      {tool.status === 'rejected' && rejection && (
        <p className="text-xs font-medium mt-1 max-w-xs" data-testid="rejection-label">
          {rejection.label}
        </p>
      )}
      {reason && (
        <p className="text-xs text-base-content/80 mt-1 max-w-xs break-words" data-testid="status-reason">
          Reason: {reason}
        </p>
      )}
      {tool.status === 'rejected' && rejection && (
        <p className="text-xs text-base-content/80 mt-1 max-w-xs" data-testid="rejection-advice">
          {rejection.advice}
        </p>
      )}
    </div>
  );
}
