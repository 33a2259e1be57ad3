// Alternatives to a public tool (lib/alternatives.ts ranks them) and the comparisons of a tool with its top ones:
// read for one tool (an on-demand render) or for many at once (the export), from the same per-category pools, so both
// give the same answer. Only public tools are ever an alternative.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ALTERNATIVE_POOL,
  ALTERNATIVES_SHOWN,
  comparePairs,
  comparePath,
  rankAlternatives,
  rankingProfile,
  type Rankable,
} from '../../lib/alternatives';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { categoryTag, toolTag } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { toolAlternatives, tools } from '../schema';
import { keptWhileTagsStay } from './kept';
import { browseQuery, publicToolBySlug, publicToolColumns, type PublicTool } from './tools';

/** An alternative as the pages show it; `curated` when an editor picked it. */
export type Alternative = PublicTool & { curated: boolean };

/**
 * The candidates of one category: its first ALTERNATIVE_POOL public tools, kept until a change touches the category
 * (every change to a public tool names its categories). A render that shows alternatives depends on the pools'
 * categories: their order picks the alternatives.
 */
const keptPools = keptWhileTagsStay<PublicTool[]>(16);
const poolOf = (category: string, database: Database) =>
  keptPools(
    category,
    async () => {
      readTags([categoryTag(category)]);
      return browseQuery({ category, limit: ALTERNATIVE_POOL, offset: 0 }, database);
    },
    database,
  );

/** The public tools editors picked as alternatives to each of `toolIds`, in their order. */
async function curatedOf(toolIds: number[], database: Database): Promise<Map<number, PublicTool[]>> {
  const byTool = new Map<number, PublicTool[]>();
  if (toolIds.length === 0) return byTool;
  const rows = await database
    .select({ toolId: toolAlternatives.toolId, tool: publicToolColumns })
    .from(toolAlternatives)
    .innerJoin(tools, eq(tools.id, toolAlternatives.alternativeId))
    .where(and(inArray(toolAlternatives.toolId, toolIds), eq(tools.status, PUBLIC_TOOL_STATUS)))
    .orderBy(asc(toolAlternatives.toolId), asc(toolAlternatives.position));
  for (const { toolId, tool } of rows) {
    let list = byTool.get(toolId);
    if (!list) byTool.set(toolId, (list = []));
    list.push(tool);
  }
  return byTool;
}

/** Rankings by profile and limit, shared by the batches of one bulk read (see rankingProfile). */
export type RankingMemo = Map<string, Alternative[]>;

/**
 * The alternatives of each tool of `batch` (one read of the editors' picks; each category's pool read once). `memo`:
 * the profiles already ranked, when the caller reads many batches.
 */
export async function alternativesOfMany(
  batch: (Rankable & Pick<PublicTool, 'id'>)[],
  database: Database = readDb(),
  limit = ALTERNATIVES_SHOWN,
  memo: RankingMemo = new Map(),
): Promise<Map<number, Alternative[]>> {
  const curated = await curatedOf(
    batch.map((t) => t.id),
    database,
  );
  const categories = [...new Set(batch.flatMap((t) => t.tags))];
  const pools = new Map(await Promise.all(categories.map(async (c) => [c, await poolOf(c, database)] as const)));
  const result = new Map<number, Alternative[]>();
  // Without picks, a tool's alternatives are its profile's (ranked once, one more than needed) without itself.
  const candidatesOf = (tool: Rankable) => [...new Set(tool.tags)].flatMap((c) => pools.get(c) ?? []);
  for (const tool of batch) {
    const picks = curated.get(tool.id);
    if (picks?.length) {
      const curatedIds = new Set(picks.map((t) => t.id));
      result.set(
        tool.id,
        rankAlternatives(tool, picks, candidatesOf(tool), limit).map((t) => ({ ...t, curated: curatedIds.has(t.id) })),
      );
      continue;
    }
    const profile = `${limit} ${rankingProfile(tool)}`;
    let ranked = memo.get(profile);
    if (!ranked) {
      // Id 0 is no tool's: nothing is left out but what the filter below leaves out.
      ranked = rankAlternatives({ ...tool, id: 0 }, [], candidatesOf(tool), limit + 1).map((t) => ({
        ...t,
        curated: false,
      }));
      memo.set(profile, ranked);
    }
    result.set(tool.id, ranked.filter((t) => t.id !== tool.id).slice(0, limit));
  }
  // And on each alternative shown.
  for (const list of result.values()) readTags(list.map((t) => toolTag(t.slug)));
  return result;
}

