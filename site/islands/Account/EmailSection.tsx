// The Email section of the account settings (docs/decisions/0094): the address and whether it is verified, a change
// waiting for its link (with Cancel), and the change form: the new address, and the current password where the account
// has one. The address changes only once the new one opens the link sent to it.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { FORM_ACTIONS } from '../../../lib/form-pages';
import { logError, serverMessage } from '../../../lib/http';
import Field from '../../components/Field';
import { $accountEmail, cancelEmailChange, requestEmailChange, resendVerification } from '../../stores/account-email';
import { showToast } from '../../stores/toast';
import type { CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

/** Runs an action, toasting its success or the server's refusal; whether it worked. */
async function attempt(action: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await action();
    showToast({ title: success, variant: 'success' });
    return true;
  } catch (error) {
    logError(error);
    showToast({ title: failure, description: serverMessage(error), variant: 'destructive' });
    return false;
  }
}

export function EmailSection(_props: { user: CurrentUser }) {
  const { data } = useStore($accountEmail);
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    const ok = await attempt(action, success, failure);
    setBusy(false);
    return ok;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const answer = await requestEmailChange({ email, currentPassword: currentPassword || undefined });
      showToast({ title: 'Check your inbox', description: ACCOUNT_MSG.emailChangeSent(answer.pendingEmail ?? email) });
      setEmail('');
      setCurrentPassword('');
    } catch (failure) {
      logError(failure);
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard id="email" title="Email address" testId="email-section">
      {!data ? (
        <span className="loading loading-spinner loading-sm" role="status" aria-label="Loading" />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all">{data.email}</span>
            {data.verified ? (
              <span className="badge badge-success">Verified</span>
            ) : (
              <span className="badge badge-warning">Not verified</span>
            )}
          </div>
          {!data.verified && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>{ACCOUNT_MSG.emailNotVerified}</span>
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                onClick={() => run(resendVerification, ACCOUNT_MSG.verificationSent, 'Email not sent')}
              >
                Resend
              </button>
              <a className="btn btn-sm btn-ghost" href={FORM_ACTIONS.verifyEmail}>
                Enter the code
              </a>
            </div>
          )}
          {data.pendingEmail && (
            <div role="status" className="alert" data-testid="pending-email">
              <p>
                Waiting for <span className="font-medium break-all">{data.pendingEmail}</span> to be confirmed: open the
                link we sent there. Until then your address stays as it is.
              </p>
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                onClick={() => run(cancelEmailChange, ACCOUNT_MSG.emailChangeCancelled, 'Not cancelled')}
              >
                Cancel change
              </button>
            </div>
          )}
          <form className="grid gap-3 max-w-sm" onSubmit={submit} noValidate>
            <Field id="new-email" label="New email address" required error={error}>
              <input
                id="new-email"
                type="email"
                className="input input-bordered w-full"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-describedby={error ? 'new-email-error' : undefined}
                required
              />
            </Field>
            {data.hasPassword ? (
              <Field id="email-current-password" label="Current password" required>
                <input
                  id="email-current-password"
                  type="password"
                  className="input input-bordered w-full"
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                  required
                />
              </Field>
            ) : (
              <p className="text-sm text-base-content/80">
                You sign in with Google: the new address confirms the change by the link we send to it.
              </p>
            )}
            <div>
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy || email.trim() === ''}>
                Change email
              </button>
            </div>
          </form>
        </>
      )}
    </SettingsCard>
  );
}
