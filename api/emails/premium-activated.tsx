import { Text } from '@react-email/text';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

export function PremiumActivatedEmail({ firstName }: { firstName: string | null }) {
  return (
    <EmailLayout
      preview="Your Premium membership is active"
      heading="Welcome to Premium"
      reason="you subscribed to Premium"
      action={{ label: 'Submit a premium tool', href: siteLink('/submit') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Your Premium membership is active. You can now submit up to {PREMIUM_SUBMISSIONS} premium tools with screenshots
        and a demo video, and your messages to our team are answered first.
      </Text>
    </EmailLayout>
  );
}
