// Tools as plain text for machines: the Markdown version of a tool page (/tool/{slug}.md), and the lines /llms.txt
// and the feeds use. Everything a visitor typed is escaped, so a name cannot open a link or a heading.
import type { ToolPage } from '../../db/queries/pages';
import type { DiscontinuedMark } from '../../db/queries/tools';
import type { PublicTool } from '../../lib/contract';
import { detailLabel, hostOf, longDate, pricingLabel, tagLabel } from '../../lib/format';
import { ownerMarkText } from '../../lib/owner-mark';
import { LISTING_MSG } from '../../lib/listing-messages';

/** Inline Markdown text: the characters that would start markup are escaped. */
export function mdText(text: string): string {
  return text.replace(/[\\`*_{}[\]<>()#+!|~]/g, '\\$&');
}

/** A Markdown link whose text is escaped and whose address is percent-encoded where Markdown would end it. */
export function mdLink(text: string, url: string): string {
  const safe = url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${mdText(text)}](${safe})`;
}

/** A block of visitor text: each paragraph escaped, line breaks kept. */
function mdBlock(text: string): string {
  return text
    .trim()
    .split(/\n/)
    .map((line) => mdText(line.trim()))
    .join('  \n');
}

/** "Design, Marketing" */
export function categoriesOf(tool: Pick<PublicTool, 'tags'>): string {
  return tool.tags.map(tagLabel).join(', ');
}

/** The Markdown version of a tool page: what the page says, in the same order, without the site around it. */
/** A discontinued tool's notice, as its page says it (docs/decisions/0103). */
function discontinuedMarkdown({ at, reason, archiveUrl }: DiscontinuedMark): string {
  const lines = [`> **${LISTING_MSG.discontinuedOn(longDate(at))}**`];
  if (reason) lines.push(`> ${mdText(reason)}`);
  if (archiveUrl) lines.push(`> ${mdLink(LISTING_MSG.discontinuedArchive, archiveUrl)}`);
  return lines.join('\n>\n');
}

export function toolMarkdown(
  {
    tool,
    reviews,
    discontinued,
    standing,
  }: Pick<ToolPage, 'tool' | 'reviews' | 'standing'> & Partial<Pick<ToolPage, 'discontinued'>>,
  site: URL,
): string {
  const page = new URL(`/tool/${tool.slug}`, site).href;
  const owner = ownerMarkText(standing.owners);
  const facts = [
    `- Website: ${mdLink(hostOf(tool.url), tool.url)}`,
    `- Categories: ${tool.tags.length > 0 ? mdText(categoriesOf(tool)) : 'Not specified'}`,
    `- Pricing: ${tool.pricingModel ? mdText(pricingLabel(tool.pricingModel)) : 'Not specified'}`,
    `- Best for: ${tool.targetAudience.length > 0 ? mdText(tool.targetAudience.map(detailLabel).join(', ')) : 'Not specified'}`,
    ...(tool.qualityScore != null ? [`- Editor rating: ${tool.qualityScore}/10`] : []),
    ...(reviews[0] ? [`- Last reviewed: ${longDate(reviews[0].reviewedAt)}`] : []),
    ...(tool.isPremium ? ['- Premium listing'] : []),
    ...(owner ? [`- ${owner.label}: ${owner.detail}`] : []),
    `- Page: ${page}`,
  ];
  const sections = [
    `# ${mdText(tool.name)}`,
    ...(discontinued ? [discontinuedMarkdown(discontinued)] : []),
    facts.join('\n'),
    `## About ${mdText(tool.name)}`,
    mdBlock(tool.description),
  ];
  const take = tool.curatorTake?.trim();
  if (take) sections.push("## Editor's Review", mdBlock(take));
  // As on the page, the history lists the reviews before the latest, whose take is the Editor's Review.
  const earlier = take ? reviews.slice(1) : reviews;
  if (earlier.length > 0) {
    sections.push(
      '## Review History',
      earlier
        .map(
          (r) =>
            `- ${longDate(r.reviewedAt)}, ${r.isFollowUp ? 'follow-up' : 'first review'}, rated ${r.qualityScore}/10: ${mdText(r.curatorTake.trim().replace(/\s*\n\s*/g, ' '))}`,
        )
        .join('\n'),
    );
  }
  return `${sections.join('\n\n')}\n`;
}
