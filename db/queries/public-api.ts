// Reads of the public API (/api/v1): approved tools and published posts a page at a time after a cursor position,
// and the categories with their counts. Public columns only, named one by one.
import { and, asc, countDistinct, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CursorPosition, ToolSort } from '../../lib/contract/public-v1';
import type { CategoryId, PricingModel } from '../../lib/categories';
import type { PublicTool } from '../../lib/contract';
import { TOOLS_TAG } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { POST_STATUS } from '../../lib/post-status';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { blogPosts, tools, users } from '../schema';
import { postColumns, toPublicPost, type PublicPost } from './blog';
import { keptWhileTagsStay } from './kept';
import { baseConditions, ftsMatchExpression, matchesFts, publicToolColumns } from './tools';

/**
 * What the public API answers about a tool, and nothing else: the directory's public columns (no submitter, status,
 * reasons or url key) without the submission date.
 */
const { submittedAt: _submittedAt, ...publicV1Columns } = publicToolColumns;
/** And whether and why it was discontinued (a list that includes discontinued tools says which are). */
const v1ToolColumns = {
  ...publicV1Columns,
  status: tools.status,
  discontinuedAt: tools.discontinuedAt,
  discontinuedReason: tools.discontinuedReason,
  archiveUrl: tools.archiveUrl,
};

/** A row of v1ToolColumns. */
export type V1ToolRow = Omit<PublicTool, 'submittedAt'> &
  Pick<typeof tools.$inferSelect, 'status' | 'discontinuedAt' | 'discontinuedReason' | 'archiveUrl'>;

/**
 * One key of an order. SQLite sorts NULL below every value: first going up, last going down. `at` reads the
 * row's key as stored (booleans 0/1, times in epoch milliseconds), which is what a cursor position holds.
 */
interface OrderKey<Row> {
  expr: SQL;
  dir: 'asc' | 'desc';
  at: (row: Row) => string | number | null;
}

const key = <Row>(expr: SQL, dir: 'asc' | 'desc', at: (row: Row) => string | number | null): OrderKey<Row> => ({
  expr,
  dir,
  at,
});
const ms = (date: Date | null) => date?.getTime() ?? null;

/** Each sort's keys, ending with the id so the order is total and a page boundary never splits ties. */
const TOOL_ORDERS: { [S in ToolSort]: OrderKey<V1ToolRow>[] } = {
  // The directory's order (db/queries/tools.ts publicOrder); plain columns, so tools_public_order_idx serves it.
  featured: [
    key(sql`${tools.isPremium}`, 'desc', (t) => (t.isPremium ? 1 : 0)),
    key(sql`${tools.qualityScore}`, 'desc', (t) => t.qualityScore),
    key(sql`${tools.approvedAt}`, 'desc', (t) => ms(t.approvedAt)),
    key(sql`${tools.id}`, 'desc', (t) => t.id),
  ],
  newest: [key(sql`${tools.approvedAt}`, 'desc', (t) => ms(t.approvedAt)), key(sql`${tools.id}`, 'desc', (t) => t.id)],
  name: [key(sql`${tools.name} collate nocase`, 'asc', (t) => t.name), key(sql`${tools.id}`, 'asc', (t) => t.id)],
  // The directory's own orders (db/queries/tools.ts ORDERS), served by tools_public_rating_idx and _reviewed_idx.
  rating: [
    key(sql`${tools.qualityScore}`, 'desc', (t) => t.qualityScore),
    key(sql`${tools.approvedAt}`, 'desc', (t) => ms(t.approvedAt)),
    key(sql`${tools.id}`, 'desc', (t) => t.id),
  ],
  reviewed: [
    key(sql`${tools.lastReviewedAt}`, 'desc', (t) => ms(t.lastReviewedAt)),
    key(sql`${tools.id}`, 'desc', (t) => t.id),
  ],
};

const POST_ORDER: OrderKey<PublicPost>[] = [
  key(sql`${blogPosts.publishedAt}`, 'desc', (p) => ms(p.publishedAt)),
  key(sql`${blogPosts.id}`, 'desc', (p) => p.id),
];

/** The key equals the value (NULL-aware). */
function sameAs(k: OrderKey<unknown>, value: string | number | null): SQL {
  return value === null ? sql`${k.expr} is null` : sql`${k.expr} = ${value}`;
}

