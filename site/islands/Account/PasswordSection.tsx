// The Password section of the account settings (docs/decisions/0093): change it with the current one (the other
// devices are signed out), or, for a Google-only account, "Set a password", which e-mails the member a link to set one.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { changePasswordSchema, type ChangePasswordInput } from '../../../lib/account-password';
import { serverMessage } from '../../../lib/http';
import { ValidatedField, useFieldErrors } from '../../components/field-errors';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { $passwordState, changePassword, sendSetPasswordLink } from '../../stores/account-password';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Toasts a refusal (or sends a signed-out member to log in). */
function refused(title: string, error: unknown) {
  if (!sentToLogin(error)) showToast({ title, description: serverMessage(error), variant: 'destructive' });
}

function SetPassword({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  async function send() {
    setSending(true);
    try {
      setSent(await sendSetPasswordLink());
    } catch (error) {
      refused(ACCOUNT_MSG.setPasswordFailed, error);
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/80">
        You sign in with Google. To sign in with your e-mail address too, set a password: we send a link to {email}.
      </p>
      {sent ? (
        <p role="status" className="text-sm text-success-content bg-success/10 rounded-box px-3 py-2">
          {sent}
        </p>
      ) : (
        <button type="button" className="btn btn-outline btn-sm w-fit" disabled={sending} onClick={send}>
          Set a password
        </button>
      )}
    </div>
  );
}

function ChangePassword() {
  const form = useForm<z.input<typeof changePasswordSchema>, unknown, ChangePasswordInput>({
    ...SUBMIT_ONLY,
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const fields = useFieldErrors('password', form);
  async function submit(values: ChangePasswordInput) {
    try {
      showToast({
        title: ACCOUNT_MSG.passwordChangedTitle,
        description: await changePassword(values),
        variant: 'success',
      });
      form.reset(EMPTY);
    } catch (error) {
      refused(ACCOUNT_MSG.passwordNotChanged, error);
    }
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-3 max-w-sm">
      <ValidatedField fields={fields} field="currentPassword" label="Current password">
        <input
          {...fields.control('currentPassword')}
          type="password"
          autoComplete="current-password"
          className="input input-bordered w-full"
        />
      </ValidatedField>
      <NewPasswordFields fields={fields} />
      <p className="text-xs text-base-content/70">Your other devices are signed out; this one stays signed in.</p>
      <button type="submit" className="btn btn-primary btn-sm w-fit" disabled={form.formState.isSubmitting}>
        Change password
      </button>
    </form>
  );
}

export function PasswordSection({ user }: { user: CurrentUser }) {
  const { data } = useStore($passwordState);
  return (
    <SettingsCard id="password" title="Password">
      {data === undefined ? (
        <span className="loading loading-spinner loading-sm" role="status" aria-label="Loading" />
      ) : data.hasPassword ? (
        <ChangePassword />
      ) : (
        <SetPassword email={user.email} />
      )}
    </SettingsCard>
  );
}
