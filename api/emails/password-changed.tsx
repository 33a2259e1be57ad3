import { Text } from '@react-email/text';
import { FORM_ACTIONS } from '../../lib/form-pages';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/** After a reset or a change: the owner hears of it, and how to take the account back if it was not them. */
export function PasswordChangedEmail({ firstName, how }: { firstName: string | null; how: 'reset' | 'change' }) {
  return (
    <EmailLayout
      preview="Your password was changed"
      heading="Your password was changed"
      reason="the password of your account was changed"
      action={{ label: 'Not you? Reset your password', href: siteLink(FORM_ACTIONS.forgotPassword) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        The password of your account was {how === 'reset' ? 'reset with a link sent to this address' : 'changed'}, and
        every other device was signed out.
      </Text>
      <Text style={paragraph}>
        If this was you, there is nothing more to do. If it was not, reset your password now and contact us.
      </Text>
    </EmailLayout>
  );
}
