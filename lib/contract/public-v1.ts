// The contract of the public read-only API (/api/v1): its query parameters, its answers, its cursors and its
// error texts, with the descriptions and examples the OpenAPI document shows (docs/decisions/0036-public-api.md).
import { z } from 'zod';
import { CATEGORY_IDS, PRICING_MODELS } from '../categories';
import { CLAIM_METHODS } from '../claims';
import { MSG } from '../messages';
import { categoryId, MAX_SEARCH_LENGTH, pricingModel, searchText } from '../catalogue-query';
import { MAX_SLUG_LENGTH, SLUG_SHAPE } from '../slug';

/** The OpenAPI tag of every operation under /api/v1. */
export const V1_TAG = 'Public API v1';
const V1_DEFAULT_LIMIT = 20;
export const V1_MAX_LIMIT = 100;
/** A cursor this API makes is well under this; anything longer is not one of ours. */
const MAX_CURSOR_LENGTH = 512;

/**
 * featured: the directory's order (premium, then quality score, then newest); newest: latest approval first; name: A to
 * Z; rating: quality score (unscored last), then newest; reviewed: latest editorial review first (the directory's).
 */
const TOOL_SORTS = ['featured', 'newest', 'name', 'rating', 'reviewed'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** The public API's own error texts (SPEC.md section 8 style: the body of a "status: body" error). */
export const V1_MSG = {
  limit: `limit must be a whole number from 1 to ${V1_MAX_LIMIT}`,
  sort: `sort must be one of: ${TOOL_SORTS.join(', ')}`,
  category: `category must be one of: ${CATEGORY_IDS.join(', ')}`,
  pricing: `pricing must be one of: ${PRICING_MODELS.join(', ')}`,
  search: `search must be text of at most ${MAX_SEARCH_LENGTH} characters`,
  searchControl: MSG.controlCharacters('search'),
  cursor:
    'cursor is not one this API gave out: use the nextCursor of an earlier answer, or leave it out to start again',
  cursorSort: 'cursor was given out for another sort: send the same sort as the request that gave it',
  include: 'include must be: discontinued',
  toolNotFound: MSG.toolNotFound,
  rateLimited: (limit: number, seconds: number) =>
    `Too many requests: the public API answers ${limit} requests a minute per address. Try again in ${seconds} s.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Cursors: opaque to callers, the position after the last item of a page in the chosen order

/** Positions in each order: the sort keys of the last item sent (booleans as 0/1, times as epoch milliseconds). */
const epochMs = z.number().int().nullable();
const id = z.number().int().positive();
const cursorPositions = {
  featured: z.tuple([z.union([z.literal(0), z.literal(1)]), z.number().int().nullable(), epochMs, id]),
  newest: z.tuple([epochMs, id]),
  name: z.tuple([z.string().max(255), id]),
  rating: z.tuple([z.number().int().nullable(), epochMs, id]),
  reviewed: z.tuple([epochMs, id]),
  posts: z.tuple([epochMs, id]),
} as const;
type CursorOrder = keyof typeof cursorPositions;
export type CursorPosition<O extends CursorOrder> = z.infer<(typeof cursorPositions)[O]>;

const cursorPayload = z.discriminatedUnion('o', [
  z.object({ o: z.literal('featured'), p: cursorPositions.featured }),
  z.object({ o: z.literal('newest'), p: cursorPositions.newest }),
  z.object({ o: z.literal('name'), p: cursorPositions.name }),
  z.object({ o: z.literal('rating'), p: cursorPositions.rating }),
  z.object({ o: z.literal('reviewed'), p: cursorPositions.reviewed }),
  z.object({ o: z.literal('posts'), p: cursorPositions.posts }),
]);
export type Cursor = z.infer<typeof cursorPayload>;

/** The cursor text for a position: base64url JSON, which callers pass back as it is and never read. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor | null {
  try {
    const parsed = cursorPayload.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const cursorParam = z
  .string(V1_MSG.cursor)
  .max(MAX_CURSOR_LENGTH, V1_MSG.cursor)
  .regex(/^[A-Za-z0-9_-]+$/, V1_MSG.cursor)
  .transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (!cursor) ctx.addIssue({ code: 'custom', message: V1_MSG.cursor });
    return cursor ?? z.NEVER;
  })
  .optional()
  .meta({
    description: 'The `nextCursor` of the previous page; leave it out for the first page.',
    examples: ['eyJvIjoibmV3ZXN0IiwicCI6WzE3MzU2ODk2MDAwMDAsNDJdfQ'],
  });

const limitParam = z
  .string(V1_MSG.limit)
  .regex(/^\d{1,3}$/, V1_MSG.limit)
  .transform(Number)
  .pipe(z.number().min(1, V1_MSG.limit).max(V1_MAX_LIMIT, V1_MSG.limit))
  .default(V1_DEFAULT_LIMIT)
  // Sent as text in the query string, read as a whole number.
  .meta({
    type: 'integer',
    minimum: 1,
    maximum: V1_MAX_LIMIT,
    description: `Items per page, at most ${V1_MAX_LIMIT}.`,
  });

// ---------------------------------------------------------------------------------------------
// Requests

export const toolsQuery = z
  .object({
    search: searchText(V1_MSG.search, V1_MSG.searchControl)
      .optional()
      .meta({
        description:
          "Words that must all appear in a tool's name, description or categories; each word matches as a prefix (`anal` finds analytics). A word in no tool is corrected to the closest word of the catalogue (`copilt` finds Copilot), and the answer's `correctedSearch` says so.",
        examples: ['writing assistant'],
      }),
    category: categoryId(V1_MSG.category).optional().meta({ description: 'Only tools in this category.' }),
    pricing: pricingModel(V1_MSG.pricing).optional().meta({ description: 'Only tools with this pricing model.' }),
    include: z.enum(['discontinued'], V1_MSG.include).optional().meta({
      description:
        'discontinued: list discontinued tools too (they leave the lists otherwise; each carries its `discontinued` object).',
    }),
    sort: z.enum(TOOL_SORTS, V1_MSG.sort).default('featured').meta({
      description:
        "featured: the directory's order (premium first, then quality score, then newest); newest: most recently approved first; name: A to Z; rating: highest quality score first (unscored last), then newest; reviewed: most recently reviewed by an editor first. A search narrows the list and keeps this order.",
    }),
    limit: limitParam,
    cursor: cursorParam,
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.cursor.o !== query.sort)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: V1_MSG.cursorSort });
  });
export type ToolsQuery = z.infer<typeof toolsQuery>;

// A slug no tool can have names no tool: the missing tool's 404, as a bad id in any path of the API (decision 0035).
export const toolParams = z.object({
  slug: z
    .string(V1_MSG.toolNotFound)
    .max(MAX_SLUG_LENGTH, V1_MSG.toolNotFound)
    .regex(SLUG_SHAPE, V1_MSG.toolNotFound)
    .meta({ description: "The tool's slug, as in its page address /tool/{slug}.", examples: ['chatgpt'] }),
});

export const postsQuery = z.object({ limit: limitParam, cursor: cursorParam }).superRefine((query, ctx) => {
  if (query.cursor && query.cursor.o !== 'posts')
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: V1_MSG.cursorSort });
});
export type PostsQuery = z.infer<typeof postsQuery>;

// ---------------------------------------------------------------------------------------------
// Answers: only what the public pages show

const dateTime = z.iso.datetime({ offset: true });
const nextCursor = z
  .string()
  .nullable()
  .meta({ description: 'Pass it as `cursor` for the next page; null on the last page.' });

const publicTool = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.url().meta({ description: "The tool's own website." }),
    pageUrl: z.url().meta({ description: "The tool's page in the directory." }),
    description: z.string(),
    logoUrl: z.string().nullable(),
    tags: z.array(z.enum(CATEGORY_IDS)).meta({ description: 'Category ids.' }),
    pricingModel: z.enum(PRICING_MODELS).nullable(),
    targetAudience: z.array(z.string()),
    isPremium: z.boolean(),
    qualityScore: z.number().int().min(0).max(10).nullable().meta({ description: "The editors' rating out of 10." }),
    curatorTake: z.string().nullable().meta({ description: "The editors' review." }),
    screenshots: z.array(z.string()).meta({ description: 'Premium listings only; empty otherwise.' }),
    videoUrl: z.string().nullable().meta({ description: 'Premium listings only; null otherwise.' }),
    approvedAt: dateTime.nullable(),
    updatedAt: dateTime,
    lastReviewedAt: dateTime
      .nullable()
      .meta({ description: 'When an editor last reviewed it (its approval or a follow-up review).' }),
    discontinued: z
      .object({
        date: z.iso.date().meta({ description: 'The day it was discontinued.' }),
        reason: z.string(),
        archiveUrl: z.url().nullable().meta({ description: 'A copy of its site on the Wayback Machine.' }),
      })
      .nullable()
      .meta({ description: 'Set when the editors marked the tool discontinued: its page stays, it left the lists.' }),
    verifiedOwners: z
      .array(
        z.object({
          method: z.enum(CLAIM_METHODS).meta({
            description:
              'How the owner proved it: a code e-mailed to an address on its domain, a DNS TXT record, a meta tag on its page, or a file under /.well-known/.',
          }),
          verifiedAt: dateTime,
        }),
      )
      .meta({
        description:
          "The tool's verified owners, first verified first, without who they are; empty when nobody has proved it. Verification never changes the score or the order.",
      }),
  })
  .meta({
    description: 'A tool of the directory, as its public page shows it.',
    examples: [
      {
        id: 42,
        slug: 'chatgpt',
        name: 'ChatGPT',
        url: 'https://chatgpt.com',
        pageUrl: 'https://aitools.example.com/tool/chatgpt',
        description: 'A conversational assistant for writing, research and code.',
        logoUrl: 'https://aitools.example.com/uploads/logos/chatgpt.png',
        tags: ['productivity', 'content-creation'],
        pricingModel: 'freemium',
        targetAudience: ['writers', 'developers'],
        isPremium: false,
        qualityScore: 9,
        curatorTake: 'The reference assistant: broad, fast and well integrated.',
        screenshots: [],
        videoUrl: null,
        approvedAt: '2025-01-15T09:30:00.000Z',
        updatedAt: '2025-03-02T11:00:00.000Z',
        lastReviewedAt: '2025-03-02T11:00:00.000Z',
        discontinued: null,
        verifiedOwners: [{ method: 'dns', verifiedAt: '2025-02-10T08:00:00.000Z' }],
      },
    ],
  });
export type PublicToolV1 = z.infer<typeof publicTool>;

export const toolPage = z
  .object({
    items: z.array(publicTool),
    nextCursor,
    correctedSearch: z
      .string()
      .nullable()
      .meta({
        description:
          'When a word of `search` is in no public tool (a typo), the search that ran instead: each such word replaced by the closest word of the catalogue, as the directory\'s "Did you mean" does; `items` are its results (the search as sent would have found none). Null when the search ran as sent, or there was none.',
        examples: ['Copilot'],
      }),
  })
  .meta({ description: 'One page of tools in the chosen order.' });
export type ToolPageV1 = z.infer<typeof toolPage>;

export const toolDetail = publicTool
  .extend({
    editorialReviews: z
      .array(
        z.object({
          curatorTake: z.string(),
          qualityScore: z.number().int(),
          reviewedAt: dateTime,
          isFollowUp: z.boolean(),
        }),
      )
      .meta({ description: "The editors' reviews of the tool, newest first." }),
  })
  .meta({ description: 'A tool with its editorial reviews.' });
export type ToolDetailV1 = z.infer<typeof toolDetail>;

export const categoryList = z
  .object({
    items: z.array(
      z.object({
        id: z.enum(CATEGORY_IDS),
        label: z.string(),
        toolCount: z.number().int().min(0).meta({ description: 'Public tools in the category.' }),
      }),
    ),
  })
  .meta({
    description: "The directory's categories, in its order, with how many public tools each holds.",
    examples: [{ items: [{ id: 'content-creation', label: 'Content Creation', toolCount: 12 }] }],
  });
export type CategoryListV1 = z.infer<typeof categoryList>;

const publicPost = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    pageUrl: z.url(),
    excerpt: z.string().nullable(),
    content: z.string().meta({ description: 'The post as sanitised HTML.' }),
    featuredImage: z.string().nullable(),
    category: z.string().nullable(),
    tags: z.array(z.string()),
    readTime: z.string(),
    authorName: z.string(),
    publishedAt: dateTime.nullable(),
    updatedAt: dateTime,
  })
  .meta({ description: 'A published blog post.' });
export type PublicPostV1 = z.infer<typeof publicPost>;

export const postPage = z
  .object({ items: z.array(publicPost), nextCursor })
  .meta({ description: 'One page of published posts, newest first.' });
export type PostPageV1 = z.infer<typeof postPage>;

/** Every error answer: plain text, the reason (SPEC.md section 8). */
export const errorText = (description: string, example: string) =>
  z.string().meta({ description, examples: [example] });
