import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ToolUnlistedEmail({
  firstName,
  toolName,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  reason: string;
}) {
  return (
    <EmailLayout
      preview={`${toolName} was removed from the directory`}
      heading={`${toolName} was removed from the directory`}
      reason="you submitted this tool to the directory"
      action={{ label: 'Open your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Our editors have unlisted {toolName}: its page and its place in the directory are no longer shown to visitors.
        The listing itself is kept, with its reviews, for this reason:
      </Text>
      <Quote text={reason} />
      <Text style={paragraph}>
        Once the points above are addressed, write to us through the contact page and we will look at listing it again.
      </Text>
    </EmailLayout>
  );
}
