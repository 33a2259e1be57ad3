import { Text } from '@react-email/components';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ToolRejectedEmail({
  firstName,
  toolName,
  toolId,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  toolId: number;
  reason: string;
}) {
  return (
    <EmailLayout
      preview={`${toolName} was not approved`}
      heading={`${toolName} was not approved`}
      reason="you submitted this tool to the directory"
      // The submission itself, to edit and resubmit with its history (docs/decisions/0069), not a second one.
      action={{ label: 'Edit and resubmit', href: siteLink(`/submit?edit=${toolId}`) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Thank you for submitting {toolName}. After review, our editors decided not to list it, for this reason:
      </Text>
      <Quote text={reason} />
      <Text style={paragraph}>
        You are welcome to edit your submission and send it back for review once the points above are addressed.
      </Text>
    </EmailLayout>
  );
}
