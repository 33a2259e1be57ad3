import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

export function ClaimRevokedEmail({
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
      preview={`You are no longer a verified owner of ${toolName}`}
      heading={`Your ownership of ${toolName} was revoked`}
      reason="you proved that you own this tool's listing"
      action={{ label: 'Open your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Our editors have revoked your verified ownership of {toolName}. Its page no longer shows you as a verified
        owner, and you can no longer send changes to its listing or see its metrics as its owner. The reason:
      </Text>
      <Quote text={reason} />
      <Text style={paragraph}>
        If you think this is a mistake, reply through the contact page and tell us how you are connected to {toolName}.
      </Text>
    </EmailLayout>
  );
}
