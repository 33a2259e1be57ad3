// The catalogue: GET /api/tools (a page of approved tools, by category or search), GET /api/tools/slug/{slug} (one
// with its editorial reviews), and the whole record of a tool that its owner and the staff see.
import { z } from 'zod';
import { optionalBlank, pageLimit, pageOffset, toolListQuerySchema } from '../catalogue-query';
import { CATEGORY_IDS, PRICING_MODELS } from '../categories';
import { DIRECTORY_PAGE_SIZE } from '../constants';
import { TOOL_STATUSES } from '../tool-status';
import { timestampSchema } from './common';

// The catalogue's query is read by lib/catalogue-query.ts, with the directory page's and /api/v1's.
export { toolListQuerySchema } from '../catalogue-query';

/**
 * A page of a paged array answer (GET /api/user/tools, GET /api/admin/messages): limit and offset with the directory's
 * rules (1-100, 12 by default); the answer names the next page in a Link header (docs/decisions/0040).
 */
export const pageQuerySchema = toolListQuerySchema.pick({ limit: true, offset: true });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * GET /api/user/tools: SPEC.md section 7 gives it no query and answers all of the user's tools. Given `limit` or
 * `offset` (the dashboard gives both), it answers that page with pageQuerySchema's rules and defaults and names the
 * next one in a Link header; given neither, the whole list.
 */
export const userToolsQuerySchema = z.object({ limit: optionalBlank(pageLimit), offset: optionalBlank(pageOffset) });
export type UserToolsQuery = z.infer<typeof userToolsQuerySchema>;

/** The page a paged list's query asks for, with the defaults of pageQuerySchema; null when it names none (the whole list). */
export function requestedPage({ limit, offset }: UserToolsQuery): PageQuery | null {
  return limit === undefined && offset === undefined
    ? null
    : { limit: limit ?? DIRECTORY_PAGE_SIZE, offset: offset ?? 0 };
}

/** The fields every view of a tool shares. */
const toolFields = {
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  /** Category ids. */
  tags: z.array(z.enum(CATEGORY_IDS)),
  pricingModel: z.enum(PRICING_MODELS).nullable(),
  targetAudience: z.array(z.string()),
  /** Screenshot addresses. */
  screenshots: z.array(z.string()),
  videoUrl: z.string().nullable(),
  /** Custom branding (#rrggbb and an image address); the pages show them, like screenshots, only while isPremium. */
  brandColor: z.string().nullable(),
  coverImage: z.string().nullable(),
  isPremium: z.boolean(),
  curatorTake: z.string().nullable(),
  /** 1-10 once reviewed. */
  qualityScore: z.number().int().nullable(),
  submittedAt: timestampSchema,
  approvedAt: timestampSchema.nullable(),
  updatedAt: timestampSchema,
  /** When an editor last reviewed it (approval or follow-up); null before the first review. */
  lastReviewedAt: timestampSchema.nullable(),
};

/** An approved tool as a visitor sees it: never who submitted it, its reasons or its duplicate key. */
export const publicToolSchema = z.strictObject(toolFields);
export type PublicTool = z.infer<typeof publicToolSchema>;

/**
 * GET /api/tools: a page of tools, SPEC.md section 7's "Array of tools". When a search word is in no tool (a typo), the
 * tools are those the corrected search finds ("Showing results for Copilot": the typed words would have found none),
 * and the correction travels beside the array in the X-Search-Suggestion header (lib/directory.ts).
 */
export const toolListAnswerSchema = z.array(publicToolSchema);
export type ToolListAnswer = z.infer<typeof toolListAnswerSchema>;

/** How many tools each option of a filter group would find, given the search and the other groups' choices. */
export const toolFacetsSchema = z.strictObject({
  categories: z.record(z.enum(CATEGORY_IDS), z.number().int()),
  pricing: z.record(z.enum(PRICING_MODELS), z.number().int()),
  /** Threshold (1-10) to the number of tools scored at least it. */
  minRating: z.record(z.string(), z.number().int()),
  /** The tools the whole query finds. */
  total: z.number().int(),
});
export type ToolFacets = z.infer<typeof toolFacetsSchema>;

/** An editorial review as the public sees it: who reviewed stays private. */
export const publicEditorialReviewSchema = z.strictObject({
  id: z.number().int(),
  curatorTake: z.string(),
  qualityScore: z.number().int(),
  reviewedAt: timestampSchema,
  isFollowUp: z.boolean(),
});
export type PublicEditorialReview = z.infer<typeof publicEditorialReviewSchema>;

/** GET /api/tools/slug/{slug}: the tool with its editorial reviews, newest first. */
export const publicToolDetailSchema = z.strictObject({
  ...toolFields,
  editorialReviews: z.array(publicEditorialReviewSchema),
});
export type PublicToolDetail = z.infer<typeof publicToolDetailSchema>;

/**
 * A tool with every field but its internal duplicate key: what its owner (the preview, the answer of a submission)
 * and the staff (the answer of each moderation call) see.
 */
export const toolRecordSchema = z.strictObject({
  ...toolFields,
  status: z.enum(TOOL_STATUSES),
  submittedById: z.number().int(),
  rejectionReason: z.string().nullable(),
  unlistReason: z.string().nullable(),
});
export type ToolRecord = z.infer<typeof toolRecordSchema>;
