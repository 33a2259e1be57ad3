// The admin Claims tab (docs/decisions/0099): every claim of a listing with its tool, member, method, state and dates,
// filtered by state, and Revoke with a reason (the member is e-mailed it; a verified owner's mark leaves the page).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES, CLAIM_STATUSES, type ClaimStatus } from '../../../lib/claims';
import { revokeClaimSchema } from '../../../lib/schemas';
import { shortDate } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { $adminClaims, revokeClaim, type AdminClaim } from '../../stores/admin-claims';
import ReasonDialog from './dialogs/ReasonDialog';
import { perform } from './feedback';
import { DANGER_OUTLINE, EmptyState, ListState } from './parts';

/** The dates that say where a claim stands, in the order they happen. */
function claimDates(claim: AdminClaim): string[] {
  const dates: [string, string | null][] = [
    ['started', claim.createdAt],
    ['verified', claim.verifiedAt],
    ['last checked', claim.lastCheckedAt],
    ['re-check due', claim.status === 'verified' ? claim.recheckDueAt : null],
    ['grace until', claim.graceUntil],
    ['ended', claim.endedAt],
  ];
  return dates.filter(([, at]) => at).map(([label, at]) => `${label} ${shortDate(at)}`);
}

export default function ClaimsTab() {
  const { data, loading, error } = useStore($adminClaims);
  const [status, setStatus] = useState<ClaimStatus | ''>('');
  const [revoking, setRevoking] = useState<AdminClaim | null>(null);

  return (
    <>
      <ListState data={data} loading={loading} error={error}>
        {(claims) => {
          const shown = status ? claims.filter((c) => c.status === status) : claims;
          return (
            <div className="flex flex-col gap-4">
              <label className="flex flex-wrap items-center gap-2 text-sm">
                <span>State</span>
                <select
                  className="select select-sm select-bordered"
                  value={status}
                  onChange={(e) => setStatus(e.target.value as ClaimStatus | '')}
                >
                  <option value="">All ({claims.length})</option>
                  {CLAIM_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {CLAIM_STATUS_LABELS[s]} ({claims.filter((c) => c.status === s).length})
                    </option>
                  ))}
                </select>
              </label>
              {shown.length === 0 ? (
                <EmptyState>No claims</EmptyState>
              ) : (
                <ul className="flex flex-col gap-3" aria-label="Claims">
                  {shown.map((claim) => (
                    <li key={claim.id} className="card bg-base-100 border border-base-200" data-testid="claim">
                      <div className="card-body p-4 gap-2">
                        <div className="flex flex-wrap items-start justify-between gap-2">
                          <div className="min-w-0">
                            <h3 className="font-semibold break-words">
                              <a className="link link-hover" href={`/tool/${claim.tool.slug}`}>
                                {claim.tool.name}
                              </a>
                            </h3>
                            <p className="text-sm text-base-content/80 break-words">
                              {claim.member ? claim.member.name : 'Unknown member'}
                              {claim.member?.email && claim.member.email !== claim.member.name && (
                                <> ({claim.member.email})</>
                              )}{' '}
                              · {LISTING_MSG.ownerMethod[claim.method]} on {claim.domain}
                              {claim.email && <> ({claim.email})</>}
                            </p>
                          </div>
                          <span className={`badge ${CLAIM_STATUS_TONES[claim.status]}`}>
                            {CLAIM_STATUS_LABELS[claim.status]}
                          </span>
                        </div>
                        <p className="text-xs text-base-content/80">{claimDates(claim).join(' · ')}</p>
                        {claim.endReason && (
                          <p className="text-sm border-l-2 border-base-300 pl-3 break-words">
                            {claim.endedBy ? `${claim.endedBy}: ` : ''}
                            {claim.endReason}
                          </p>
                        )}
                        {claim.status !== 'revoked' && (
                          <div className="flex justify-end">
                            <button
                              type="button"
                              className={`${DANGER_OUTLINE} btn-sm`}
                              onClick={() => setRevoking(claim)}
                            >
                              Revoke
                              <span className="sr-only"> the claim of {claim.tool.name}</span>
                            </button>
                          </div>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        }}
      </ListState>
      {revoking && (
        <ReasonDialog
          title={`Revoke ownership of ${revoking.tool.name}`}
          intro={<p className="text-sm text-base-content/80">{LISTING_MSG.revokeConfirm(revoking.tool.name)}</p>}
          label="Reason (sent to the member)"
          schema={revokeClaimSchema}
          field="reason"
          submitLabel="Revoke"
          pendingLabel="Revoking..."
          danger
          onClose={() => setRevoking(null)}
          testId="revoke-claim-dialog"
          onSubmit={(reason) =>
            perform(() => revokeClaim(revoking.id, reason), {
              success: () => ({ title: 'Claim revoked', description: `The member was told why.` }),
              failure: 'Failed to revoke the claim',
            })
          }
        />
      )}
    </>
  );
}
