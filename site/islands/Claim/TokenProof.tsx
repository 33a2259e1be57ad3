// A DNS record, a meta tag or a well-known file: "Get my token" shows the token once with the exact value and where to
// put it (only its hash is kept: a lost token means starting again), and "Check now" looks for it.
import { useState } from 'react';
import type { TokenMethod } from '../../../lib/claims';
import { logError, serverMessage } from '../../../lib/http';
import { checkClaim, startClaim, type ClaimOutcome, type MemberClaim, type StartedClaim } from '../../stores/claims';
import { ClaimMessage } from './ClaimMessage';

/** What each method asks, before and after its token is shown. */
const HOW: Record<TokenMethod, { intro: string; place: (location: string) => string }> = {
  dns: {
    intro: "Add a TXT record to your domain's DNS. Use this when you manage the domain.",
    place: (location) => `Add a TXT record named ${location} with this value:`,
  },
  meta: {
    intro: "Add a meta tag to the <head> of the tool's page, the address listed in the directory.",
    place: (location) => `Put this tag inside the <head> of ${location}:`,
  },
  file: {
    intro: "Serve a small text file under /.well-known/ on the tool's site.",
    place: (location) => `Serve a text file at ${location} containing:`,
  },
};

export function TokenProof({
  slug,
  method,
  claim,
  onVerified,
}: {
  slug: string;
  method: TokenMethod;
  claim?: MemberClaim;
  /** Told the message of a check that verified the claim (this part then goes: the claim needs no proof). */
  onVerified: (message: string) => void;
}) {
  const [started, setStarted] = useState<StartedClaim>();
  const [outcome, setOutcome] = useState<ClaimOutcome>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const shown = started?.claim.method === method ? started : undefined;
  const current = shown?.claim ?? claim;
  const checkable = current && (current.status === 'pending' || current.status === 'verified');

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setOutcome(undefined);
    try {
      await action();
    } catch (failure) {
      logError(failure);
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      setStarted(await startClaim({ toolSlug: slug, method }));
    });
  const check = (id: number) =>
    run(async () => {
      const result = await checkClaim(id);
      if (result.verified) onVerified(result.message);
      else setOutcome(result);
    });

  return (
    <div className="space-y-3" data-testid="token-proof">
      <p className="text-sm">{HOW[method].intro}</p>
      {shown && (
        <div className="space-y-2" data-testid="claim-token">
          <p className="text-sm">{HOW[method].place(shown.claim.location ?? '')}</p>
          <pre className="bg-base-200 rounded-lg p-3 text-sm whitespace-pre-wrap break-all">
            <code>{shown.value}</code>
          </pre>
          <p className="text-xs text-base-content/80">
            We show this token only now, and it works for 7 days. Lost it? Get a new one: the old one stops working.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={start} disabled={busy}>
          {current ? 'Get a new token' : 'Get my token'}
        </button>
        {checkable && (
          <button type="button" className="btn btn-primary" onClick={() => check(current.id)} disabled={busy}>
            Check now
          </button>
        )}
      </div>
      {outcome && <ClaimMessage ok={false} text={outcome.message} />}
      {error && <ClaimMessage ok={false} text={error} />}
    </div>
  );
}
