import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph } from './layout';

export function ToolRevivedEmail({
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
      preview={`${toolName} is listed in the directory again`}
      heading={`${toolName} is listed again`}
      reason="you submitted this tool to the directory"
      action={{ label: `See ${toolName} in the directory`, href: toolUrl }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Our editors no longer mark {toolName} discontinued: it is back in the directory and in search, with its reviews.
      </Text>
    </EmailLayout>
  );
}
