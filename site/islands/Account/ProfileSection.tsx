// The Profile section of the account settings: the name and the avatar the menu shows (docs/decisions/0096).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { initials } from '../../../lib/format';
import { logError, serverMessage } from '../../../lib/http';
import Field from '../../components/Field';
import { removeAvatar, saveProfile, uploadAvatar } from '../../stores/account-settings';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

/** Runs a call of this section: a signed-out browser goes to log in, any other refusal is the section's message. */
async function attempt(call: () => Promise<unknown>, setError: (text: string | null) => void): Promise<boolean> {
  setError(null);
  try {
    await call();
    return true;
  } catch (error) {
    logError(error);
    if (!sentToLogin(error)) setError(serverMessage(error));
    return false;
  }
}

function Avatar({ user }: { user: CurrentUser }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function run(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    if (await attempt(call, setError)) showToast({ title: done, variant: 'success' });
    setBusy(false);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="flex flex-col items-start sm:flex-row sm:items-center gap-4">
      <div className="avatar avatar-placeholder self-start sm:self-center">
        <div className="w-20 rounded-full bg-neutral text-neutral-content">
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="" data-testid="avatar-image" />
          ) : (
            <span className="text-2xl" aria-hidden="true">
              {initials(user)}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label className={`btn btn-sm btn-outline ${busy ? 'btn-disabled' : ''}`}>
            {user.profileImageUrl ? 'Change picture' : 'Upload picture'}
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              disabled={busy}
              aria-describedby="avatar-hint"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void run(() => uploadAvatar(file), ACCOUNT_MSG.avatarSaved);
              }}
            />
          </label>
          {user.profileImageUrl && (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              disabled={busy}
              onClick={() => void run(removeAvatar, ACCOUNT_MSG.avatarRemoved)}
            >
              Remove
            </button>
          )}
        </div>
        <p id="avatar-hint" className="text-xs text-base-content/80">
          PNG or JPG, up to 2MB. It is cropped to a square.
        </p>
        {error && (
          <p className="text-error-text text-sm" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function NameForm({ user }: { user: CurrentUser }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = user.firstName ?? '';
  const savedLast = user.lastName ?? '';
  // Another tab or call changed the name: show what is stored.
  useEffect(() => {
    setFirstName(saved);
    setLastName(savedLast);
  }, [saved, savedLast]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    if (await attempt(() => saveProfile({ firstName, lastName }), setError))
      showToast({ title: ACCOUNT_MSG.profileSaved, variant: 'success' });
    setSaving(false);
  }

  const unchanged = firstName.trim() === saved && lastName.trim() === savedLast;
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="profile-first-name" label="First name">
          <input
            id="profile-first-name"
            className="input w-full"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </Field>
        <Field id="profile-last-name" label="Last name">
          <input
            id="profile-last-name"
            className="input w-full"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </Field>
      </div>
      {error && (
        <p className="text-error-text text-sm" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving || unchanged}>
          {saving ? 'Saving...' : 'Save name'}
        </button>
      </div>
    </form>
  );
}

export function ProfileSection({ user }: { user: CurrentUser }) {
  return (
    <SettingsCard id="profile" title="Profile" description="Your name and the picture your account menu shows.">
      <Avatar user={user} />
      <NameForm user={user} />
    </SettingsCard>
  );
}
