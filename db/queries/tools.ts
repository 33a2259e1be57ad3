// Public reads of the tool catalogue, shared by the API and the Astro build: only approved tools, public fields only.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_PAGE_SIZE, FEATURED_TOOLS } from '../../lib/constants';
import { db as defaultDb, type Database } from '../client';
import { editorialReviews, tools } from '../schema';

/** The only status the public sees; 'unlisted' tools are approved but hidden. */
export const PUBLIC_STATUS = 'approved';

/** The columns a visitor may see; never rejectionReason, unlistReason, urlKey or submittedById. */
const publicColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  url: tools.url,
  description: tools.description,
  logoUrl: tools.logoUrl,
  tags: tools.tags,
  pricingModel: tools.pricingModel,
  targetAudience: tools.targetAudience,
  screenshots: tools.screenshots,
  videoUrl: tools.videoUrl,
  isPremium: tools.isPremium,
  curatorTake: tools.curatorTake,
  qualityScore: tools.qualityScore,
  submittedAt: tools.submittedAt,
  approvedAt: tools.approvedAt,
  updatedAt: tools.updatedAt,
};

export interface PublicTool {
  id: number;
  name: string;
  slug: string;
  url: string;
  description: string;
  logoUrl: string | null;
  tags: string[];
  pricingModel: string | null;
  targetAudience: string[];
  screenshots: string[];
  videoUrl: string | null;
  isPremium: boolean;
  curatorTake: string | null;
  qualityScore: number | null;
  submittedAt: Date;
  approvedAt: Date | null;
  updatedAt: Date;
}

/** An editorial review as the public sees it: who reviewed stays private. */
export interface PublicEditorialReview {
  id: number;
  curatorTake: string;
  qualityScore: number;
  reviewedAt: Date;
  isFollowUp: boolean;
}

export interface PublicToolDetail extends PublicTool {
  editorialReviews: PublicEditorialReview[];
}

export interface ListPublicToolsOptions {
  limit?: number;
  offset?: number;
  /** Free text from a visitor; turned into a safe FTS5 expression, never passed through. */
  search?: string;
  /** One category id; absent means every category. */
  category?: string;
}

/** FTS5 column weights for name, description, tags: a name hit counts most, then a category, then the description. */
const BM25 = sql`bm25(tools_fts, 10.0, 2.0, 4.0)`;

const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 64;

/**
 * Builds an FTS5 MATCH expression from visitor text, or null when there is nothing to search for.
 * Words are the tokenizer's own (letters and digits); everything else, FTS syntax included, is a separator.
 * Each word becomes a quoted string, so NEAR, AND, OR, NOT, column filters and * are plain text.
 * Words of two or more characters match as prefixes ('anal' finds 'analytics'); a single character
 * would match as a prefix nearly every row, so it must match a whole word. All words must match.
 */
export function ftsMatchExpression(text: string | null | undefined): string | null {
  const words = (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.toLowerCase().slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_SEARCH_WORDS);
  if (unique.length === 0) return null;
  return unique.map((w) => (w.length > 1 ? `"${w}"*` : `"${w}"`)).join(' AND ');
}

/** The public order: premium first, then quality score (unscored last), then newest. */
const publicOrder = (): SQL[] => [
  // Plain DESC keeps NULL scores last in SQLite and lets tools_public_order_idx serve the order.
  desc(tools.isPremium),
  desc(tools.qualityScore),
  desc(tools.approvedAt),
  desc(tools.id),
];

const inCategory = (category: string): SQL =>
  sql`exists (select 1 from json_each(${tools.tags}) where json_each.value = ${category})`;

/**
 * Approved tools, a page at a time. Without search text: premium first, then quality score, then newest.
 * With search text: most relevant first (bm25, name weighted highest), then the public order among equals.
 */
export async function listPublicTools(options: ListPublicToolsOptions = {}, database: Database = defaultDb): Promise<PublicTool[]> {
  return publicToolsQuery(options, database);
}

/** The unexecuted query behind listPublicTools, for EXPLAIN QUERY PLAN in bench/. */
export function publicToolsQuery(options: ListPublicToolsOptions = {}, database: Database = defaultDb) {
  const { limit = DIRECTORY_PAGE_SIZE, offset = 0, search, category } = options;
  const conditions: SQL[] = [eq(tools.status, PUBLIC_STATUS)];
  if (category) conditions.push(inCategory(category));
  const match = ftsMatchExpression(search);
  const query = database.select(publicColumns).from(tools).$dynamic();
  if (match === null) {
    return query
      .where(and(...conditions))
      .orderBy(...publicOrder())
      .limit(limit)
      .offset(offset);
  }
  conditions.push(sql`tools_fts match ${match}`);
  return query
    .innerJoin(sql`tools_fts`, sql`tools_fts.rowid = ${tools.id}`)
    .where(and(...conditions))
    .orderBy(BM25, ...publicOrder())
    .limit(limit)
    .offset(offset);
}

/** The number of tools the public can see. */
export async function countPublicTools(database: Database = defaultDb): Promise<number> {
  const [row] = await database.select({ n: count() }).from(tools).where(eq(tools.status, PUBLIC_STATUS));
  return row?.n ?? 0;
}

/** The home page's Featured AI Tools: the top of the public order. */
export async function featuredTools(n = FEATURED_TOOLS, database: Database = defaultDb): Promise<PublicTool[]> {
  return listPublicTools({ limit: n }, database);
}

/** Slugs of every public tool, for getStaticPaths. */
export async function listPublicToolSlugs(database: Database = defaultDb): Promise<string[]> {
  const rows = await database
    .select({ slug: tools.slug })
    .from(tools)
    .where(eq(tools.status, PUBLIC_STATUS))
    .orderBy(asc(tools.slug));
  return rows.map((r) => r.slug);
}

/** One public tool with its editorial reviews, newest first; undefined when it is missing or not public. */
export async function getPublicToolBySlug(slug: string, database: Database = defaultDb): Promise<PublicToolDetail | undefined> {
  const [tool] = await database
    .select(publicColumns)
    .from(tools)
    .where(and(eq(tools.slug, slug), eq(tools.status, PUBLIC_STATUS)))
    .limit(1);
  if (!tool) return undefined;
  const reviews = await database
    .select({
      id: editorialReviews.id,
      curatorTake: editorialReviews.curatorTake,
      qualityScore: editorialReviews.qualityScore,
      reviewedAt: editorialReviews.reviewedAt,
      isFollowUp: editorialReviews.isFollowUp,
    })
    .from(editorialReviews)
    .where(eq(editorialReviews.toolId, tool.id))
    .orderBy(desc(editorialReviews.reviewedAt), desc(editorialReviews.id));
  return { ...tool, editorialReviews: reviews };
}
