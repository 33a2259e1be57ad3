import { Text } from '@react-email/text';
import { ACCOUNT_DELETION_DAYS, SITE_NAME } from '../../lib/constants';
import { longDate } from '../../lib/format';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

export function AccountClosedEmail({
  firstName,
  deletionDate,
  withdrawnTools,
}: {
  firstName: string | null;
  deletionDate: Date;
  withdrawnTools: number;
}) {
  return (
    <EmailLayout
      preview={`Your ${SITE_NAME} account is closed`}
      heading="Your account is closed"
      reason={`you closed your account on ${SITE_NAME}`}
      action={{ label: 'Sign in to restore it', href: siteLink('/auth') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        You closed your account and were signed out everywhere. On {longDate(deletionDate)} ({ACCOUNT_DELETION_DAYS}{' '}
        days from today) we remove your personal data: your e-mail address, name, password and photo.
      </Text>
      <Text style={paragraph}>
        Changed your mind? Until then, sign in as usual and choose Restore my account. Your approved tools stay listed
        without your name.
        {withdrawnTools > 0 ? ' Your submissions awaiting review were withdrawn and stay withdrawn.' : ''}
      </Text>
      <Text style={paragraph}>
        If you did not close your account, sign in now to restore it and change your password.
      </Text>
    </EmailLayout>
  );
}
