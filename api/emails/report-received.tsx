import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/**
 * To a reporter who left an address: the report arrived, with its reference. The address is not verified, so the
 * e-mail carries nothing the reporter wrote (docs/decisions/0101): the form is no relay.
 */
export function ReportReceivedEmail({
  toolName,
  toolSlug,
  reference,
  typeLabel,
}: {
  toolName: string;
  toolSlug: string;
  reference: string;
  typeLabel: string;
}) {
  return (
    <EmailLayout
      preview={`We received your report ${reference}`}
      heading="We received your report"
      reason="someone reported a problem with a listing and gave this address to hear the outcome"
      action={{ label: `Open ${toolName}`, href: siteLink(`/tool/${toolSlug}`) }}
    >
      <Greeting firstName={null} />
      <Text style={paragraph}>
        Thank you for telling us about a problem with the listing of {toolName} ({typeLabel}). Your reference is{' '}
        <strong>{reference}</strong>.
      </Text>
      <Text style={paragraph}>
        An editor looks at every report. We write to this address once more, when it is resolved, and never use it for
        anything else. If you did not send a report, you can ignore this e-mail.
      </Text>
    </EmailLayout>
  );
}
