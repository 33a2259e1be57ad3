import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ChangeRequestRejectedEmail({
  firstName,
  toolName,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  reason: string | null;
}) {
  return (
    <EmailLayout
      preview={`Your changes to ${toolName} were not approved`}
      heading={`Your changes to ${toolName} were not approved`}
      reason="you requested changes to this tool's listing"
      action={{ label: 'Open your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        The changes you requested to {toolName} were not approved; the listing stays as it is.
      </Text>
      {reason && (
        <>
          <Text style={paragraph}>The editors' reason:</Text>
          <Quote text={reason} />
        </>
      )}
    </EmailLayout>
  );
}
