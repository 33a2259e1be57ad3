// The daily alert of updates to what a reader follows (docs/decisions/0108), with the preference page's link.
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { FollowUpdate } from '../../lib/newsletter';
import { EmailLayout, paragraph, siteLink } from './layout';

export function FollowAlertEmail({ updates, preferencesUrl }: { updates: FollowUpdate[]; preferencesUrl: string }) {
  return (
    <EmailLayout
      preview={updates.map((u) => `${u.toolName}: ${u.text}`).join(' · ')}
      heading="Updates to what you follow"
      reason="you follow these tools or categories and chose a daily e-mail"
      action={{
        label: `See ${updates[0]?.toolName ?? 'the directory'}`,
        href: siteLink(`/tool/${updates[0]?.toolSlug ?? ''}`),
      }}
    >
      <Section>
        {updates.map((update) => (
          <Text key={update.eventId} style={paragraph}>
            <Link href={siteLink(`/tool/${update.toolSlug}`)}>{update.toolName}</Link>: {update.text}
          </Text>
        ))}
      </Section>
      <Text style={paragraph}>
        Choose what you follow, weekly or daily, or unsubscribe: <Link href={preferencesUrl}>your preferences</Link>.
      </Text>
    </EmailLayout>
  );
}
