import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function PaymentFailedEmail({
  firstName,
  invoiceUrl,
  nextAttemptAt,
}: {
  firstName: string | null;
  invoiceUrl: string | null;
  nextAttemptAt: Date | null;
}) {
  return (
    <EmailLayout
      preview="Your Premium payment did not go through"
      heading="Your payment did not go through"
      reason="you are a Premium member"
      action={
        invoiceUrl
          ? { label: 'Pay the invoice', href: invoiceUrl }
          : { label: 'Update your payment method', href: siteLink('/dashboard') }
      }
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>We could not charge your card for your Premium membership.</Text>
      <Text style={paragraph}>
        {nextAttemptAt
          ? `We will try again on ${dateFormat.format(nextAttemptAt)}. To keep Premium, please check your payment method before then.`
          : 'We will not try again automatically. To keep Premium, please pay the invoice or update your payment method.'}
      </Text>
      <Text style={paragraph}>
        To use another card, open <Link href={siteLink('/dashboard')}>your dashboard</Link> and choose Manage
        subscription.
      </Text>
    </EmailLayout>
  );
}
