import { Text } from '@react-email/text';
import { REJECTION_REASONS, type RejectionCode } from '../../lib/review-queue';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ToolRejectedEmail({
  firstName,
  toolName,
  toolId,
  code,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  toolId: number;
  code: RejectionCode;
  reason: string;
}) {
  const { label, resubmit, advice } = REJECTION_REASONS[code];
  return (
    <EmailLayout
      preview={`${toolName} was not approved`}
      heading={`${toolName} was not approved`}
      reason="you submitted this tool to the directory"
      // The submission itself, to edit and resubmit with its history (docs/decisions/0069), not a second one; a
      // rejection no resubmission can change (docs/decisions/0104) leads to the dashboard instead.
      action={
        resubmit
          ? { label: 'Edit and resubmit', href: siteLink(`/submit?edit=${toolId}`) }
          : { label: 'Open your dashboard', href: siteLink('/dashboard') }
      }
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Thank you for submitting {toolName}. After review, our editors decided not to list it. The reason: {label}.
      </Text>
      <Text style={paragraph}>The editor's note:</Text>
      <Quote text={reason} />
      <Text style={paragraph}>{advice}</Text>
    </EmailLayout>
  );
}
