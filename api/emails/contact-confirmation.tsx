import { Text } from '@react-email/components';
import { RESPONSE_BUSINESS_DAYS } from '../../lib/contact';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

/** To the sender: we have the message. */
export function ContactConfirmationEmail({ name, message, priority }: { name: string; message: string; priority: boolean }) {
  return (
    <EmailLayout
      preview="We received your message"
      heading="We received your message"
      reason="you wrote to us through the contact form"
      action={{ label: 'Read the help pages', href: siteLink('/help') }}
    >
      <Greeting firstName={name} />
      <Text style={paragraph}>
        Thank you for writing. {priority ? 'As a Premium member, your message is answered first. ' : ''}We reply within {RESPONSE_BUSINESS_DAYS} business
        days. Your message:
      </Text>
      <Quote text={message} />
    </EmailLayout>
  );
}
