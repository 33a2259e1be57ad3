// The directory's reads: a page of tools for a query (with the spelling suggestion when a search word is in no tool),
// and the facets (how many tools each filter option would find), shared by GET /api/tools and the /directory page.
import { and, count, eq } from 'drizzle-orm';
import { CATEGORY_IDS, PRICING_MODELS, type CategoryId, type PricingModel } from '../../lib/categories';
import type { PublicTool, ToolFacets } from '../../lib/contract';
import { MAX_RATING, MIN_RATING, searchWords, type ToolFilters } from '../../lib/directory';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { TOOLS_TAG } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { tools } from '../schema';
import { keptWhileTagsStay } from './kept';
import { spellingSuggestion } from './spelling';
import {
  RANKED_MATCH_LIMIT,
  countMatches,
  ftsMatchExpression,
  hasPageStatus,
  listPublicTools,
  matchesFts,
  type ListPublicToolsOptions,
} from './tools';

/** A page of the directory and, when the typed search had a word in no tool, the corrected search it shows instead. */
export interface DirectoryPage {
  tools: PublicTool[];
  suggestion: string | null;
}

/**
 * The search text a query runs: the spelling suggestion when a typed word is in no tool, else the text as typed. The
 * directory, GET /api/tools and the public API (/api/v1/tools) all correct through it.
 */
export async function effectiveSearch(
  search: string | undefined,
  database: Database = readDb(),
): Promise<{ search?: string; suggestion: string | null }> {
  const suggestion = search ? await spellingSuggestion(search, database) : null;
  return { search: suggestion ?? search, suggestion };
}

/** A page of tools for the directory's query (see listPublicTools), searched with the suggestion when there is one. */
export async function directoryPage(
  options: ListPublicToolsOptions,
  database: Database = readDb(),
): Promise<DirectoryPage> {
  readTags([TOOLS_TAG]);
  const { search, suggestion } = await effectiveSearch(options.search, database);
  return { tools: await listPublicTools({ ...options, search }, database), suggestion };
}

/** Public tools grouped by everything a filter reads: a few thousand groups at most, whatever the catalogue's size. */
interface FacetGroup {
  tags: CategoryId[];
  pricingModel: PricingModel | null;
  qualityScore: number | null;
  n: number;
}

/** Groups kept per search (the filters are applied to the groups, so every combination of filters shares them). */
const keptGroups = keptWhileTagsStay<FacetGroup[]>(200);

/**
 * The groups of the public tools the search finds. Grouped in the order of tools_public_facets_idx, which holds every
 * column read, so no row and no sort is read: about 25 ms for 100,000 tools without search. A search with few matches
 * reads them by rowid; with many, walks the index and probes the match set (like listPublicTools).
 */
function facetGroups(
  search: string | undefined,
  includeDiscontinued: boolean,
  database: Database,
): Promise<FacetGroup[]> {
  const expression = ftsMatchExpression(search);
  return keptGroups(
    `${includeDiscontinued ? 1 : 0} ${searchWords(search).join(' ')}`,
    async () => {
      readTags([TOOLS_TAG]);
      const byRowid =
        expression !== null && (await countMatches(expression, RANKED_MATCH_LIMIT + 1, database)) <= RANKED_MATCH_LIMIT;
      return database
        .select({ tags: tools.tags, pricingModel: tools.pricingModel, qualityScore: tools.qualityScore, n: count() })
        .from(tools)
        .where(
          and(
            includeDiscontinued ? hasPageStatus() : eq(tools.status, PUBLIC_TOOL_STATUS),
            expression ? matchesFts(expression, { byRowid }) : undefined,
          ),
        )
        .groupBy(tools.pricingModel, tools.qualityScore, tools.tags);
    },
    database,
  );
}

/**
 * How many tools each filter option finds with the search and the other groups' choices (a group's own choice is
 * ignored for its counts, so choosing Design still shows how many Marketing tools there are), and the query's total.
 * Counting reads the groups of the search, not the tools: the groups are kept until the lists of tools change.
 */
export async function directoryFacets(
  { search, filters = {} }: { search?: string; filters?: ToolFilters },
  database: Database = readDb(),
): Promise<ToolFacets> {
  const { categories = [], pricing = [], minRating = 0, includeDiscontinued = false } = filters;
  const groups = await facetGroups((await effectiveSearch(search, database)).search, includeDiscontinued, database);
  const facets: ToolFacets = {
    categories: Object.fromEntries(CATEGORY_IDS.map((c) => [c, 0])) as ToolFacets['categories'],
    pricing: Object.fromEntries(PRICING_MODELS.map((p) => [p, 0])) as ToolFacets['pricing'],
    minRating: {},
    total: 0,
  };
  const ratingCounts = new Array<number>(MAX_RATING + 1).fill(0);
  for (const group of groups) {
    const inCategories = categories.length === 0 || group.tags.some((t) => categories.includes(t));
    const inPricing = pricing.length === 0 || (group.pricingModel !== null && pricing.includes(group.pricingModel));
    const score = group.qualityScore ?? 0;
    const inRating = score >= minRating;
    if (inPricing && inRating)
      for (const tag of new Set(group.tags)) if (tag in facets.categories) facets.categories[tag] += group.n;
    if (inCategories && inRating && group.pricingModel) facets.pricing[group.pricingModel] += group.n;
    if (inCategories && inPricing) ratingCounts[Math.min(score, MAX_RATING)] += group.n;
    if (inCategories && inPricing && inRating) facets.total += group.n;
  }
  // At least t: the counts of every score from t up.
  let atLeast = 0;
  for (let t = MAX_RATING; t >= MIN_RATING; t--) {
    atLeast += ratingCounts[t];
    facets.minRating[String(t)] = atLeast;
  }
  return facets;
}
