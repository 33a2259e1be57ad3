import { Text } from '@react-email/text';
import { RESPONSE_BUSINESS_DAYS } from '../../lib/contact';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/**
 * To the sender: we have the message. The address is not verified, so the confirmation carries nothing the sender
 * wrote (no name, no quote): anything typed into the form would otherwise go out from the site's own sender to any
 * address (docs/decisions/0056-contact-messages.md).
 */
export function ContactConfirmationEmail({ priority }: { priority: boolean }) {
  return (
    <EmailLayout
      preview="We received your message"
      heading="We received your message"
      reason="someone gave this address in our contact form"
      action={{ label: 'Read the help pages', href: siteLink('/help') }}
    >
      <Greeting firstName={null} />
      <Text style={paragraph}>
        Thank you for writing. {priority ? 'As a Premium member, your message is answered first. ' : ''}We reply within{' '}
        {RESPONSE_BUSINESS_DAYS} business days to this address.
      </Text>
      <Text style={paragraph}>If you did not write to us, you can ignore this e-mail.</Text>
    </EmailLayout>
  );
}
