// E-mail: every message is written to the outbox table first; a sender delivers it through
// Resend when RESEND_API_KEY is set, else it stays in the outbox in development mode.
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';

type EmailKind =
  | 'submission-received'
  | 'tool-approved'
  | 'tool-rejected'
  | 'change-request-approved'
  | 'change-request-rejected'
  | 'premium-activated'
  | 'payment-failed';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: EmailKind;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A plain e-mail body: paragraphs of text, the same words in text and HTML. */
export function simpleEmail(to: string, kind: EmailKind, subject: string, paragraphs: string[]): Email {
  return {
    to,
    kind,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/** Queues an e-mail; pass a transaction to write it atomically with the change it reports. */
export async function enqueueEmail(email: Email, tx: Executor): Promise<void> {
  await tx.insert(emailOutbox).values({ ...email, status: 'pending' });
}
