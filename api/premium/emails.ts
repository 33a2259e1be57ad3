// The e-mails billing sends a member (the welcome to Premium is in webhook.ts).
import type { User } from '../../db/schema';
import { longDate } from '../../lib/format';
import { config } from '../config';
import { simpleEmail, type Email } from '../services/email';

/** A renewal payment failed: what happens next, and where to update the card (the dashboard's Manage subscription). */
export async function paymentFailedEmail(
  user: Pick<User, 'email' | 'firstName'>,
  details: { invoiceUrl: string | null; nextAttemptAt: Date | null },
): Promise<Email> {
  return simpleEmail(user.email, 'payment-failed', 'Your Premium payment failed', [
    `Hi ${user.firstName?.trim() || 'there'},`,
    'We could not take the payment for your Premium membership.',
    details.nextAttemptAt
      ? `We will try again on ${longDate(details.nextAttemptAt)}. Your Premium features stay active in the meantime.`
      : 'No further attempt is scheduled: please update your card to keep your Premium features.',
    `Update your card from your dashboard (Manage subscription): ${config.siteUrl}/dashboard`,
    ...(details.invoiceUrl ? [`See the invoice: ${details.invoiceUrl}`] : []),
  ]);
}
