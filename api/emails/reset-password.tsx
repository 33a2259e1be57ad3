import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph } from './layout';

/**
 * The link of "Forgot password?", of "Set a password" and of a reset an admin sends (docs/decisions/0093). It works
 * once, for an hour; nothing in it says more than the reader asked.
 */
export function ResetPasswordEmail({
  firstName,
  resetUrl,
  byAdmin,
}: {
  firstName: string | null;
  resetUrl: string;
  byAdmin: boolean;
}) {
  return (
    <EmailLayout
      preview="Reset your password"
      heading="Reset your password"
      reason={
        byAdmin ? 'our team sent you a password reset link' : 'someone asked to reset the password of this address'
      }
      action={{ label: 'Choose a new password', href: resetUrl }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        {byAdmin
          ? 'Our team sent you this link so you can choose a new password for your account.'
          : 'We received a request to reset the password of your account.'}{' '}
        The link works once, for one hour. Choosing a new password signs you out on every other device.
      </Text>
      <Text style={paragraph}>
        If you did not ask for this, you can ignore this e-mail: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}