/** The key comes after the value in its direction; null when nothing can (the value is the last there is). */
function beyond(k: OrderKey<unknown>, value: string | number | null): SQL | null {
  if (k.dir === 'asc') return value === null ? sql`${k.expr} is not null` : sql`${k.expr} > ${value}`;
  return value === null ? null : sql`(${k.expr} < ${value} or ${k.expr} is null)`;
}

/** Rows after the position in the order: equal on the first keys and beyond on the next, for some prefix. */
function afterPosition<Row>(keys: OrderKey<Row>[], position: readonly (string | number | null)[]): SQL {
  const branches: SQL[] = [];
  keys.forEach((k, i) => {
    const next = beyond(k as OrderKey<unknown>, position[i]);
    if (next) branches.push(and(...keys.slice(0, i).map((e, j) => sameAs(e as OrderKey<unknown>, position[j])), next)!);
  });
  return branches.length === 0 ? sql`0` : sql`(${sql.join(branches, sql` or `)})`;
}

const orderBy = <Row>(keys: OrderKey<Row>[]) => keys.map((k) => (k.dir === 'asc' ? asc(k.expr) : desc(k.expr)));

/** A page and the position of its last item when more follow. */
interface Page<Row, P> {
  items: Row[];
  next: P | null;
}

/** Reads one more row than asked for, to know whether a next page exists without counting. */
function pageOf<Row, P>(rows: Row[], limit: number, keys: OrderKey<Row>[]): Page<Row, P> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? (keys.map((k) => k.at(last)) as P) : null };
}

interface PublicToolsPageOptions<S extends ToolSort> {
  sort: S;
  limit: number;
  /** Visitor text, matched as the directory's search matches it (every word, as a prefix). */
  search?: string;
  category?: CategoryId;
  pricing?: PricingModel;
  /** Discontinued tools too (docs/decisions/0103). */
  includeDiscontinued?: boolean;
  after?: CursorPosition<S>;
}

/** Approved tools (and discontinued ones when asked) in the sort's order, filtered, after the position. */
export async function publicToolsPage<S extends ToolSort>(
  { sort, limit, search, category, pricing, includeDiscontinued, after }: PublicToolsPageOptions<S>,
  database: Database = readDb(),
): Promise<Page<V1ToolRow, CursorPosition<S>>> {
  const keys = TOOL_ORDERS[sort];
  const conditions = baseConditions({
    categories: category ? [category] : [],
    pricing: pricing ? [pricing] : [],
    includeDiscontinued,
  });
  const expression = ftsMatchExpression(search);
  if (expression) conditions.push(matchesFts(expression));
  if (after) conditions.push(afterPosition(keys, after));
  const rows = await database
    .select(v1ToolColumns)
    .from(tools)
    .where(and(...conditions))
    .orderBy(...orderBy(keys))
    .limit(limit + 1);
  return pageOf(rows, limit, keys);
}

/** How many approved tools list each category id (a tool counts once per category). */
export function publicCategoryCounts(database: Database = readDb()): Promise<Map<string, number>> {
  // Counting walks every public tool; the answer changes only with the catalogue.
  return keptCounts('all', () => countCategories(database), database);
}

const keptCounts = keptWhileTagsStay<Map<string, number>>(1);

async function countCategories(database: Database): Promise<Map<string, number>> {
  readTags([TOOLS_TAG]);
  const category = sql<string>`json_each.value`;
  const rows = await database
    .select({ category, tools: countDistinct(tools.id) })
    .from(tools)
    .innerJoin(sql`json_each(${tools.tags})`, sql`1`)
    .where(eq(tools.status, PUBLIC_TOOL_STATUS))
    .groupBy(category);
  return new Map(rows.map((r) => [r.category, r.tools]));
}

/** Published posts, newest first, after the position. */
export async function publishedPostsPage(
  { limit, after }: { limit: number; after?: CursorPosition<'posts'> },
  database: Database = readDb(),
): Promise<Page<PublicPost, CursorPosition<'posts'>>> {
  const conditions = [eq(blogPosts.status, POST_STATUS.published)];
  if (after) conditions.push(afterPosition(POST_ORDER, after));
  const rows = await database
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(...conditions))
    .orderBy(...orderBy(POST_ORDER))
    .limit(limit + 1);
  return pageOf(rows.map(toPublicPost), limit, POST_ORDER);
}
