import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph } from './layout';

/** To the new address of a change: its link, which makes it the account's address. */
export function EmailChangeVerifyEmail({ firstName, link }: { firstName: string | null; link: string }) {
  return (
    <EmailLayout
      preview="Confirm your new email address"
      heading="Confirm your new email address"
      reason={`this address was given as the new address of an account on ${SITE_NAME}`}
      action={{ label: 'Use this address', href: link }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        You asked to sign in to {SITE_NAME} with this address from now on. Open the link below within 24 hours to make
        the change; until then your account keeps its current address.
      </Text>
      <Text style={paragraph}>If you did not ask for this, you can ignore this email: nothing changes.</Text>
    </EmailLayout>
  );
}
