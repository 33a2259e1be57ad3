// Turning two-factor on: the QR code to scan (and the secret to type into an app that cannot scan), then the app's
// first code, which the server must find right before two-factor is on.
import { enableTwoFactor, type TwoFactorSetup as Setup } from '../../stores/account-two-factor';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

interface TwoFactorSetupProps {
  setup: Setup;
  /** Two-factor is on: the ten recovery codes, shown this once. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret in groups of four, as apps show it, easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-setup">
      <ol className="list-decimal pl-5 space-y-1 text-sm">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).</li>
        <li>Scan this QR code with it, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col sm:flex-row gap-4 sm:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={192}
          height={192}
          className="rounded-box border border-base-300 bg-white"
        />
        <div className="text-sm min-w-0">
          <p className="font-medium">Can't scan it? Type this key:</p>
          <code className="block break-all font-mono text-base mt-1" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </code>
          <p className="text-xs text-base-content/80 mt-1">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <TwoFactorCodeForm
        id="two-factor-confirm"
        label="Code from your app"
        submitLabel="Turn on"
        onSubmit={async (code) => onEnabled(await enableTwoFactor(code))}
        onCancel={onCancel}
      />
    </div>
  );
}
