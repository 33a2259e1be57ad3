// The member's claims on the claim screen: each tool, how it is proved, its state and what it asks of them next.
import { useStore } from '@nanostores/react';
import { CLAIM_METHOD_LABELS } from '../../../lib/claims';
import { longDate } from '../../../lib/format';
import { $claims } from '../../stores/claims';
import { ClaimStatusBadge } from './ClaimStatusBadge';

export function MyClaims() {
  const { data: claims } = useStore($claims);
  if (!claims || claims.length === 0) return null;
  return (
    <section aria-labelledby="my-claims-title" className="space-y-3" data-testid="my-claims">
      <h2 id="my-claims-title" className="text-xl font-bold">
        Your claims
      </h2>
      <ul className="space-y-3">
        {claims.map((claim) => (
          <li key={claim.id} className="rounded-xl border border-base-200 p-4" data-testid="my-claim">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a className="link font-semibold" href={`/claim?tool=${encodeURIComponent(claim.tool.slug)}`}>
                {claim.tool.name}
              </a>
              <ClaimStatusBadge status={claim.status} />
              <span className="text-sm text-base-content/80">{CLAIM_METHOD_LABELS[claim.method]}</span>
            </div>
            <p className="mt-1 text-sm">{claim.next}</p>
            {claim.verifiedAt && claim.status === 'verified' && (
              <p className="mt-1 text-xs text-base-content/80">Verified on {longDate(claim.verifiedAt)}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
