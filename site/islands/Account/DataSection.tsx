// The "Your data" section of the account settings: the account and everything it holds as one JSON file
// (docs/decisions/0096).
import { useState } from 'react';
import { logError, serverMessage } from '../../../lib/http';
import { downloadMyData } from '../../stores/account-settings';
import { showToast } from '../../stores/toast';
import { sentToLogin, type CurrentUser } from '../../stores/user';
import { SettingsCard } from './SettingsCard';

export function DataSection(_props: { user: CurrentUser }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (error) {
      logError(error);
      if (!sentToLogin(error)) showToast({ title: serverMessage(error), variant: 'destructive' });
    }
    setBusy(false);
  }

  return (
    <SettingsCard
      id="data"
      title="Your data"
      description="A JSON file of your account, your tools and their change requests, your messages to us, your subscriptions, your tools' views and clicks, and your signed-in devices."
    >
      <div>
        <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
    </SettingsCard>
  );
}