/** The alternatives of one public tool. */
export async function alternativesOf(
  tool: PublicTool,
  database: Database = readDb(),
  limit = ALTERNATIVES_SHOWN,
): Promise<Alternative[]> {
  return (await alternativesOfMany([tool], database, limit)).get(tool.id) ?? [];
}

export interface AlternativesPage {
  tool: PublicTool;
  alternatives: Alternative[];
}

/** /tool/{slug}/alternatives; null when the tool is not public or has no alternative. */
export async function alternativesPage(slug: string, database: Database = readDb()): Promise<AlternativesPage | null> {
  const tool = await publicToolBySlug(slug, database);
  if (!tool) return null;
  const alternatives = await alternativesOf(tool, database);
  return alternatives.length > 0 ? { tool, alternatives } : null;
}

/** The compared tool: the public tool, and when an editor last reviewed it. */
export interface ComparedTool {
  tool: PublicTool;
  lastReviewedAt: Date | null;
}

/** `listed`: the pair is among the compared ones (linked from alternatives pages, in the sitemap); any other pair of
 * public tools a reader picked ("Compare with…") is shown too, kept out of search engines' indexes. */
export type ComparePage = { redirect: string } | { a: ComparedTool; b: ComparedTool; listed: boolean };

/** Whether `a` and `b` are compared: one is among the other's alternatives (each entry of an alternatives page links its comparison). */
async function compared(a: PublicTool, b: PublicTool, database: Database): Promise<boolean> {
  const many = await alternativesOfMany([a, b], database, ALTERNATIVES_SHOWN);
  return (many.get(a.id) ?? []).some((t) => t.id === b.id) || (many.get(b.id) ?? []).some((t) => t.id === a.id);
}

/**
 * /compare/{param}: the two public tools it names, in the canonical order, and whether they are compared (docs/decisions
 * /0108: a reader may compare any two); a redirect when the pair is named in the other order; null otherwise (a tool
 * not public, the same tool twice, an unreadable name).
 * A slug may contain -vs- itself: each reading is tried, the first naming two public tools wins.
 */
export async function comparePage(param: string, database: Database = readDb()): Promise<ComparePage | null> {
  for (const [left, right] of comparePairs(param)) {
    if (left === right) continue;
    const [a, b] = await Promise.all([publicToolBySlug(left, database), publicToolBySlug(right, database)]);
    if (!a || !b) continue;
    const canonical = comparePath(a.slug, b.slug);
    if (canonical !== `/compare/${param}`) return { redirect: canonical };
    return {
      a: { tool: a, lastReviewedAt: a.lastReviewedAt },
      b: { tool: b, lastReviewedAt: b.lastReviewedAt },
      listed: await compared(a, b, database),
    };
  }
  return null;
}

/** What the sitemap lists of the pages rendered on demand: each alternatives page and comparison, with its lastmod. */
export interface OnDemandPage {
  path: string;
  lastmod: string;
}

/**
 * Every alternatives page and comparison a crawler can reach, `batchSize` tools at a time (one read of the picks per
 * batch, the pools once): each public tool with an alternative has its alternatives page, and each tool with each of
 * its alternatives one comparison (listed once, by its canonical path). lastmod: the newest row involved.
 */
export async function onDemandPages(database: Database = readDb(), batchSize = 1000): Promise<OnDemandPage[]> {
  // path → newest time (ms); ISO text only at the end.
  const newest = new Map<string, number>();
  const newer = (path: string, time: number) => {
    if (time > (newest.get(path) ?? -1)) newest.set(path, time);
  };
  const memo: RankingMemo = new Map();
  let after = 0;
  for (;;) {
    // Only what ranking and the sitemap need of each tool: reading every column of every tool is most of the cost.
    const batch = await database
      .select({
        id: tools.id,
        slug: tools.slug,
        tags: tools.tags,
        targetAudience: tools.targetAudience,
        qualityScore: tools.qualityScore,
        isPremium: tools.isPremium,
        approvedAt: tools.approvedAt,
        updatedAt: tools.updatedAt,
      })
      .from(tools)
      .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), sql`${tools.id} > ${after}`))
      .orderBy(asc(tools.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    const alternatives = await alternativesOfMany(batch, database, ALTERNATIVES_SHOWN, memo);
    for (const tool of batch) {
      const list = alternatives.get(tool.id) ?? [];
      if (list.length === 0) continue;
      const own = tool.updatedAt.getTime();
      let all = own;
      for (const alt of list) {
        const theirs = alt.updatedAt.getTime();
        all = Math.max(all, theirs);
        newer(comparePath(tool.slug, alt.slug), Math.max(own, theirs));
      }
      newer(`/tool/${tool.slug}/alternatives`, all);
    }
  }
  return [...newest].map(([path, time]) => ({ path, lastmod: new Date(time).toISOString() }));
}
