import { Text } from '@react-email/text';
import { REVIEW_DECISION_HOURS } from '../../lib/constants';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

export function SubmissionReceivedEmail({
  firstName,
  toolName,
  isPremium,
}: {
  firstName: string | null;
  toolName: string;
  isPremium: boolean;
}) {
  return (
    <EmailLayout
      preview={`${toolName} is waiting for review`}
      heading={`We received ${toolName}`}
      reason="you submitted a tool to the directory"
      action={{ label: 'Follow it on your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Thank you for submitting {toolName}
        {isPremium ? ' as a Premium listing' : ''}. Every tool in the directory is reviewed by hand by our editors.
      </Text>
      <Text style={paragraph}>
        You will receive an e-mail with the decision within {REVIEW_DECISION_HOURS} hours. You can follow the status of
        your submission on your dashboard.
      </Text>
    </EmailLayout>
  );
}
