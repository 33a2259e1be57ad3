// Messages: what visitors sent through the /contact form, open ones first with those assigned to the viewer (their
// Premium members', docs/decisions/0110) and then Premium members' (priority) on top, each open priority one with its
// answer target and how long it has waited; open one to read it, reply by e-mail, and mark it handled; a page at a time.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { answerDueAt, CONTACT_TOPIC_LABELS, waitedFor } from '../../../lib/contact';
import { TOAST } from '../../../lib/messages';
import {
  contactMessagesPage,
  FIRST_MESSAGES_PAGE,
  markMessageHandled,
  type AdminContactMessage,
} from '../../stores/admin-mail';
import { perform } from './feedback';
import { dateTime, EmptyState, ListState } from './parts';

/** The priority support's answer target and how long the message has waited; past the target it reads as overdue. */
function AnswerTarget({ createdAt }: { createdAt: string }) {
  const now = new Date();
  const due = answerDueAt(createdAt);
  return (
    <p className={`text-xs mt-1 ${due < now ? 'text-error font-semibold' : 'text-base-content/80'}`}>
      Waiting {waitedFor(createdAt, now)} · answer by {dateTime(due.toISOString())}
      {due < now && ' (overdue)'}
    </p>
  );
}

function Message({ message }: { message: AdminContactMessage }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const handled = message.handledAt !== null;
  const bodyId = `contact-message-${message.id}`;

  async function markHandled() {
    setBusy(true);
    await perform(() => markMessageHandled(message.id), {
      success: () => ({ title: TOAST.messageHandled }),
      failure: TOAST.markHandledFailed,
    });
    setBusy(false);
  }

  return (
    <li
      className={`card border ${message.priority && !handled ? 'border-amber-300 bg-amber-50/40' : 'border-base-200 bg-base-100'}`}
      data-testid="contact-message"
    >
      <div className="card-body p-4 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold break-words">{message.name}</h3>
              {message.assignedToYou && <span className="badge badge-primary badge-sm">Assigned to you</span>}
              {message.priority && <span className="badge badge-warning badge-sm">Priority</span>}
              <span className="badge badge-ghost badge-sm">{CONTACT_TOPIC_LABELS[message.topic]}</span>
              {handled && <span className="badge badge-success badge-sm">Handled</span>}
            </div>
            <p className="text-xs text-base-content/70 mt-1 break-words">
              <a className="link" href={`mailto:${message.email}`}>
                {message.email}
              </a>{' '}
              · {dateTime(message.createdAt)}
              {handled && message.handledBy && ` · handled by ${message.handledBy.name} ${dateTime(message.handledAt)}`}
              {message.manager && !message.assignedToYou && ` · for ${message.manager.name}`}
            </p>
            {message.priority && !handled && <AnswerTarget createdAt={message.createdAt} />}
          </div>
          <div className="flex gap-2 shrink-0">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Close' : 'Open'}
              <span className="sr-only"> the message from {message.name}</span>
            </button>
            {!handled && (
              <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={markHandled}>
                Mark handled
                <span className="sr-only"> (message from {message.name})</span>
              </button>
            )}
          </div>
        </div>
        {open ? (
          <p id={bodyId} className="whitespace-pre-wrap break-words text-sm border-l-2 border-base-300 pl-3">
            {message.message}
          </p>
        ) : (
          <p className="text-sm text-base-content/80 line-clamp-1 break-words">{message.message}</p>
        )}
      </div>
    </li>
  );
}

export default function MessagesTab() {
  // The pages walked through, by address: Next adds the one the page shown names, Previous goes back one.
  const [pageUrls, setPageUrls] = useState([FIRST_MESSAGES_PAGE]);
  const { data, loading, error } = useStore(contactMessagesPage(pageUrls[pageUrls.length - 1]));
  const pageNumber = pageUrls.length;
  const next = data?.next;
  return (
    <ListState data={data} loading={loading} error={error}>
      {({ items: messages }) =>
        messages.length === 0 && pageNumber === 1 ? (
          <EmptyState>No messages yet</EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3" aria-label="Contact messages">
              {messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </ul>
            {(pageNumber > 1 || next) && (
              <nav className="flex items-center justify-center gap-3" aria-label="Messages pages">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={pageNumber === 1}
                  onClick={() => setPageUrls((urls) => urls.slice(0, -1))}
                >
                  Previous
                </button>
                <span className="text-sm text-base-content/80" aria-live="polite">
                  Page {pageNumber}
                </span>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={!next}
                  onClick={() => next && setPageUrls((urls) => [...urls, next])}
                >
                  Next
                </button>
              </nav>
            )}
          </div>
        )
      }
    </ListState>
  );
}
