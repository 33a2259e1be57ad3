import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

export function WelcomeEmail({ firstName }: { firstName: string | null }) {
  return (
    <EmailLayout
      preview={`Welcome to ${SITE_NAME}`}
      heading={`Welcome to ${SITE_NAME}`}
      reason={`you created an account on ${SITE_NAME}`}
      action={{ label: 'Submit your first tool', href: siteLink('/submit') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Thank you for joining. Every tool in the directory is checked by hand by our editors, so what you find here is
        worth your time.
      </Text>
      <Text style={paragraph}>
        Built an AI tool? Submit it for review, then follow its status and visits on your dashboard.
      </Text>
    </EmailLayout>
  );
}
