// The Devices section of the account settings: where the account is signed in, with "Sign out" per device and "Sign out
// everywhere else" (docs/decisions/0096). This browser is signed out with the menu's Sign Out.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { longDate } from '../../../lib/format';
import { logError, serverMessage } from '../../../lib/http';
import { $devices, signOutDevice, signOutOthers, type Device } from '../../stores/account-settings';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

/** "today", "yesterday" or the date: sessions note their use to the hour, so a time would claim too much. */
function lastUsed(device: Device): string {
  if (device.current) return 'Active now';
  if (!device.lastUsedAt) return `Signed in ${longDate(device.startedAt)}`;
  const days = Math.floor((Date.now() - new Date(device.lastUsedAt).getTime()) / 86_400_000);
  if (days < 1) return 'Last used today';
  if (days < 2) return 'Last used yesterday';
  return `Last used ${longDate(device.lastUsedAt)}`;
}

function failed(error: unknown): void {
  logError(error);
  if (!sentToLogin(error)) showToast({ title: serverMessage(error), variant: 'destructive' });
}

function DeviceRow({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="device">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {device.device}
          {device.current && <span className="badge badge-success badge-sm ml-2 align-middle">This device</span>}
        </p>
        <p className="text-sm text-base-content/80">
          {lastUsed(device)} · signed in {longDate(device.startedAt)}
        </p>
      </div>
      {!device.current && (
        <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={onSignOut}>
          Sign out
        </button>
      )}
    </li>
  );
}

export function SessionsSection(_props: { user: CurrentUser }) {
  const { data: devices, loading, error } = useStore($devices);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<string>) {
    setBusy(true);
    try {
      showToast({ title: await call(), variant: 'success' });
    } catch (err) {
      failed(err);
    }
    setBusy(false);
  }

  const others = devices?.filter((d) => !d.current).length ?? 0;
  return (
    <SettingsCard
      id="devices"
      title="Devices"
      description="Where your account is signed in. Sign out of any device you do not recognise."
    >
      {loading && !devices && <span className="loading loading-spinner" role="status" aria-label="Loading devices" />}
      {error !== undefined && !devices && (
        <p className="text-error-text text-sm" role="alert">
          {serverMessage(error)}
        </p>
      )}
      {devices && (
        <ul className="divide-y divide-base-200">
          {devices.map((d) => (
            <DeviceRow
              key={d.id}
              device={d}
              busy={busy}
              onSignOut={() =>
                void run(async () => {
                  await signOutDevice(d.id);
                  return ACCOUNT_MSG.deviceSignedOut;
                })
              }
            />
          ))}
        </ul>
      )}
      {others > 0 && (
        <div>
          <button
            type="button"
            className="btn btn-sm btn-outline border-error text-error-text hover:btn-error"
            disabled={busy}
            onClick={() => void run(async () => ACCOUNT_MSG.othersSignedOut(await signOutOthers()))}
          >
            Sign out everywhere else
          </button>
        </div>
      )}
    </SettingsCard>
  );
}
