// The ten recovery codes, shown once after they are made: each signs in once in place of the app's code. The member
// copies or downloads them before leaving; the server keeps only their hashes.
import { useState } from 'react';
import { SITE_NAME } from '../../../lib/constants';

export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${SITE_NAME} recovery codes\n\n${codes.join('\n')}\n\nEach code works once.\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <div role="status" className="rounded-box border border-warning/50 bg-warning/10 px-4 py-3 text-sm">
        <p className="font-semibold">Save your recovery codes now</p>
        <p>
          If you lose your phone, each of these codes signs you in once instead of the app's code. They are shown only
          this once.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <a
          className="btn btn-sm btn-outline"
          download="recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download
        </a>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
