// A claim's state as a badge: verified in green, pending in neutral, an ended claim in warning colours.
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES, type ClaimStatus } from '../../../lib/claims';

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <span className={`badge ${CLAIM_STATUS_TONES[status]}`} data-testid="claim-status">
      {CLAIM_STATUS_LABELS[status]}
    </span>
  );
}
