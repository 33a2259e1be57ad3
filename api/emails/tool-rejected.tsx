import { Text } from '@react-email/components';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ToolRejectedEmail({ firstName, toolName, reason }: { firstName: string | null; toolName: string; reason: string }) {
  return (
    <EmailLayout
      preview={`${toolName} was not approved`}
      heading={`${toolName} was not approved`}
      reason="you submitted this tool to the directory"
      action={{ label: 'Submit it again', href: siteLink('/submit') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>Thank you for submitting {toolName}. After review, our editors decided not to list it, for this reason:</Text>
      <Quote text={reason} />
      <Text style={paragraph}>You are welcome to submit it again once the points above are addressed.</Text>
    </EmailLayout>
  );
}
