// The data of each page that changes with the catalogue (a tool page, a post page), read one page at a time for an
// on-demand render or in bulk for the static export. Both paths give the same data for the same page, so the static
// file and the on-demand render of a page are the same HTML.
import { and, asc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { POSTS_TAG, categoryTag, postTag, toolTag } from '../../lib/cache-tags';
import { db, readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { editorialReviews, tools } from '../schema';
import { listPublishedPosts, getPublishedPostBySlug, type PublicPost } from './blog';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { TOP_ALTERNATIVES } from '../../lib/alternatives';
import type { PublicEditorialReview } from '../../lib/contract';
import { REVIEW_DUE_DAYS } from '../../lib/constants';
import { isReviewDue } from '../../lib/review-due';
import { alternativesOf, alternativesOfMany, type Alternative, type RankingMemo } from './alternatives';
import { toolsWithOwners, withOwnerMarks } from './owners';
import { standingsOf, type ToolStanding } from './standing';
import {
  hasPageStatus,
  pageToolBySlug,
  pageToolColumns,
  pageToolOf,
  publicReviewsOf,
  type DiscontinuedMark,
  type PublicTool,
} from './tools';

/** "More from the blog" on a post page: the newest other posts. */
const MORE_POSTS = 3;

export interface ToolPage {
  tool: PublicTool;
  /** Set when an admin marked it discontinued: the page says so and shows its alternatives first (docs/decisions/0103). */
  discontinued: DiscontinuedMark | null;
  /** "Alternatives to {name}": its top alternatives (db/queries/alternatives.ts). */
  /** Its alternatives shown, each saying whether it has a verified owner (the card's mark). */
  alternatives: (Alternative & { verifiedOwner: boolean })[];
  /** Its editorial reviews, newest first: "Last reviewed" and the review history. */
  reviews: PublicEditorialReview[];
  /**
   * Whether the latest review is older than REVIEW_DUE_DAYS when the page is read; the day it turns due, the review-due
   * watch and the export name the tool's tag, so its page is rendered again (docs/decisions/0047, 0079).
   */
  reviewDue: boolean;
  /** Its verified owners, link health and public notes (db/queries/standing.ts). */
  standing: ToolStanding;
  /** What the page depends on (lib/cache-tags.ts): the tool, each alternative shown, and its categories' lists (the pools its alternatives are ranked from). */
  tags: string[];
}

function toolPageTags(tool: PublicTool, alternatives: readonly Alternative[]): string[] {
  return [
    ...new Set([toolTag(tool.slug), ...tool.tags.map(categoryTag), ...alternatives.map((alt) => toolTag(alt.slug))]),
  ];
}

/**
 * The trust signals of a tool page, from its reviews (newest first) at `now`. A discontinued tool is never "Review due":
 * nothing is left to review (docs/decisions/0103).
 */
function trustOf(
  reviews: PublicEditorialReview[],
  now: Date,
  discontinued: DiscontinuedMark | null,
): Pick<ToolPage, 'reviews' | 'reviewDue'> {
  return { reviews, reviewDue: !discontinued && isReviewDue(reviews[0]?.reviewedAt, now) };
}

/**
 * The slugs of public tools whose page turns "Review due" in (from, to] without a change to the tool: their latest
 * review is REVIEW_DUE_DAYS old then (the review-due watch and the export name their tags, docs/decisions/0047).
 */
export async function toolsFallingDue(from: Date, to: Date, database: Database = db): Promise<string[]> {
  const dueAfterMs = REVIEW_DUE_DAYS * 86_400_000;
  const newer = alias(editorialReviews, 'newer');
  const laterReview = database
    .select({ id: newer.id })
    .from(newer)
    .where(and(eq(newer.toolId, editorialReviews.toolId), gt(newer.reviewedAt, editorialReviews.reviewedAt)));
  const rows = await database
    .selectDistinct({ slug: tools.slug })
    .from(editorialReviews)
    .innerJoin(tools, eq(tools.id, editorialReviews.toolId))
    .where(
      and(
        gt(editorialReviews.reviewedAt, new Date(from.getTime() - dueAfterMs)),
        lte(editorialReviews.reviewedAt, new Date(to.getTime() - dueAfterMs)),
        // A discontinued tool is never "Review due" (trustOf): only listed ones turn.
        eq(tools.status, PUBLIC_TOOL_STATUS),
        notExists(laterReview),
      ),
    );
  return rows.map((row) => row.slug).sort();
}

export interface PostPage {
  post: PublicPost;
  more: PublicPost[];
  /** What the page depends on: the post, and the list of posts ("More from the blog"). */
  tags: string[];
}

const postPageTags = (post: PublicPost): string[] => [postTag(post.slug), POSTS_TAG];

/** One tool's page; null when no tool with a page has this slug (missing, pending, unlisted, rejected). */
export async function toolPage(slug: string, database: Database = readDb()): Promise<ToolPage | null> {
  const found = await pageToolBySlug(slug, database);
  if (!found) return null;
  const { tool, discontinued } = found;
  const [alternatives, reviews, standings] = await Promise.all([
    alternativesOf(tool, database, TOP_ALTERNATIVES),
    publicReviewsOf([tool.id], database),
    standingsOf([tool.id], database),
  ]);
  const tags = toolPageTags(tool, alternatives);
  readTags(tags);
  return {
    tool,
    discontinued,
    alternatives: await withOwnerMarks(alternatives, database),
    ...trustOf(reviews.get(tool.id)!, new Date(), discontinued),
    standing: standings.get(tool.id)!,
    tags,
  };
}

/**
 * Every page of a tool (approved or discontinued), `batchSize` at a time (by id, so memory stays flat however large the catalogue):
 * their alternatives are ranked from each category's pool, read once, and each batch's reviews are read in one query.
 * `part` of `parts`: only the tools whose id falls in that share.
 */
export async function* toolPages(
  batchSize = 500,
  database: Database = readDb(),
  { part = 0, parts = 1 }: { part?: number; parts?: number } = {},
): AsyncGenerator<ToolPage[]> {
  const memo: RankingMemo = new Map();
  let after = 0;
  for (;;) {
    const rows = await database
      .select(pageToolColumns)
      .from(tools)
      .where(and(hasPageStatus(), gt(tools.id, after), sql`${tools.id} % ${parts} = ${part}`))
      .orderBy(asc(tools.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    const pages = rows.map(pageToolOf);
    const batch = pages.map((page) => page.tool);
    const now = new Date();
    const ids = batch.map((tool) => tool.id);
    const [alternatives, reviews, standings] = await Promise.all([
      alternativesOfMany(batch, database, TOP_ALTERNATIVES, memo),
      publicReviewsOf(ids, database),
      standingsOf(ids, database),
    ]);
    // Which alternatives shown have a verified owner (their cards' mark): the kept set, read once per export.
    const owned = await toolsWithOwners(database);
    yield pages.map(({ tool, discontinued }) => {
      const shown = alternatives.get(tool.id) ?? [];
      return {
        tool,
        discontinued,
        alternatives: shown.map((alt) => ({ ...alt, verifiedOwner: owned.has(alt.id) })),
        ...trustOf(reviews.get(tool.id)!, now, discontinued),
        standing: standings.get(tool.id)!,
        tags: toolPageTags(tool, shown),
      };
    });
  }
}

/** One published post's page; null for a draft or a missing slug. */
export async function postPage(slug: string, database: Database = readDb()): Promise<PostPage | null> {
  const post = await getPublishedPostBySlug(slug, database);
  if (!post) return null;
  const newest = await listPublishedPosts(database, MORE_POSTS + 1);
  return { post, more: newest.filter((p) => p.id !== post.id).slice(0, MORE_POSTS), tags: postPageTags(post) };
}

/** Every published post's page. */
export async function postPages(database: Database = readDb()): Promise<PostPage[]> {
  const posts = await listPublishedPosts(database);
  return posts.map((post) => ({
    post,
    more: posts.filter((p) => p.id !== post.id).slice(0, MORE_POSTS),
    tags: postPageTags(post),
  }));
}
