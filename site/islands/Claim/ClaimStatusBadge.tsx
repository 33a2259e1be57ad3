// A claim's state as a badge: verified in green, pending in neutral, an ended claim in warning colours.
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../../../lib/claims';

const TONE: Record<ClaimStatus, string> = {
  pending: 'badge-ghost',
  verified: 'badge-success',
  lapsed: 'badge-warning',
  suspended: 'badge-warning',
  revoked: 'badge-error',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <span className={`badge ${TONE[status]}`} data-testid="claim-status">
      {CLAIM_STATUS_LABELS[status]}
    </span>
  );
}
