// The badges for makers (docs/decisions/0109): a tool's badge drawn from the database and kept in the process while
// its tool's tag stays (a score change or an owner's arrival or departure names it), and the member's tools that may
// carry one, for the dashboard's snippets.
import { and, asc, eq, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { collectTags } from '../../db/page-tags';
import { keptWhileTagsStay } from '../../db/queries/kept';
import { toolsWithOwners } from '../../db/queries/owners';
import { publicToolBySlug } from '../../db/queries/tools';
import { tools } from '../../db/schema';
import { badgeContent, badgeSvg, type BadgeStyle, type BadgeSubject, type BadgeTheme } from '../../lib/badge';
import type { BadgeTool } from '../../lib/contract';
import { isSlugShaped } from '../../lib/slug';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { verifiedOwnerOf } from '../listings/owners';
import { contentEtag } from '../publishing/build-files';

/** A badge's bytes, their ETag, and the tags it read (for a CDN's purge by tag). */
export interface DrawnBadge {
  svg: string;
  etag: string;
  tags: string[];
}

const drawn = (subject: BadgeSubject, style: BadgeStyle, theme: BadgeTheme) => {
  const svg = badgeSvg(badgeContent(subject, style), theme);
  return { svg, etag: contentEtag(Buffer.from(svg)) };
};

/**
 * Badges kept per slug, style and theme: about 1.5 KB each, so 2,000 hold 3 MB. An unknown slug is kept too (its
 * read recorded the tag its approval would name), so asking again costs no read.
 */
const keptBadges = keptWhileTagsStay<{ svg: string; etag: string }>(2000);

/** What the badge of a slug is about: its public tool (approved; discontinued is not listed), or nothing listed. */
async function subjectOf(slug: string, style: BadgeStyle): Promise<BadgeSubject> {
  const tool = await publicToolBySlug(slug);
  if (!tool) return { listed: false };
  // The kept set of owned tools stays out of the tags: an owner's change names the tool's own tag (ownerChangeTags).
  const verifiedOwner = style === 'owner' && (await toolsWithOwners()).has(tool.id);
  return {
    listed: true,
    name: tool.name,
    score: tool.qualityScore,
    reviewedAt: tool.lastReviewedAt ?? tool.approvedAt,
    verifiedOwner,
  };
}

/** The badge of `slug`: a slug that breaks the slug rule is "Not currently listed" without a read. */
export async function drawBadge(slug: string, style: BadgeStyle, theme: BadgeTheme): Promise<DrawnBadge> {
  if (!isSlugShaped(slug)) return { ...drawn({ listed: false }, style, theme), tags: [] };
  const { value, tags } = await collectTags(() =>
    keptBadges(`${slug} ${style} ${theme}`, async () => drawn(await subjectOf(slug, style), style, theme)),
  );
  return { ...value, tags: [...tags] };
}

/** The listed tools the member submitted or owns as a verified owner, by name, with what their badges can say. */
export async function badgeTools(userId: number): Promise<BadgeTool[]> {
  const rows = await db
    .select({
      toolId: tools.id,
      name: tools.name,
      slug: tools.slug,
      qualityScore: tools.qualityScore,
      lastReviewedAt: tools.lastReviewedAt,
      approvedAt: tools.approvedAt,
    })
    .from(tools)
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), or(eq(tools.submittedById, userId), verifiedOwnerOf(userId))))
    .orderBy(asc(tools.name), asc(tools.id));
  const owned = await toolsWithOwners();
  return rows.map(({ lastReviewedAt, approvedAt, ...tool }) => ({
    ...tool,
    reviewedAt: lastReviewedAt ?? approvedAt,
    verifiedOwner: owned.has(tool.toolId),
  }));
}
