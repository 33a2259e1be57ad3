import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

/** To each reporter who left an address: how their report was resolved, with the editor's note. */
export function ReportOutcomeEmail({
  toolName,
  toolSlug,
  reference,
  outcome,
  note,
}: {
  toolName: string;
  toolSlug: string;
  reference: string;
  outcome: string;
  note: string;
}) {
  return (
    <EmailLayout
      preview={`Your report ${reference} is resolved: ${outcome}`}
      heading="Your report is resolved"
      reason="you reported a problem with a listing and asked to hear the outcome"
      action={{ label: `Open ${toolName}`, href: siteLink(`/tool/${toolSlug}`) }}
    >
      <Greeting firstName={null} />
      <Text style={paragraph}>
        Your report {reference} about the listing of {toolName} is resolved: <strong>{outcome}</strong>. The editor
        noted:
      </Text>
      <Quote text={note} />
      <Text style={paragraph}>Thank you for helping keep the directory true. This is the last e-mail about it.</Text>
    </EmailLayout>
  );
}
