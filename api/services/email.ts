// E-mail: every message is written to the outbox table first; a sender delivers it through
// Resend when RESEND_API_KEY is set, else it stays in the outbox in development mode.
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';

/** Every kind of e-mail the product sends; each has a template in api/emails/. */
export const EMAIL_KINDS = [
  'welcome',
  'submission-received',
  'tool-approved',
  'tool-rejected',
  'tool-unlisted',
  'changes-requested',
  'tool-discontinued',
  'tool-revived',
  'change-request-approved',
  'change-request-rejected',
  'link-unreachable',
  'premium-activated',
  'payment-failed',
  'contact-received',
  'contact-confirmation',
  'verify-email',
  'email-change-verify',
  'email-change-requested',
  'email-change-applied',
  'account-closed',
  'close-account-code',
  'reset-password',
  'password-changed',
  // Claiming a listing (docs/decisions/0099).
  'claim-code',
  'claim-verified',
  'claim-recheck-failing',
  'claim-confirm-due',
  'claim-lapsed',
  'claim-suspended',
  'claim-revoked',
  // Reader reports (docs/decisions/0101).
  'report-received',
  'report-outcome',
  'report-on-your-tool',
  // Following tools and categories (docs/decisions/0108).
  'follow-alert',
  // The newsletter's double opt-in (docs/decisions/0106), and a follow's for an address already in (0112).
  'newsletter-confirm',
  'follow-confirm',
  // The Premium benefits (docs/decisions/0110): a member's direct message to their account manager.
  'manager-message',
  // The weekly digest (docs/decisions/0107).
  'digest',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: EmailKind;
  /** Where a reply goes when it is not the sender address (the team's copy of a contact message: the visitor). */
  replyTo?: string | null;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter and alert e-mails. */
  headers?: Record<string, string> | null;
  /** The provider's Idempotency-Key when the row's own is not right (a digest: one per recipient and issue). */
  idempotencyKey?: string | null;
  /** The newsletter issue a digest e-mail belongs to: such rows go out through the batch API. */
  issueId?: number | null;
}

/** Queues an e-mail; pass a transaction to write it atomically with the change it reports. */
export async function enqueueEmail(email: Email, tx: Executor): Promise<void> {
  await enqueueEmails([email], tx);
}

/** Queues many e-mails in one statement (a newsletter batch). */
export async function enqueueEmails(emails: readonly Email[], tx: Executor): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(emailOutbox).values(emails.map((email) => ({ ...email, status: 'pending' })));
}
