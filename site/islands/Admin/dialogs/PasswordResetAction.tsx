// The Manage dialog's "Send password reset" (docs/decisions/0093): the member gets a link by e-mail to choose a new
// password. The admin never sees the link or any password.
import { useState } from 'react';
import { ACCOUNT_MSG } from '../../../../lib/account-messages';
import { displayName } from '../../../../lib/format';
import { sendPasswordReset } from '../../../stores/account-password';
import type { AdminUser } from '../../../stores/admin';
import { perform } from '../feedback';

export function PasswordResetAction({ user }: { user: AdminUser }) {
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    await perform(() => sendPasswordReset(user.id), {
      success: (message) => ({ title: message, description: user.email }),
      failure: ACCOUNT_MSG.resetByAdminFailed,
    });
    setSending(false);
  }
  return (
    <div className="rounded-box border border-base-200 p-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-base-content/80">
        E-mail {displayName(user)} a link to choose a new password (valid one hour).
      </p>
      <button type="button" className="btn btn-outline btn-sm" disabled={sending} onClick={send}>
        Send password reset
      </button>
    </div>
  );
}
