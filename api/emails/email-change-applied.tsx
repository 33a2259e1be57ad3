import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/** To the old address, once a change was confirmed: the account now signs in with the new one. */
export function EmailChangeAppliedEmail({ firstName, newEmail }: { firstName: string | null; newEmail: string }) {
  return (
    <EmailLayout
      preview="Your email address was changed"
      heading="Your email address was changed"
      reason={`this was the address of your account on ${SITE_NAME}`}
      action={{ label: 'Contact us', href: siteLink('/contact') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Your account's email address is now {newEmail}. From now on we write there, and you sign in with it.
      </Text>
      <Text style={paragraph}>If you did not make this change, contact us at once.</Text>
    </EmailLayout>
  );
}
