// Public reads of the tool catalogue, shared by the API and the Astro build: only approved tools, public fields only.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CategoryId } from '../../lib/categories';
import { DIRECTORY_PAGE_SIZE, FEATURED_TOOLS } from '../../lib/constants';
import { DEFAULT_SORT, searchWords, type DirectorySort, type ToolFilters } from '../../lib/directory';
import type { PublicEditorialReview, PublicTool, PublicToolDetail } from '../../lib/contract';
import { PAGE_TOOL_STATUSES, PUBLIC_TOOL_STATUS, TOOL_STATUS } from '../../lib/tool-status';
import { TOOLS_TAG, toolTag } from '../../lib/cache-tags';
import { prepared, readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { editorialReviews, tools } from '../schema';
import { keptWhileTagsStay } from './kept';

/** The columns a visitor may see; never rejectionReason, unlistReason, urlKey or submittedById. */
export const publicToolColumns = {
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
  brandColor: tools.brandColor,
  coverImage: tools.coverImage,
  isPremium: tools.isPremium,
  curatorTake: tools.curatorTake,
  qualityScore: tools.qualityScore,
  submittedAt: tools.submittedAt,
  approvedAt: tools.approvedAt,
  updatedAt: tools.updatedAt,
  lastReviewedAt: tools.lastReviewedAt,
};

export type { PublicTool };

export interface ListPublicToolsOptions {
  limit?: number;
  offset?: number;
  /** Free text from a visitor; turned into a safe FTS5 expression, never passed through. */
  search?: string;
  /** One category id: the same as filters.categories = [category]. */
  category?: string;
  /** Categories (any of), pricing models (any of), minimum score. */
  filters?: ToolFilters;
  /** Default recommended: the public order, or relevance when there is search text. */
  sort?: DirectorySort;
  /** The most matches bm25 ranks (default RANKED_MATCH_LIMIT); above it a search is ordered by tiers. */
  rankedMatchLimit?: number;
}

/** FTS5 column weights for name, description, tags: a name hit counts most, then a category, then the description. */
const BM25 = sql`bm25(tools_fts, 10.0, 2.0, 4.0)`;

/**
 * Above this many full-text matches a search is ordered by tiers instead of bm25: bm25 costs time for
 * every match (about 2 µs each), and words that common carry little relevance signal (bench/search.ts).
 */
export const RANKED_MATCH_LIMIT = 250;

/** Up to this many name hits the name tier is fetched by rowid and sorted; above it, by walking the public order. */
export const NAME_TIER_SORT_LIMIT = 250;

/**
 * Visitor text as quoted FTS5 terms. Words are the tokenizer's own (letters and digits); everything else,
 * FTS syntax included, is a separator, and each word is quoted, so NEAR, AND, OR, NOT, column filters
 * and * are plain text. Words of two or more characters match as prefixes ('anal' finds 'analytics');
 * a single character would match nearly every row as a prefix, so it must match a whole word.
 */
export function searchTerms(text: string | null | undefined): string[] {
  return searchWords(text).map((w) => (w.length > 1 ? `"${w}"*` : `"${w}"`));
}

/** A word as the full-text indexes' tokenizer stores it (unicode61 remove_diacritics 2): accents dropped. */
export const asIndexed = (word: string): string => word.normalize('NFKD').replace(/\p{M}/gu, '');

/** The FTS5 MATCH expression for visitor text (every word must match), or null when there is no word in it. */
export function ftsMatchExpression(text: string | null | undefined): string | null {
  const terms = searchTerms(text);
  return terms.length === 0 ? null : terms.join(' AND ');
}

/** The public order: premium first, then quality score (unscored last), then newest. */
export const publicOrder = (): SQL[] => [
  // Plain DESC keeps NULL scores last in SQLite and lets tools_public_order_idx serve the order.
  desc(tools.isPremium),
  desc(tools.qualityScore),
  desc(tools.approvedAt),
  desc(tools.id),
];

/**
 * Each sort's keys, ending with the id so the order is total. Plain columns in the order of an index
 * (tools_public_order_idx, _rating_idx, _newest_idx, _reviewed_idx, _name_idx), so a page reads the index
 * instead of sorting every tool; plain DESC keeps NULLs (unscored, never reviewed) last.
 */
const ORDERS: Record<DirectorySort, () => SQL[]> = {
  recommended: publicOrder,
  rating: () => [desc(tools.qualityScore), desc(tools.approvedAt), desc(tools.id)],
  newest: () => [desc(tools.approvedAt), desc(tools.id)],
  reviewed: () => [desc(tools.lastReviewedAt), desc(tools.id)],
  name: () => [asc(sql`${tools.name} collate nocase`), asc(tools.id)],
};

/**
 * The tool lists the category. tags is the JSON text of an array of category ids (letters and hyphens), so the id in
 * quotes occurs in it exactly when it is an element: a text search, three to four times faster than json_each per row
 * (bench/directory.ts), which matters when a filter walks an order's index probing every row.
 */
const inCategory = (category: string | ReturnType<typeof sql.placeholder>): SQL =>
  sql`instr(${tools.tags}, '"' || ${category} || '"') > 0`;
const inAnyCategory = (categories: readonly string[]): SQL =>
  categories.length === 1 ? inCategory(categories[0]) : sql`(${sql.join(categories.map(inCategory), sql` or `)})`;

/**
 * Tools whose row matches the FTS expression. With byRowid the query is driven by the (few) matches and
 * sorted; without it, the unary + keeps SQLite from doing that: it walks tools_public_order_idx in order
 * and probes the match set, stopping as soon as the page is full, which is the fast way for many matches.
 */
export const matchesFts = (expression: string, { byRowid = false } = {}): SQL =>
  byRowid
    ? sql`${tools.id} in (select rowid from tools_fts where tools_fts match ${expression})`
    : sql`+${tools.id} in (select rowid from tools_fts where tools_fts match ${expression})`;
const notMatchesFts = (expression: string): SQL =>
  sql`+${tools.id} not in (select rowid from tools_fts where tools_fts match ${expression})`;

/** The filters of the options: `category` is shorthand for one category. */
function filtersOf({ category, filters = {} }: Pick<ListPublicToolsOptions, 'category' | 'filters'>): ToolFilters {
  return category ? { ...filters, categories: [category as CategoryId] } : filters;
}

/**
 * Public tools that pass the filters. The unary + on pricing and score keeps SQLite walking the index of the
 * chosen order (and stopping when the page is full) instead of reading a range of another index and sorting it.
 */
export function baseConditions({
  categories = [],
  pricing = [],
  minRating,
  includeDiscontinued = false,
}: ToolFilters = {}): SQL[] {
  // Asked for, discontinued tools join the list: the status is then a range of the orders' indexes, not one value.
  const conditions: SQL[] = [includeDiscontinued ? hasPageStatus() : eq(tools.status, PUBLIC_TOOL_STATUS)];
  if (categories.length > 0) conditions.push(inAnyCategory(categories));
  if (pricing.length > 0)
    conditions.push(
      sql`+${tools.pricingModel} in (${sql.join(
        pricing.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  if (minRating) conditions.push(sql`+${tools.qualityScore} >= ${minRating}`);
  return conditions;
}

interface Page {
  limit: number;
  offset: number;
}

/** No search text: the sort's order (default the public order). */
export function browseQuery(
  {
    category,
    filters,
    sort = DEFAULT_SORT,
    limit,
    offset,
  }: Pick<ListPublicToolsOptions, 'category' | 'filters' | 'sort'> & Page,
  database: Database = readDb(),
) {
  return database
    .select(publicToolColumns)
    .from(tools)
    .where(and(...baseConditions(filtersOf({ category, filters }))))
    .orderBy(...ORDERS[sort]())
    .limit(limit)
    .offset(offset);
}

/** The directory's pages without search or filter, one prepared statement per sort (the most frequent reads). */
const browsePageIn = (sort: DirectorySort) => (database: Database) =>
  database
    .select(publicToolColumns)
    .from(tools)
    .where(eq(tools.status, PUBLIC_TOOL_STATUS))
    .orderBy(...ORDERS[sort]())
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
const browsePages: Record<DirectorySort, ReturnType<typeof browsePageIn>> = {
  recommended: browsePageIn('recommended'),
  rating: browsePageIn('rating'),
  newest: browsePageIn('newest'),
  reviewed: browsePageIn('reviewed'),
  name: browsePageIn('name'),
};
const browseCategoryPage = (database: Database) =>
  database
    .select(publicToolColumns)
    .from(tools)
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), inCategory(sql.placeholder('category'))))
    .orderBy(...publicOrder())
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();

/** Search with few matches: bm25 relevance (name weighted highest), then the public order among equals; ids only. */
export function rankedSearchQuery(
  { filters, expression, limit, offset }: { filters?: ToolFilters; expression: string } & Page,
  database: Database = readDb(),
) {
  return database
    .select({ id: tools.id })
    .from(tools)
    .innerJoin(sql`tools_fts`, sql`tools_fts.rowid = ${tools.id}`)
    .where(and(...baseConditions(filters), sql`tools_fts match ${expression}`))
    .orderBy(BM25, ...publicOrder())
    .limit(limit)
    .offset(offset);
}

/** One tier of a common-words search (or the matches of a search in another sort), in the sort's order; ids only. */
export function tierQuery(
  conditions: SQL[],
  { limit, offset }: Page,
  database: Database = readDb(),
  sort: DirectorySort = DEFAULT_SORT,
) {
  return database
    .select({ id: tools.id })
    .from(tools)
    .where(and(...conditions))
    .orderBy(...ORDERS[sort]())
    .limit(limit)
    .offset(offset);
}

/** A common-words search: its name-hit expression and its two tiers, each to be read in the public order. */
export function commonWordsTiers(
  terms: string[],
  filters: ToolFilters | undefined,
  { nameTierByRowid = true } = {},
): { inName: string; nameTier: SQL[]; restTier: SQL[] } {
  const every = terms.join(' AND ');
  // Every word matches somewhere and at least one is in the name.
  const inName = terms.length === 1 ? `{name} : ${terms[0]}` : `(${every}) AND ({name} : (${terms.join(' OR ')}))`;
  return {
    inName,
    nameTier: [...baseConditions(filters), matchesFts(inName, { byRowid: nameTierByRowid })],
    restTier: [...baseConditions(filters), matchesFts(every), notMatchesFts(inName)],
  };
}

/** How many rows match, counting no further than cap. */
export async function countMatches(expression: string, cap: number, database: Database = readDb()): Promise<number> {
  const [row] = await database
    .select({ n: count() })
    .from(sql`(select 1 from tools_fts where tools_fts match ${expression} limit ${cap})`);
  return row?.n ?? 0;
}

/** Common words: tools with a search word in the name first, then the others, each tier in the public order. */
async function commonWordsSearch(
  terms: string[],
  filters: ToolFilters,
  page: Page,
  database: Database,
): Promise<number[]> {
  const { inName } = commonWordsTiers(terms, filters);
  const nameHits = await countMatches(inName, NAME_TIER_SORT_LIMIT + 1, database);
  const { nameTier, restTier } = commonWordsTiers(terms, filters, {
    nameTierByRowid: nameHits <= NAME_TIER_SORT_LIMIT,
  });
  const first = nameHits === 0 ? [] : await tierQuery(nameTier, page, database);
  if (first.length === page.limit) return first.map((r) => r.id);
  // The name tier ends on this page: the rest tier starts right after it, or further on when the page began past it.
  let restOffset = 0;
  if (first.length === 0 && page.offset > 0) {
    const [row] =
      nameHits === 0
        ? [{ n: 0 }]
        : await database
            .select({ n: count() })
            .from(tools)
            .where(and(...nameTier));
    restOffset = Math.max(0, page.offset - (row?.n ?? 0));
  }
  const rest = await tierQuery(restTier, { limit: page.limit - first.length, offset: restOffset }, database);
  return [...first, ...rest].map((r) => r.id);
}

/**
 * The ids of a page of search results, in their order (see listPublicTools). A sort other than recommended orders the
 * matches by its keys: few matches are read by rowid and sorted, many by walking the sort's index and probing them.
 */
async function searchPage(
  terms: string[],
  filters: ToolFilters,
  sort: DirectorySort,
  rankedMatchLimit: number,
  page: Page,
  database: Database,
): Promise<number[]> {
  readTags([TOOLS_TAG]);
  const expression = terms.join(' AND ');
  const few = (await countMatches(expression, rankedMatchLimit + 1, database)) <= rankedMatchLimit;
  if (sort !== DEFAULT_SORT) {
    const conditions = [...baseConditions(filters), matchesFts(expression, { byRowid: few })];
    return (await tierQuery(conditions, page, database, sort)).map((r) => r.id);
  }
  if (few) return (await rankedSearchQuery({ filters, expression, ...page }, database)).map((r) => r.id);
  return commonWordsSearch(terms, filters, page, database);
}

/**
 * The first CACHED_MATCHES results of a search are kept, in order, per search, filters and sort, until the lists of
 * tools change (a rebuild request touching TOOLS_TAG, which every change to a public tool declares, by any process): a
 * common word matches a large share of the catalogue, and ordering its matches costs time in proportion to them (about
 * 10 ms at 100,000 tools), where a page of a kept order costs one lookup by id (decisions 0039, 0080).
 */
export const CACHED_MATCHES = 240;
/** Searches kept at most (each at most CACHED_MATCHES ids). */
const CACHED_SEARCHES = 500;
const keptOrders = keptWhileTagsStay<number[]>(CACHED_SEARCHES);

/** A text key for filters: equal filters in any order give one key. */
export function filtersKey({ categories = [], pricing = [], minRating, includeDiscontinued }: ToolFilters): string {
  return JSON.stringify([
    [...new Set(categories)].sort(),
    [...new Set(pricing)].sort(),
    minRating ?? 0,
    includeDiscontinued ? 1 : 0,
  ]);
}

/** The first CACHED_MATCHES result ids of a search, from the kept orders when the lists of tools have not changed since. */
function firstMatches(
  terms: string[],
  filters: ToolFilters,
  sort: DirectorySort,
  rankedMatchLimit: number,
  database: Database,
): Promise<number[]> {
  const key = `${rankedMatchLimit} ${sort} ${filtersKey(filters)} ${terms.join(' ')}`;
  return keptOrders(
    key,
    () => searchPage(terms, filters, sort, rankedMatchLimit, { limit: CACHED_MATCHES, offset: 0 }, database),
    database,
  );
}

/** Tools of these statuses by id (a JSON array), in any order. */
const toolsByIds = (statuses: readonly string[]) => (database: Database) =>
  database
    .select(publicToolColumns)
    .from(tools)
    // The unary + keeps SQLite from walking the status index and probing the list: the ids drive the lookup.
    .where(
      and(
        sql`+${tools.status} in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`,
        sql`${tools.id} in (select value from json_each(${sql.placeholder('ids')}))`,
      ),
    )
    .prepare();
const publicToolsByIds = toolsByIds([PUBLIC_TOOL_STATUS]);
const pageToolsByIds = toolsByIds(PAGE_TOOL_STATUSES);

/** The listed tools of `ids` (discontinued ones too when asked), in that order. */
async function toolsInOrder(ids: number[], database: Database, includeDiscontinued = false): Promise<PublicTool[]> {
  if (ids.length === 0) return [];
  const byIds = includeDiscontinued ? pageToolsByIds : publicToolsByIds;
  const rows = await prepared(database, byIds).all({ ids: JSON.stringify(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const hasFilters = ({ categories = [], pricing = [], minRating, includeDiscontinued }: ToolFilters) =>
  categories.length > 0 || pricing.length > 0 || Boolean(minRating) || Boolean(includeDiscontinued);

/**
 * Approved tools that pass the filters, a page at a time, in the sort's order. Without search text the default
 * (recommended) is premium first, then quality score, then newest. With search text (every word must match, as a
 * prefix) it is relevance: most relevant first by bm25 with the name weighted highest, then the public order among
 * equals; when more than RANKED_MATCH_LIMIT rows match, tools with a search word in their name first, then the others,
 * each in the public order. Another sort orders the matches by its own keys.
 */
export async function listPublicTools(
  options: ListPublicToolsOptions = {},
  database: Database = readDb(),
): Promise<PublicTool[]> {
  readTags([TOOLS_TAG]);
  const {
    limit = DIRECTORY_PAGE_SIZE,
    offset = 0,
    search,
    sort = DEFAULT_SORT,
    rankedMatchLimit = RANKED_MATCH_LIMIT,
  } = options;
  const filters = filtersOf(options);
  const terms = searchTerms(search);
  if (terms.length === 0) {
    if (!hasFilters(filters)) return prepared(database, browsePages[sort]).all({ limit, offset });
    const { categories = [] } = filters;
    if (
      sort === DEFAULT_SORT &&
      categories.length === 1 &&
      !filters.pricing?.length &&
      !filters.minRating &&
      !filters.includeDiscontinued
    ) {
      return prepared(database, browseCategoryPage).all({ category: categories[0], limit, offset });
    }
    return browseQuery({ filters, sort, limit, offset }, database);
  }
  const ids =
    offset + limit <= CACHED_MATCHES
      ? (await firstMatches(terms, filters, sort, rankedMatchLimit, database)).slice(offset, offset + limit)
      : await searchPage(terms, filters, sort, rankedMatchLimit, { limit, offset }, database);
  return toolsInOrder(ids, database, filters.includeDiscontinued);
}

/** The number of tools the public can see. */
export async function countPublicTools(database: Database = readDb()): Promise<number> {
  readTags([TOOLS_TAG]);
  const [row] = await database.select({ n: count() }).from(tools).where(eq(tools.status, PUBLIC_TOOL_STATUS));
  return row?.n ?? 0;
}

/** The home page's Featured AI Tools: the top of the public order. */
export async function featuredTools(n = FEATURED_TOOLS, database: Database = readDb()): Promise<PublicTool[]> {
  return listPublicTools({ limit: n }, database);
}

/** One public tool; undefined when it is missing or not public (pending, unlisted, rejected). */
export async function publicToolBySlug(slug: string, database: Database = readDb()): Promise<PublicTool | undefined> {
  readTags([toolTag(slug)]);
  const [tool] = await database
    .select(publicToolColumns)
    .from(tools)
    .where(and(eq(tools.slug, slug), eq(tools.status, PUBLIC_TOOL_STATUS)))
    .limit(1);
  return tool;
}

/** When, why and where a copy of the site is kept, for a discontinued tool's page (docs/decisions/0103). */
export interface DiscontinuedMark {
  at: Date;
  reason: string;
  /** The Wayback Machine's copy nearest the day it ended. */
  archiveUrl: string | null;
}

/** A tool with its own public page: approved, or discontinued (its mark then says so). */
export interface PageTool {
  tool: PublicTool;
  discontinued: DiscontinuedMark | null;
}

/** The columns of a tool's own pages: the public ones and, beside them, whether and why it was discontinued. */
export const pageToolColumns = {
  ...publicToolColumns,
  status: tools.status,
  discontinuedAt: tools.discontinuedAt,
  discontinuedReason: tools.discontinuedReason,
  archiveUrl: tools.archiveUrl,
};

type MarkColumns = Pick<typeof tools.$inferSelect, 'status' | 'discontinuedAt' | 'discontinuedReason' | 'archiveUrl'>;

/** The discontinued mark of a row read with the mark's columns; null for a tool that is not discontinued. */
export function discontinuedMarkOf(row: MarkColumns & Pick<PublicTool, 'updatedAt'>): DiscontinuedMark | null {
  if (row.status !== TOOL_STATUS.discontinued) return null;
  return { at: row.discontinuedAt ?? row.updatedAt, reason: row.discontinuedReason ?? '', archiveUrl: row.archiveUrl };
}

/** A row of pageToolColumns as the page reads it: the public tool, and its discontinued mark apart. */
export function pageToolOf(row: PublicTool & MarkColumns): PageTool {
  const { status: _status, discontinuedAt: _at, discontinuedReason: _reason, archiveUrl: _archive, ...tool } = row;
  return { tool, discontinued: discontinuedMarkOf(row) };
}

/** The tools that have their own pages (approved or discontinued). */
export const hasPageStatus = (): SQL => inArray(tools.status, [...PAGE_TOOL_STATUSES]);

/** The tool of /tool/{slug} (its page, Markdown and image); undefined when no tool with a public page has the slug. */
export async function pageToolBySlug(slug: string, database: Database = readDb()): Promise<PageTool | undefined> {
  readTags([toolTag(slug)]);
  const [row] = await database
    .select(pageToolColumns)
    .from(tools)
    .where(and(eq(tools.slug, slug), hasPageStatus()))
    .limit(1);
  return row && pageToolOf(row);
}

/**
 * The editorial reviews of these tools as the public sees them, newest first, in one query (the tool page and its
 * export batches, and GET /api/tools/slug/{slug}, so the page and the API show the same history).
 */
export async function publicReviewsOf(
  toolIds: readonly number[],
  database: Database = readDb(),
): Promise<Map<number, PublicEditorialReview[]>> {
  const byTool = new Map<number, PublicEditorialReview[]>(toolIds.map((id) => [id, []]));
  if (toolIds.length === 0) return byTool;
  const rows = await database
    .select({
      toolId: editorialReviews.toolId,
      id: editorialReviews.id,
      curatorTake: editorialReviews.curatorTake,
      qualityScore: editorialReviews.qualityScore,
      reviewedAt: editorialReviews.reviewedAt,
      isFollowUp: editorialReviews.isFollowUp,
    })
    .from(editorialReviews)
    .where(inArray(editorialReviews.toolId, [...toolIds]))
    .orderBy(desc(editorialReviews.reviewedAt), desc(editorialReviews.id));
  for (const { toolId, ...review } of rows) byTool.get(toolId)?.push(review);
  return byTool;
}

/**
 * One tool with a public page and its editorial reviews, newest first, and beside it its discontinued mark (its page is
 * public, so the API answers it too); undefined when it is missing or has no page.
 */
export async function getPublicToolBySlug(
  slug: string,
  database: Database = readDb(),
): Promise<{ tool: PublicToolDetail; discontinued: DiscontinuedMark | null } | undefined> {
  const found = await pageToolBySlug(slug, database);
  if (!found) return undefined;
  const { tool, discontinued } = found;
  const reviews = await publicReviewsOf([tool.id], database);
  return { tool: { ...tool, editorialReviews: reviews.get(tool.id)! }, discontinued };
}
