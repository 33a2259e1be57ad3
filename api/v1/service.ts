// The public API's answers (/api/v1): rows of the public reads turned into the contract's shapes, field by field,
// with absolute addresses for programs that read them from elsewhere.
import { readDb } from '../../db/client';
import { effectiveSearch } from '../../db/queries/directory';
import { verifiedOwnersOf, type VerifiedOwnerMark } from '../../db/queries/owners';
import { discontinuedMarkOf, getPublicToolBySlug, type DiscontinuedMark } from '../../db/queries/tools';
import type { PublicToolDetail } from '../../lib/contract';
import { publicCategoryCounts, publicToolsPage, publishedPostsPage, type V1ToolRow } from '../../db/queries/public-api';
import type { PublicPost } from '../../db/queries/blog';
import { CATEGORIES } from '../../lib/categories';
import { DEFAULT_READ_TIME } from '../../lib/constants';
import {
  encodeCursor,
  type CategoryListV1,
  type PostPageV1,
  type PostsQuery,
  type PublicPostV1,
  type PublicToolV1,
  type ToolDetailV1,
  type ToolPageV1,
  type ToolsQuery,
} from '../../lib/contract/public-v1';
import { config } from '../config';

/** An address as a program elsewhere can follow it: the site's own paths (uploads) get the site's origin. */
function absolute(url: string): string;
function absolute(url: string | null): string | null;
function absolute(url: string | null): string | null {
  return url?.startsWith('/') && !url.startsWith('//') ? `${config.siteUrl}${url}` : url;
}

/** A discontinued tool's mark as the API gives it; null for a listed tool. */
function discontinuedV1(mark: DiscontinuedMark | null): PublicToolV1['discontinued'] {
  return mark && { date: mark.at.toISOString().slice(0, 10), reason: mark.reason, archiveUrl: mark.archiveUrl };
}

/**
 * The allow-list of what a tool's public page shows; screenshots and the demo video only on premium listings, as there,
 * and its verified owners' how and when (never who).
 */
function toPublicTool(
  tool: V1ToolRow | PublicToolDetail,
  discontinued: DiscontinuedMark | null,
  owners: readonly VerifiedOwnerMark[] = [],
): PublicToolV1 {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    url: tool.url,
    pageUrl: `${config.siteUrl}/tool/${tool.slug}`,
    description: tool.description,
    logoUrl: absolute(tool.logoUrl),
    tags: tool.tags,
    pricingModel: tool.pricingModel,
    targetAudience: tool.targetAudience,
    isPremium: tool.isPremium,
    qualityScore: tool.qualityScore,
    curatorTake: tool.curatorTake,
    screenshots: tool.isPremium ? tool.screenshots.map((s: string) => absolute(s)) : [],
    videoUrl: tool.isPremium ? tool.videoUrl : null,
    approvedAt: tool.approvedAt?.toISOString() ?? null,
    updatedAt: tool.updatedAt.toISOString(),
    lastReviewedAt: tool.lastReviewedAt?.toISOString() ?? null,
    discontinued: discontinuedV1(discontinued),
    verifiedOwners: owners.map(({ method, verifiedAt }) => ({ method, verifiedAt: verifiedAt.toISOString() })),
  };
}

export async function toolsPage({
  sort,
  limit,
  search,
  category,
  pricing,
  include,
  cursor,
}: ToolsQuery): Promise<ToolPageV1> {
  // The contract has refused a cursor of another order, so its position is this sort's.
  const after = cursor?.o === sort ? cursor.p : undefined;
  // The directory's typo correction: a word in no tool means the search as sent finds nothing, so the corrected one runs.
  const { search: searched, suggestion } = await effectiveSearch(search);
  const includeDiscontinued = include === 'discontinued';
  const page = await publicToolsPage({ sort, limit, search: searched, category, pricing, includeDiscontinued, after });
  const owners = await verifiedOwnersOf(
    page.items.map((row) => row.id),
    readDb(),
  );
  return {
    items: page.items.map((row) => toPublicTool(row, discontinuedMarkOf(row), owners.get(row.id))),
    nextCursor: page.next ? encodeCursor({ o: sort, p: page.next } as Parameters<typeof encodeCursor>[0]) : null,
    correctedSearch: suggestion,
  };
}

/**
 * One tool with a public page (approved or discontinued) with its editorial reviews (who reviewed stays private);
 * undefined when it has none.
 */
export async function toolDetail(slug: string): Promise<ToolDetailV1 | undefined> {
  const found = await getPublicToolBySlug(slug);
  if (!found) return undefined;
  const { tool, discontinued } = found;
  const owners = await verifiedOwnersOf([tool.id], readDb());
  return {
    ...toPublicTool(tool, discontinued, owners.get(tool.id)),
    editorialReviews: tool.editorialReviews.map((r) => ({
      curatorTake: r.curatorTake,
      qualityScore: r.qualityScore,
      reviewedAt: r.reviewedAt.toISOString(),
      isFollowUp: r.isFollowUp,
    })),
  };
}

export async function categories(): Promise<CategoryListV1> {
  const counts = await publicCategoryCounts();
  return { items: CATEGORIES.map(({ id, label }) => ({ id, label, toolCount: counts.get(id) ?? 0 })) };
}

function toPublicPost(post: PublicPost): PublicPostV1 {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    pageUrl: `${config.siteUrl}/blog/${post.slug}`,
    excerpt: post.excerpt,
    content: post.content,
    featuredImage: absolute(post.featuredImage),
    category: post.category,
    tags: post.tags,
    readTime: post.readTime || DEFAULT_READ_TIME,
    authorName: post.authorName,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
  };
}

export async function postsPage({ limit, cursor }: PostsQuery): Promise<PostPageV1> {
  const after = cursor?.o === 'posts' ? cursor.p : undefined;
  const page = await publishedPostsPage({ limit, after });
  return {
    items: page.items.map(toPublicPost),
    nextCursor: page.next ? encodeCursor({ o: 'posts', p: page.next }) : null,
  };
}
