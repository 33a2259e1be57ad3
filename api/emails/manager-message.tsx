import { Text } from '@react-email/text';
import { RESPONSE_BUSINESS_DAYS } from '../../lib/contact';
import { EmailLayout, paragraph, Quote, siteLink } from './layout';

export interface ManagerMessageDetails {
  managerFirstName: string | null;
  name: string;
  email: string;
  message: string;
}

/** To an account manager: a direct message from a Premium member assigned to them (docs/decisions/0110). */
export function ManagerMessageEmail({ managerFirstName, name, email, message }: ManagerMessageDetails) {
  return (
    <EmailLayout
      preview={`A message from ${name}, a Premium member you look after`}
      heading={`A message from ${name}`}
      reason="you are this Premium member's account manager"
      action={{ label: 'Open the Messages tab', href: siteLink('/admin#messages') }}
    >
      {managerFirstName && <Text style={paragraph}>Hi {managerFirstName},</Text>}
      <Text style={paragraph}>
        {name} ({email}), a Premium member you look after, wrote to you directly. It is yours to answer first, within{' '}
        {RESPONSE_BUSINESS_DAYS} business days.
      </Text>
      <Quote text={message} />
      <Text style={paragraph}>Reply to this e-mail to answer {email}.</Text>
    </EmailLayout>
  );
}
