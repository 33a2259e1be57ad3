import { Text } from '@react-email/text';
import { EmailLayout, Greeting, paragraph, Quote } from './layout';

export function ToolDiscontinuedEmail({
  firstName,
  toolName,
  toolUrl,
  date,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  toolUrl: string;
  /** The day it was discontinued, as the page says it. */
  date: string;
  reason: string;
}) {
  return (
    <EmailLayout
      preview={`${toolName} is now marked discontinued`}
      heading={`${toolName} is now marked discontinued`}
      reason="you submitted this tool to the directory"
      action={{ label: `See the page of ${toolName}`, href: toolUrl }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Our editors have marked {toolName} discontinued as of {date}. Its page stays, saying so with a copy of the site
        on the Wayback Machine and its alternatives, but it no longer appears in the directory or in search. The reason:
      </Text>
      <Quote text={reason} />
      <Text style={paragraph}>
        If {toolName} is still running, or has come back, write to us through the contact page and we will list it
        again.
      </Text>
    </EmailLayout>
  );
}
