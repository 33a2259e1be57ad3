// The Close section of the account settings (docs/decisions/0097): what closing does, and a dialog that confirms it
// with the current password, or with a code e-mailed to a Google-only account. The server signs out everywhere.
import { useEffect, useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { ACCOUNT_DELETION_DAYS } from '../../../lib/constants';
import { longDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import Field from '../../components/Field';
import Modal from '../../components/Modal';
import { closeAccount, loadClosingState, sendCloseCode } from '../../stores/account-closing';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

type ConfirmWith = 'password' | 'code';

export function CloseSection({ user }: { user: CurrentUser }) {
  const [confirmWith, setConfirmWith] = useState<ConfirmWith | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    loadClosingState()
      .then((state) => setConfirmWith(state.confirmWith))
      .catch((error: unknown) => {
        if (!sentToLogin(error)) setConfirmWith('password');
      });
  }, []);

  return (
    <SettingsCard id="close-account" title="Close account" tone="danger" testId="close-section">
      <ul className="list-disc pl-5 text-sm text-base-content/80 space-y-1">
        <li>You are signed out on every device at once.</li>
        <li>Your approved tools stay listed, without your name. Submissions awaiting review are withdrawn.</li>
        <li>A Premium membership is not renewed: it ends with the period you paid for.</li>
        <li>
          {ACCOUNT_DELETION_DAYS} days later we delete your personal data. Until then, sign in to restore the account.
        </li>
      </ul>
      {user.isAdmin && <p className="text-sm text-base-content/80">The last administrator account cannot be closed.</p>}
      <div>
        <button
          type="button"
          className="btn btn-sm btn-outline border-error text-error-text hover:btn-error"
          disabled={confirmWith === null}
          onClick={() => setOpen(true)}
          data-testid="close-account-open"
        >
          Close my account
        </button>
      </div>
      {open && confirmWith && <CloseDialog confirmWith={confirmWith} onClose={() => setOpen(false)} />}
    </SettingsCard>
  );
}

function CloseDialog({ confirmWith, onClose }: { confirmWith: ConfirmWith; onClose: () => void }) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState<string>();

  async function sendCode() {
    setError(undefined);
    setBusy(true);
    try {
      setCodeSent(await sendCloseCode());
    } catch (failure) {
      if (!sentToLogin(failure)) setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const { deletionDate } = await closeAccount(confirmWith === 'password' ? { password: secret } : { code: secret });
      showToast(
        { title: ACCOUNT_MSG.closedTitle, description: ACCOUNT_MSG.closedNotice(longDate(deletionDate)) },
        { next: '/' },
      );
      window.location.assign('/');
    } catch (failure) {
      setBusy(false);
      if (!sentToLogin(failure)) setError(serverMessage(failure));
    }
  }

  const id = 'close-account-secret';
  return (
    <Modal title="Close your account?" onClose={onClose} testId="close-account-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {confirmWith === 'password' ? (
          <Field id={id} label="Current password" required error={error}>
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              className="input input-bordered w-full"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
        ) : (
          <>
            <p className="text-sm">Your account signs in with Google: we e-mail you a 6-digit code to confirm.</p>
            <button type="button" className="btn btn-outline btn-sm w-fit" onClick={sendCode} disabled={busy}>
              {codeSent ? 'Send a new code' : 'E-mail me a code'}
            </button>
            {codeSent && (
              <p role="status" className="text-sm">
                {codeSent}
              </p>
            )}
            <Field id={id} label="Code from the e-mail" required error={error}>
              <input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="input input-bordered w-full"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </Field>
          </>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Keep my account
          </button>
          <button type="submit" className="btn btn-error" disabled={busy} data-testid="close-account-confirm">
            Close my account
          </button>
        </div>
      </form>
    </Modal>
  );
}
