// The weekly digest e-mail (docs/decisions/0107), rendered from an issue's content snapshot.
import { Hr } from '@react-email/hr';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { DigestContent } from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FEATURED_LABEL, type FollowUpdate } from '../../lib/newsletter';
import { EmailLayout, paragraph, Quote, siteLink } from './layout';

const h2 = { color: '#18181b', fontSize: '17px', lineHeight: '24px', margin: '24px 0 8px' };
const item = { ...paragraph, margin: '0 0 12px' };
const meta = { color: '#52525b', fontSize: '13px', lineHeight: '20px', margin: '0' };
const toolLink = { color: '#4f46e5', fontWeight: 600, textDecoration: 'none' };
const featuredBox = {
  border: '1px solid #e4e4e7',
  borderRadius: '8px',
  backgroundColor: '#fafafa',
  padding: '12px 16px',
  margin: '24px 0 8px',
};
const featuredLabel = { ...meta, fontWeight: 700, textTransform: 'uppercase' as const, letterSpacing: '0.04em' };

const toolHref = (slug: string) => siteLink(`/tool/${slug}`);

function ToolName({ name, slug }: { name: string; slug: string }) {
  return (
    <Link href={toolHref(slug)} style={toolLink}>
      {name}
    </Link>
  );
}

export interface DigestEmailProps {
  /** The issue's day, as written ("November 30, 2026"). */
  dateLabel: string;
  intro: string;
  content: DigestContent;
  /** This reader's "Updates to what you follow" (weekly cadence only); never in the archive. */
  updates: readonly FollowUpdate[];
  archiveUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

/**
 * The weekly digest: the editor's intro, the week's news from the snapshot, the featured slots in their own labelled
 * box after the editorial list (never among it), the reader's follow updates, and the preference and unsubscribe links.
 */
export function DigestEmail({
  dateLabel,
  intro,
  content,
  updates,
  archiveUrl,
  preferencesUrl,
  unsubscribeUrl,
}: DigestEmailProps) {
  const title = ENGAGE_MSG.digestIssueTitle(dateLabel);
  return (
    <EmailLayout
      preview={intro.split('\n')[0] || title}
      heading={title}
      reason="you subscribed to the weekly digest"
      action={{ label: 'Read it on the site', href: archiveUrl }}
    >
      {intro && <Quote text={intro} />}
      {content.approved.length > 0 && (
        <Section>
          <Heading as="h2" style={h2}>
            {ENGAGE_MSG.digestApproved}
          </Heading>
          {content.approved.map((tool) => (
            <Text key={tool.slug} style={item}>
              <ToolName {...tool} /> · {ENGAGE_MSG.digestScore(tool.qualityScore)}
              {tool.curatorTake && (
                <>
                  <br />
                  {tool.curatorTake}
                </>
              )}
            </Text>
          ))}
        </Section>
      )}
      {content.rereviews.length > 0 && (
        <Section>
          <Heading as="h2" style={h2}>
            {ENGAGE_MSG.digestRereviews}
          </Heading>
          {content.rereviews.map((review) => (
            <Text key={review.slug} style={item}>
              <ToolName {...review} /> · {ENGAGE_MSG.digestScoreChange(review.oldScore, review.newScore)}
              <br />
              {review.curatorTake}
            </Text>
          ))}
        </Section>
      )}
      {content.discontinued.length > 0 && (
        <Section>
          <Heading as="h2" style={h2}>
            {ENGAGE_MSG.digestDiscontinued}
          </Heading>
          {content.discontinued.map((tool) => (
            <Text key={tool.slug} style={item}>
              <ToolName {...tool} />
              {tool.reason && <> · {tool.reason}</>}
            </Text>
          ))}
        </Section>
      )}
      {content.corrections.length > 0 && (
        <Section>
          <Heading as="h2" style={h2}>
            {ENGAGE_MSG.digestCorrections}
          </Heading>
          {content.corrections.map((correction, i) => (
            <Text key={i} style={item}>
              <ToolName {...correction} /> · {correction.text}
            </Text>
          ))}
        </Section>
      )}
      {content.featured.length > 0 && (
        <Section style={featuredBox}>
          <Text style={featuredLabel}>{FEATURED_LABEL}</Text>
          {content.featured.map((slot) => (
            <Text key={slot.slotId} style={{ ...item, margin: '8px 0 0' }}>
              <Link href={slot.clickUrl} style={toolLink}>
                {slot.toolName}
              </Link>{' '}
              · {slot.description}
            </Text>
          ))}
        </Section>
      )}
      {updates.length > 0 && (
        <Section>
          <Heading as="h2" style={h2}>
            {ENGAGE_MSG.digestFollowUpdates}
          </Heading>
          {updates.map((update) => (
            <Text key={update.eventId} style={item}>
              <Link href={toolHref(update.toolSlug)} style={toolLink}>
                {update.toolName}
              </Link>{' '}
              · {update.text}
            </Text>
          ))}
        </Section>
      )}
      <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 8px' }} />
      <Text style={meta}>
        <Link href={preferencesUrl} style={{ color: '#52525b' }}>
          Manage what you receive
        </Link>
        {' · '}
        <Link href={unsubscribeUrl} style={{ color: '#52525b' }}>
          Unsubscribe
        </Link>
      </Text>
    </EmailLayout>
  );
}
