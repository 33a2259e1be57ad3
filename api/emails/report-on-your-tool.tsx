import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, siteLink } from './layout';

/**
 * To a verified owner: a reader reported a problem with their tool's listing. The type and its structured fields only:
 * the reader's free text is for the editors, so a report is no way to send an owner any text one likes.
 */
export function ReportOnYourToolEmail({
  firstName,
  toolName,
  typeLabel,
  details,
}: {
  firstName: string | null;
  toolName: string;
  typeLabel: string;
  details: string[];
}) {
  return (
    <EmailLayout
      preview={`A reader reported a problem with ${toolName}`}
      heading={`A reader reported a problem with ${toolName}`}
      reason="you are a verified owner of this tool"
      action={{ label: 'Open your dashboard', href: siteLink('/dashboard') }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        A reader reported a problem with the listing of {toolName}: <strong>{typeLabel}</strong>.
        {details.length > 0 ? ` ${details.join('; ')}.` : ''}
      </Text>
      <Text style={paragraph}>
        Our editors review every report. If the listing is wrong, you can send a change request from your dashboard and
        the report will be resolved as fixed by you.
      </Text>
    </EmailLayout>
  );
}
