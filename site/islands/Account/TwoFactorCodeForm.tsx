// One field asking for an authenticator code (or a recovery code) before a two-factor change: confirming the set-up,
// turning it off, new recovery codes. The server checks the code; its refusal is shown under the field.
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { serverMessage } from '../../../lib/http';
import { sentToLogin } from '../../stores/user';

interface TwoFactorCodeFormProps {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  danger?: boolean;
  /** Sends the code; a refusal throws the API's error. */
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}

export function TwoFactorCodeForm({
  id,
  label,
  hint,
  submitLabel,
  danger,
  onSubmit,
  onCancel,
}: TwoFactorCodeFormProps) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError(ACCOUNT_MSG.twoFactorCodeMissing);
    setPending(true);
    setError(undefined);
    try {
      await onSubmit(code);
    } catch (failure) {
      if (!sentToLogin(failure)) setError(serverMessage(failure));
      setPending(false);
    }
  }

  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 max-w-sm">
      <label htmlFor={id} className="label-text font-medium">
        {label}
      </label>
      <input
        id={id}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        placeholder="123456"
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        className="input input-bordered w-full font-mono tracking-widest"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-error-text text-sm" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 mt-1">
        <button type="submit" className={`btn btn-sm ${danger ? 'btn-error' : 'btn-primary'}`} disabled={pending}>
          {pending && <span className="loading loading-spinner loading-xs" />}
          {submitLabel}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
