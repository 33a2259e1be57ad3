// The dashboard's notice while the account's address is not verified (docs/decisions/0094): "Resend" sends the link and
// code again, "Enter the code" opens /auth/verify. Nothing else waits for it: signing in and submitting work as before.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { logError, serverMessage } from '../../../lib/http';
import { FORM_ACTIONS } from '../../../lib/form-pages';
import { $accountEmail, resendVerification } from '../../stores/account-email';
import { showToast } from '../../stores/toast';

export default function EmailVerificationBanner() {
  const { data } = useStore($accountEmail);
  const [sending, setSending] = useState(false);
  if (!data || data.verified) return null;

  async function resend() {
    setSending(true);
    try {
      await resendVerification();
      showToast({ title: 'Email sent', description: ACCOUNT_MSG.verificationSent, variant: 'success' });
    } catch (error) {
      logError(error);
      showToast({ title: 'Email not sent', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      role="status"
      className="alert alert-warning mt-6 flex flex-wrap justify-between"
      data-testid="email-not-verified"
    >
      <p>
        <span className="font-semibold">{ACCOUNT_MSG.emailNotVerified}</span>{' '}
        <span>We sent a link and a code to {data.email}.</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={resend} disabled={sending}>
          {sending ? 'Sending...' : 'Resend'}
        </button>
        <a className="btn btn-sm btn-neutral" href={FORM_ACTIONS.verifyEmail}>
          Enter the code
        </a>
      </div>
    </div>
  );
}
