// Settings in development mode: the latest e-mails kept in the outbox; opening one previews its HTML as the reader
// sees it (EmailPreviewFrame: no scripts) or shows its text.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $outbox, refreshOutbox, type OutboxEmail } from '../../stores/admin-mail';
import { EmailPreviewFrame } from './EmailPreviewFrame';
import { dateTime, EmptyState, ListState } from './parts';

function Preview({ email }: { email: OutboxEmail }) {
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <div className="flex flex-col gap-2 mt-2" data-testid="outbox-preview">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons outside any form: a <fieldset> is for form controls and needs a <legend> */}
      <div role="group" aria-label="Preview as" className="join">
        {(['html', 'text'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className={`btn btn-xs join-item ${view === v ? 'btn-active' : ''}`}
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {v === 'html' ? 'HTML' : 'Text'}
          </button>
        ))}
      </div>
      {view === 'html' ? (
        <EmailPreviewFrame
          title={`Preview of ${email.subject}`}
          html={email.html}
          className="w-full h-96 rounded-box border border-base-200 bg-white"
        />
      ) : (
        <pre className="text-xs whitespace-pre-wrap break-words rounded-box border border-base-200 p-3 max-h-96 overflow-auto">
          {email.text}
        </pre>
      )}
    </div>
  );
}

export default function OutboxList() {
  const { data, loading, error } = useStore($outbox);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="settings-outbox" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="settings-outbox" className="font-semibold">
          Latest e-mails in the outbox
        </h3>
        <button type="button" className="btn btn-ghost btn-xs" onClick={refreshOutbox}>
          Refresh
        </button>
      </div>
      <ListState data={data} loading={loading} error={error}>
        {(emails) =>
          emails.length === 0 ? (
            <EmptyState>No e-mails yet</EmptyState>
          ) : (
            <ul className="divide-y divide-base-200" aria-label="Outbox">
              {emails.map((email) => (
                <li key={email.id} className="py-2" data-testid="outbox-row">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <div className="font-medium break-words">{email.subject}</div>
                      <div className="text-xs text-base-content/70 break-words">
                        To {email.to} · {email.kind} · {email.status} · {dateTime(email.createdAt)}
                      </div>
                    </div>
                    <button
                      type="button"
                      className="btn btn-outline btn-xs"
                      aria-expanded={open === email.id}
                      onClick={() => setOpen(open === email.id ? null : email.id)}
                    >
                      {open === email.id ? 'Close' : 'Open'}
                      <span className="sr-only"> {email.subject}</span>
                    </button>
                  </div>
                  {open === email.id && <Preview email={email} />}
                </li>
              ))}
            </ul>
          )
        }
      </ListState>
    </section>
  );
}
