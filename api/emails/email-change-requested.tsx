import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/** To the current address: a change to another was asked for, and how to stop it. */
export function EmailChangeRequestedEmail({ firstName, newEmail }: { firstName: string | null; newEmail: string }) {
  return (
    <EmailLayout
      preview="A change of your email address was asked for"
      heading="A change of your email address was asked for"
      reason={`this is the address of your account on ${SITE_NAME}`}
      action={{ label: 'Review your account', href: siteLink('/account') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Someone signed in to your account asked to change its email address to {newEmail}. Nothing changes until that
        address is confirmed with the link we sent to it.
      </Text>
      <Text style={paragraph}>
        If this was not you, cancel the change on your account page and change your password.
      </Text>
    </EmailLayout>
  );
}
