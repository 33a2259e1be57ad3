import { Text } from '@react-email/text';
import { CONTACT_TOPIC_LABELS, type ContactTopic } from '../../lib/contact';
import { EmailLayout, paragraph, Quote, siteLink } from './layout';

export interface ContactDetails {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  priority: boolean;
}

/** To the team: a message sent through the contact form. */
export function ContactReceivedEmail({ name, email, topic, message, priority }: ContactDetails) {
  return (
    <EmailLayout
      preview={`${priority ? 'Priority: ' : ''}${CONTACT_TOPIC_LABELS[topic]} message from ${name}`}
      heading={`${priority ? 'Priority' : 'New'} ${CONTACT_TOPIC_LABELS[topic].toLowerCase()} message from ${name}`}
      reason="this address receives the contact form's messages"
      action={{ label: 'Open the Messages tab', href: siteLink('/admin#messages') }}
    >
      <Text style={paragraph}>
        From {name} ({email}){priority ? ', a Premium member: please answer first' : ''}.
      </Text>
      <Quote text={message} />
      <Text style={paragraph}>Reply to this e-mail to answer {email}.</Text>
    </EmailLayout>
  );
}
