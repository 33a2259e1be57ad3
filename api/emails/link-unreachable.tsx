import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph } from './layout';

export function LinkUnreachableEmail({
  firstName,
  toolName,
  host,
  since,
  down,
  toolUrl,
}: {
  firstName: string | null;
  toolName: string;
  host: string;
  /** The first failing day, as written. */
  since: string;
  /** A week of failing days, not three. */
  down: boolean;
  toolUrl: string;
}) {
  const heading = down ? `${host} has been unreachable for a week` : `We cannot reach ${host}`;
  return (
    <EmailLayout
      preview={`${toolName}: ${heading}`}
      heading={heading}
      reason="you own this tool's listing in the directory"
      action={{ label: `See ${toolName}'s page`, href: toolUrl }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        We check every listed tool's address once a day. {host} has not answered our checks since {since}
        {down ? ', every day for a week' : ', three days in a row'}. Its page in the directory now tells visitors that
        we could not reach it since then.
      </Text>
      <Text style={paragraph}>
        If the tool moved to a new address, send us the new one with a change request from your dashboard. The note goes
        away by itself on the first day the site answers again.
      </Text>
    </EmailLayout>
  );
}
