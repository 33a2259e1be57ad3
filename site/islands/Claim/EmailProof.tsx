// The e-mail method: an address on the tool's domain (never a free-mail one, never on a shared host), then the 6-digit
// code sent there (10 minutes, 5 tries). Also how an e-mail owner confirms once a year.
import { useState, type FormEvent } from 'react';
import { hostOf } from '../../../lib/format';
import { logError, serverMessage } from '../../../lib/http';
import Field from '../../components/Field';
import { confirmClaimCode, sendClaimCode, type ClaimOutcome, type MemberClaim } from '../../stores/claims';
import { ClaimMessage } from './ClaimMessage';

export function EmailProof({
  slug,
  url,
  claim,
  onVerified,
}: {
  slug: string;
  url: string;
  claim?: MemberClaim;
  /** Told the message of a code that verified the claim (this form then goes: the claim needs no proof). */
  onVerified: (message: string) => void;
}) {
  const [address, setAddress] = useState(claim?.location ?? '');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(claim?.status === 'pending');
  const [outcome, setOutcome] = useState<ClaimOutcome>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run(event: FormEvent, action: () => Promise<ClaimOutcome>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setOutcome(undefined);
    try {
      const result = await action();
      if (result.verified) onVerified(result.message);
      else setOutcome(result);
      return true;
    } catch (failure) {
      logError(failure);
      setError(serverMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const send = async (event: FormEvent) => {
    if (await run(event, () => sendClaimCode({ toolSlug: slug, address }))) setSent(true);
  };
  const confirm = async (event: FormEvent) => {
    if (await run(event, () => confirmClaimCode({ toolSlug: slug, code }))) setCode('');
  };

  return (
    <div className="space-y-4" data-testid="email-proof">
      <p className="text-sm">
        We e-mail a code to an address on {hostOf(url)} (or one of its subdomains). Addresses at free e-mail providers
        cannot prove a tool.
      </p>
      <form className="flex flex-wrap items-end gap-2" onSubmit={send} noValidate>
        <div className="grow max-w-sm">
          <Field id="claim-address" label="Address on the tool's domain" required>
            <input
              id="claim-address"
              type="email"
              className="input input-bordered w-full"
              placeholder={`you@${hostOf(url)}`}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              required
            />
          </Field>
        </div>
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {sent ? 'Send a new code' : 'Send code'}
        </button>
      </form>
      {sent && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={confirm} noValidate>
          <div className="max-w-xs">
            <Field id="claim-code" label="6-digit code" required>
              <input
                id="claim-code"
                className="input input-bordered w-full"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
              />
            </Field>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Confirm
          </button>
        </form>
      )}
      {outcome && <ClaimMessage ok text={outcome.message} />}
      {error && <ClaimMessage ok={false} text={error} />}
    </div>
  );
}
