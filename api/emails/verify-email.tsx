import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { Code, EmailLayout, Greeting, paragraph, siteLink } from './layout';

/** After registering, or asked for again: the link that verifies the address, and its code for another device. */
export function VerifyEmailEmail({ firstName, link, code }: { firstName: string | null; link: string; code: string }) {
  return (
    <EmailLayout
      preview={`Your ${SITE_NAME} code is ${code}`}
      heading="Verify your email address"
      reason={`this address was used for an account on ${SITE_NAME}`}
      action={{ label: 'Verify my address', href: link }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Please confirm that this address is yours: open the link below, or enter this code on {siteLink('/auth/verify')}
        . Both work once, for 24 hours.
      </Text>
      <Code code={code} />
      <Text style={paragraph}>If you did not create an account, you can ignore this email.</Text>
    </EmailLayout>
  );
}
