// The directory's query (search, categories, pricing models, minimum rating, sort, page): its options and labels, its
// address (/directory?q=&category=&pricing=&minRating=&sort=&page=) and the title it gives the page. The address is
// read by lib/catalogue-query.ts, with the API's queries.
import { CATEGORIES, CATEGORY_IDS, PRICING_MODELS, type CategoryId, type PricingModel } from './categories';
import { pricingLabel } from './format';

/** The directory's orders; recommended is the public order (premium first, then score, then newest). */
export const DIRECTORY_SORTS = ['recommended', 'rating', 'newest', 'reviewed', 'name'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DEFAULT_SORT: DirectorySort = 'recommended';

export const SORT_LABELS: Record<DirectorySort, string> = {
  recommended: 'Recommended',
  rating: 'Top rated',
  newest: 'Newest',
  reviewed: 'Recently reviewed',
  name: 'A-Z',
};

/** What the title says of a sort ("sorted by rating"). */
const SORT_PHRASES: Record<DirectorySort, string> = {
  recommended: '',
  rating: 'sorted by rating',
  newest: 'newest first',
  reviewed: 'recently reviewed first',
  name: 'from A to Z',
};

const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 64;

/**
 * The words of visitor text as the search reads them (letters and digits, lowercased, at most MAX_SEARCH_WORDS): what
 * the full-text search matches (db/queries/tools.ts) and what the cards highlight.
 */
export function searchWords(text: string | null | undefined): string[] {
  const words = (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.toLowerCase().slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_SEARCH_WORDS);
}

/**
 * The header that carries a list's spelling suggestion beside SPEC.md's array answer (GET /api/tools), URL-encoded
 * since a header value is ASCII and a suggestion may hold any letter; absent when the search was not corrected.
 */
export const SUGGESTION_HEADER = 'X-Search-Suggestion';

/** The header's value for a suggestion. */
export const suggestionHeaderValue = (suggestion: string): string => encodeURIComponent(suggestion);

/** The suggestion an answer's headers carry, or null (none, or a value that is not ours). */
export function suggestionFrom(headers: Headers): string | null {
  const value = headers.get(SUGGESTION_HEADER);
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The minimum editor ratings the directory offers (a score is 1-10; the API takes any of 1-10). */
export const RATING_THRESHOLDS = [9, 8, 7, 6, 5] as const;
export const MIN_RATING = 1;
export const MAX_RATING = 10;

/** Narrowing of the catalogue: a tool in ANY of the categories, with ANY of the pricing models, scored at least minRating. */
export interface ToolFilters {
  categories?: readonly CategoryId[];
  pricing?: readonly PricingModel[];
  minRating?: number;
  /** Discontinued tools too: they leave the lists unless the visitor asks for them (docs/decisions/0103). */
  includeDiscontinued?: boolean;
}

/** Everything the directory's address holds. page is 1-based (page=2 is the second page). */
export interface DirectoryQuery extends Required<ToolFilters> {
  search: string;
  sort: DirectorySort;
  page: number;
}

export const EMPTY_DIRECTORY_QUERY: DirectoryQuery = {
  search: '',
  categories: [],
  pricing: [],
  minRating: 0,
  includeDiscontinued: false,
  sort: DEFAULT_SORT,
  page: 1,
};

/** GET /api/tools/slug/{slug}'s header naming the day a discontinued tool ended (YYYY-MM-DD); absent otherwise. */
export const DISCONTINUED_HEADER = 'X-Discontinued';

/** The directory's parameter and value that include discontinued tools: /directory?discontinued=include. */
export const INCLUDE_DISCONTINUED_PARAM = { name: 'discontinued', value: 'include' } as const;

/** The address of a query: /directory with only the parameters that differ from the defaults, in one order. */
export function directoryHref(query: Partial<DirectoryQuery>): string {
  const q = { ...EMPTY_DIRECTORY_QUERY, ...query };
  const params = new URLSearchParams();
  if (q.search) params.set('q', q.search);
  for (const c of CATEGORY_IDS) if (q.categories.includes(c)) params.append('category', c);
  for (const p of PRICING_MODELS) if (q.pricing.includes(p)) params.append('pricing', p);
  if (q.minRating) params.set('minRating', String(q.minRating));
  if (q.includeDiscontinued) params.set(INCLUDE_DISCONTINUED_PARAM.name, INCLUDE_DISCONTINUED_PARAM.value);
  if (q.sort !== DEFAULT_SORT) params.set('sort', q.sort);
  if (q.page > 1) params.set('page', String(q.page));
  const qs = params.toString();
  return qs ? `/directory?${qs}` : '/directory';
}

/** Whether the query narrows or reorders the catalogue (the bare directory is the static page). */
export function isDefaultQuery(q: DirectoryQuery): boolean {
  return directoryHref({ ...q, page: 1 }) === '/directory';
}

/** The list of a few labels: "A", "A or B", "A, B or C". */
function anyOf(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** The page's heading for a query: "Design AI Tools", "Free Design or Marketing AI Tools rated 7+ sorted by rating". */
export function directoryHeading(q: DirectoryQuery): string {
  const categories = anyOf(CATEGORIES.filter((c) => q.categories.includes(c.id)).map((c) => c.label));
  const pricing = anyOf(PRICING_MODELS.filter((p) => q.pricing.includes(p)).map(pricingLabel));
  const parts = [[pricing, categories, 'AI Tools'].filter(Boolean).join(' ')];
  if (q.minRating) parts.push(`rated ${q.minRating}+`);
  if (q.search) parts.push(`matching “${q.search}”`);
  if (SORT_PHRASES[q.sort]) parts.push(SORT_PHRASES[q.sort]);
  const heading = parts.join(' ');
  return isDefaultQuery(q) ? 'Explore AI Tools' : heading;
}

/** The document title: the heading, and the page number past the first. */
export function directoryTitle(q: DirectoryQuery): string {
  const heading = directoryHeading(q);
  return q.page > 1 ? `${heading} (page ${q.page})` : heading;
}
