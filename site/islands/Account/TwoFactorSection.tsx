// The two-factor section of the account settings (decision 0095): off, "Turn on" shows the QR code and asks for the
// app's first code; on, "New recovery codes" and "Turn off" each ask for a code. Every rule is the server's.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { longDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import {
  $twoFactorStatus,
  disableTwoFactor,
  newRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorSetup as Setup,
} from '../../stores/account-two-factor';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';
import { TwoFactorRecoveryCodes } from './TwoFactorRecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';

type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: Setup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'ask'; action: 'disable' | 'new-codes' };

export function TwoFactorSection(_props: { user: CurrentUser }) {
  const { data: status, error: loadError } = useStore($twoFactorStatus);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);

  const failed = (failure: unknown) => {
    if (!sentToLogin(failure)) setError(serverMessage(failure));
  };
  // A refused load: a signed-out browser goes to log in, any other refusal is shown in the card.
  useEffect(() => {
    if (loadError !== undefined && !sentToLogin(loadError)) setError(serverMessage(loadError));
  }, [loadError]);

  async function turnOn() {
    setStarting(true);
    setError(undefined);
    try {
      setView({ kind: 'setup', setup: await startTwoFactorSetup() });
    } catch (failure) {
      failed(failure);
    }
    setStarting(false);
  }

  function enabled(codes: string[]) {
    showToast({ title: ACCOUNT_MSG.twoFactorEnabled, variant: 'success' });
    setView({ kind: 'codes', codes });
  }

  async function confirmed(action: 'disable' | 'new-codes', code: string) {
    if (action === 'disable') {
      await disableTwoFactor(code);
      showToast({ title: ACCOUNT_MSG.twoFactorDisabled, variant: 'success' });
      setView({ kind: 'status' });
    } else {
      const codes = await newRecoveryCodes(code);
      showToast({ title: ACCOUNT_MSG.recoveryCodesReplaced, variant: 'success' });
      setView({ kind: 'codes', codes });
    }
  }

  const on = status?.enabled ?? false;
  return (
    <SettingsCard
      id="two-factor"
      title="Two-factor sign-in"
      badge={status && <span className={`badge ${on ? 'badge-success' : 'badge-ghost'}`}>{on ? 'On' : 'Off'}</span>}
      description="After your password, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone is not enough."
      testId="two-factor"
    >
      {error && (
        <p className="text-error-text text-sm" role="alert">
          {error}
        </p>
      )}
      {!status && !error && <span className="loading loading-dots loading-sm" role="status" aria-label="Loading" />}
      {status && view.kind === 'setup' && (
        <TwoFactorSetup setup={view.setup} onEnabled={enabled} onCancel={() => setView({ kind: 'status' })} />
      )}
      {view.kind === 'codes' && (
        <TwoFactorRecoveryCodes codes={view.codes} onDone={() => setView({ kind: 'status' })} />
      )}
      {status && view.kind === 'ask' && (
        <TwoFactorCodeForm
          id="two-factor-check"
          label="Code from your authenticator app, or a recovery code"
          hint={
            view.action === 'disable'
              ? 'Your recovery codes stop working too.'
              : 'Your old recovery codes stop working.'
          }
          submitLabel={view.action === 'disable' ? 'Turn off' : 'Make new codes'}
          danger={view.action === 'disable'}
          onSubmit={(code) => confirmed(view.action, code)}
          onCancel={() => setView({ kind: 'status' })}
        />
      )}
      {status && view.kind === 'status' && !on && (
        <div>
          <button type="button" className="btn btn-primary btn-sm" onClick={turnOn} disabled={starting}>
            {starting && <span className="loading loading-spinner loading-xs" />}
            Turn on
          </button>
        </div>
      )}
      {status && view.kind === 'status' && on && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            On since {longDate(status.enabledAt)}. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => setView({ kind: 'ask', action: 'new-codes' })}
            >
              New recovery codes
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error"
              onClick={() => setView({ kind: 'ask', action: 'disable' })}
            >
              Turn off
            </button>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
