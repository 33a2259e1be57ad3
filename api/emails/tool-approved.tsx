import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph } from './layout';

export function ToolApprovedEmail({
  firstName,
  toolName,
  toolUrl,
}: {
  firstName: string | null;
  toolName: string;
  toolUrl: string;
}) {
  return (
    <EmailLayout
      preview={`${toolName} is now listed in the directory`}
      heading={`${toolName} is live`}
      reason="you submitted this tool to the directory"
      action={{ label: `See ${toolName} in the directory`, href: toolUrl }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>Good news: our editors approved {toolName}. It is now listed in the directory.</Text>
    </EmailLayout>
  );
}
