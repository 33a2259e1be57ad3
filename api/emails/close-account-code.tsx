import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { Code, EmailLayout, Greeting, paragraph, siteLink } from './layout';

export function CloseAccountCodeEmail({ firstName, code }: { firstName: string | null; code: string }) {
  return (
    <EmailLayout
      preview={`Your code to close your ${SITE_NAME} account`}
      heading="Your code to close your account"
      reason={`someone signed in to your ${SITE_NAME} account asked to close it`}
      action={{ label: 'Keep my account', href: siteLink('/account') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>Type this code on the account settings page to confirm closing your account:</Text>
      <Code code={code} />
      <Text style={paragraph}>
        It is valid for 15 minutes. If you did not ask to close your account, ignore this e-mail: nothing changes
        without the code.
      </Text>
    </EmailLayout>
  );
}
