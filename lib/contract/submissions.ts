// A user's own tools: POST /api/tools (the multipart submission form), GET /api/user/tools (a page) and its counts,
// the private preview GET /api/user/tools/{id}, and change requests (POST /api/tools/{id}/change-requests, GET /api/user/change-requests).
import { z } from 'zod';
import { CATEGORY_IDS, PRICING_MODELS } from '../categories';
import { MSG } from '../messages';
import { CHANGE_REQUEST_STATUSES } from '../tool-status';
import { idParamsSchema, timestampSchema } from './common';
import { toolRecordSchema } from './tools';

/**
 * The submission form's fields, sent as multipart (the route reads the form itself, so that the size and the
 * sender's allowance are checked before the body is read); the logo file is checked apart, by its bytes.
 */
export { submissionSchema, changeRequestSchema, type SubmissionInput, type ChangeRequestInput } from '../schemas';

/** A tool of the user's in the path: one that is not theirs (or not there) is a 404, like a bad id. */
export const ownToolParamsSchema = idParamsSchema(MSG.toolNotFound);

/** GET /api/user/tools: each of the user's tools, saying whether a change request of it is waiting for review. */
export const userToolSchema = z.strictObject({
  ...toolRecordSchema.shape,
  pendingChangeRequest: z.boolean(),
  pendingChangeRequestId: z.number().int().nullable(),
});
export type UserTool = z.infer<typeof userToolSchema>;

/** GET /api/user/tools/stats: the dashboard's stat cards, counted over all of the user's tools (not one page). */
export const userToolStatsSchema = z.strictObject({
  total: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  premium: z.number().int(),
});
export type UserToolStats = z.infer<typeof userToolStatsSchema>;

/** What a change request asks for: only the fields that differ from the tool as it was when it was sent. */
export const requestedChangesSchema = z.strictObject({
  name: z.string().optional(),
  url: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.enum(CATEGORY_IDS)).optional(),
  pricingModel: z.enum(PRICING_MODELS).nullable().optional(),
  targetAudience: z.array(z.string()).optional(),
  // A premium tool's assets and branding (lib/premium-assets.ts).
  screenshots: z.array(z.string()).optional(),
  videoUrl: z.string().nullable().optional(),
  logoUrl: z.string().optional(),
  brandColor: z.string().nullable().optional(),
  coverImage: z.string().nullable().optional(),
});
export type RequestedChanges = z.infer<typeof requestedChangesSchema>;

/** One of the user's change requests, with the name and slug of the tool it concerns. */
export const userChangeRequestSchema = z.strictObject({
  id: z.number().int(),
  toolId: z.number().int(),
  toolName: z.string(),
  toolSlug: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  submittedAt: timestampSchema,
  reviewedAt: timestampSchema.nullable(),
  requestData: requestedChangesSchema,
});
export type UserChangeRequest = z.infer<typeof userChangeRequestSchema>;
