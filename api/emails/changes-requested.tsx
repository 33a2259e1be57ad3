import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ChangesRequestedEmail({
  firstName,
  toolName,
  note,
}: {
  firstName: string | null;
  toolName: string;
  note: string;
}) {
  return (
    <EmailLayout
      preview={`Our editors asked for changes to ${toolName}`}
      heading={`Changes requested for ${toolName}`}
      reason="you submitted this tool to the directory"
      action={{ label: 'Open your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Our editors reviewed {toolName} and would like a few changes before they decide. What they asked for:
      </Text>
      <Quote text={note} />
      <Text style={paragraph}>
        Edit the submission from your dashboard: once you save it, it goes back to the editors. It keeps its place in
        the review queue meanwhile.
      </Text>
    </EmailLayout>
  );
}
