// The catalogue's query (search, categories, pricing models, minimum rating, sort, page), read in one place for its
// three readers (docs/decisions/0075): the directory page's address, read leniently (an unknown value is dropped: a
// hand-edited address still shows the directory); GET /api/tools, which refuses a bad value with its message (SPEC.md
// section 7); and GET /api/v1/tools, which builds its documented parameters from the same fields
// (lib/contract/public-v1.ts: its own sort names, cursor and messages are a published contract).
import { z } from 'zod';
import { CATEGORY_IDS, PRICING_MODELS } from './categories';
import { DIRECTORY_PAGE_SIZE } from './constants';
import {
  DEFAULT_SORT,
  DIRECTORY_SORTS,
  INCLUDE_DISCONTINUED_PARAM,
  MAX_RATING,
  MIN_RATING,
  type DirectoryQuery,
  type ToolFilters,
} from './directory';
import { MSG } from './messages';
import { isCleanLine } from './schemas';

const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
/** The deepest page of the directory's address (past it, the first page). */
const MAX_DIRECTORY_PAGE = 10_000;

// ---------------------------------------------------------------------------------------------
// The fields, each with the message its reader refuses a bad value with

/** Search text: at most MAX_SEARCH_LENGTH characters; control characters refused, not dropped (decision 0025). */
export const searchText = (tooLong: string, control: string) =>
  z.string(tooLong).max(MAX_SEARCH_LENGTH, tooLong).refine(isCleanLine, control);

/** One category id. */
export const categoryId = (message: string) => z.enum(CATEGORY_IDS, message);

/** One pricing model. */
export const pricingModel = (message: string) => z.enum(PRICING_MODELS, message);

/** An empty form field means the same as an absent one. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Digits only (no sign, exponent or hex), at most 15 of them so the number stays a safe integer. */
const wholeNumber = (message: string) =>
  z
    .string(message)
    .regex(/^\d{1,15}$/, message)
    .transform(Number);

/** A query parameter that may repeat (?category=a&category=b): one value or several, each checked; none is absent. */
const repeatable = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).filter((x) => x !== '')),
    z.array(item).max(20, MSG.tooManyValues).optional(),
  );

/** A page's size: 1 to MAX_PAGE_SIZE. */
export const pageLimit = wholeNumber(MSG.invalidLimit).pipe(
  z.number().min(1, MSG.invalidLimit).max(MAX_PAGE_SIZE, MSG.invalidLimit),
);
/** How many rows come before the page. */
export const pageOffset = wholeNumber(MSG.invalidOffset);
/** The same, where an empty field means absent. */
export const optionalBlank = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

// ---------------------------------------------------------------------------------------------
// GET /api/tools and GET /api/tools/facets

/** limit and offset (the directory: 12 and page*12), optional search text, categories, pricing models, rating and sort. */
export const toolListQuerySchema = z.object({
  limit: z.preprocess(blankToUndefined, pageLimit.optional().default(DIRECTORY_PAGE_SIZE)),
  offset: z.preprocess(blankToUndefined, pageOffset.optional().default(0)),
  search: optionalBlank(searchText(MSG.searchTooLong, MSG.controlCharacters('Search text'))),
  // 'all' is the directory's "All Tools" chip: no filter. Kept beside category for callers of the single-category form.
  tags: z.preprocess(
    blankToUndefined,
    z
      .enum(['all', ...CATEGORY_IDS], MSG.unknownCategory)
      .optional()
      .transform((v) => (v === 'all' ? undefined : v)),
  ),
  /** Repeatable: a tool in any of these categories. */
  category: repeatable(categoryId(MSG.unknownCategory)),
  /** Repeatable: a tool with any of these pricing models. */
  pricing: repeatable(pricingModel(MSG.unknownPricing)),
  /** A quality score of at least this (1-10). */
  minRating: z.preprocess(
    blankToUndefined,
    wholeNumber(MSG.invalidMinRating)
      .pipe(z.number().min(MIN_RATING, MSG.invalidMinRating).max(MAX_RATING, MSG.invalidMinRating))
      .optional(),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(DIRECTORY_SORTS, MSG.unknownSort).optional().default(DEFAULT_SORT)),
  /** `true`: discontinued tools too (docs/decisions/0103); the answer keeps its shape. */
  includeDiscontinued: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], MSG.invalidIncludeDiscontinued)
      .optional()
      .transform((v) => v === 'true'),
  ),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** The filters of an API query: `tags` (one category, the older form) and `category` (repeatable) together. */
export function toolListFilters({
  tags,
  category = [],
  pricing,
  minRating,
  includeDiscontinued,
}: ToolListQuery): ToolFilters {
  return {
    categories: [...new Set([...(tags ? [tags] : []), ...category])],
    pricing: [...new Set(pricing)],
    minRating,
    includeDiscontinued,
  };
}

// ---------------------------------------------------------------------------------------------
// The directory page's address: /directory?q=&category=&pricing=&minRating=&discontinued=include&sort=&page=

/** The parameters the directory's address may hold; any other makes it an address the directory does not render. */
export const DIRECTORY_PARAMS = [
  'q',
  'category',
  'pricing',
  'minRating',
  INCLUDE_DISCONTINUED_PARAM.name,
  'sort',
  'page',
] as const;

/** A whole number from min to max, or `fallback` for anything else (absent, text, out of range). */
const wholeOr = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback);

/** The known values among those sent, in the catalogue's order (so one query has one address). */
const knownOf = <T extends string>(options: readonly T[]) =>
  z.array(z.string()).transform((sent) => options.filter((o) => sent.includes(o)));

const directoryQuerySchema = z.object({
  q: z
    .string()
    .catch('')
    .transform((text) => text.trim().slice(0, MAX_SEARCH_LENGTH)),
  category: knownOf(CATEGORY_IDS),
  pricing: knownOf(PRICING_MODELS),
  minRating: wholeOr(MIN_RATING, MAX_RATING, 0),
  discontinued: z
    .string()
    .nullable()
    .transform((v) => v === INCLUDE_DISCONTINUED_PARAM.value),
  sort: z.enum(DIRECTORY_SORTS).catch(DEFAULT_SORT),
  page: wholeOr(1, MAX_DIRECTORY_PAGE, 1),
});

/**
 * The query an address describes. Unknown values are dropped (a hand-edited address still shows the directory); the
 * API, which programs call, refuses them instead.
 */
export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  const q = directoryQuerySchema.parse({
    q: params.get('q'),
    category: params.getAll('category'),
    pricing: params.getAll('pricing'),
    minRating: params.get('minRating') ?? undefined,
    discontinued: params.get(INCLUDE_DISCONTINUED_PARAM.name),
    sort: params.get('sort'),
    page: params.get('page') ?? undefined,
  });
  return {
    search: q.q,
    categories: q.category,
    pricing: q.pricing,
    minRating: q.minRating,
    includeDiscontinued: q.discontinued,
    sort: q.sort,
    page: q.page,
  };
}
