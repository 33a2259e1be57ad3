import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/** toolUrl: the listing's link when the tool is public, else null (the dashboard is linked instead). */
export function ChangeRequestApprovedEmail({
  firstName,
  toolName,
  toolUrl,
}: {
  firstName: string | null;
  toolName: string;
  toolUrl: string | null;
}) {
  return (
    <EmailLayout
      preview={`Your changes to ${toolName} were applied`}
      heading={`Your changes to ${toolName} were approved`}
      reason="you requested changes to this tool's listing"
      action={
        toolUrl
          ? { label: 'See the listing', href: toolUrl }
          : { label: 'Open your dashboard', href: siteLink('/dashboard') }
      }
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>The changes you requested to {toolName} were approved and applied.</Text>
    </EmailLayout>
  );
}
