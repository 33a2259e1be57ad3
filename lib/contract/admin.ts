// The admin panel's calls under /api/admin (SPEC.md section 7), each behind a permission of lib/permissions.ts: stats,
// moderation and upkeep of tools, change requests, users, the Blog CMS and Settings.
import { z } from 'zod';
import { MSG } from '../messages';
import { POST_STATUSES } from '../post-status';
import { blogPostSchema } from '../schemas';
import { CHANGE_REQUEST_STATUSES, TOOL_STATUSES } from '../tool-status';
import { idParamsSchema, personSchema, timestampSchema } from './common';
import { requestedChangesSchema, userChangeRequestSchema } from './submissions';
import { publicEditorialReviewSchema, publicToolSchema, toolRecordSchema } from './tools';
import { accountFields } from './user';
import { postFields } from './blog';

export {
  blogPostSchema,
  editorialReviewSchema,
  rejectChangeSchema,
  rejectSchema,
  toolUpdateSchema,
  unlistSchema,
  userUpdateSchema,
  type BlogPostInput,
  type EditorialReviewInput,
  type RejectionInput,
  type ToolUpdateInput,
  type UserUpdateInput,
} from '../schemas';

// ---- Paths: an id that names no row is a 404 with the message of a missing one. ----

export const toolParamsSchema = idParamsSchema(MSG.toolNotFound);
export const changeRequestParamsSchema = idParamsSchema(MSG.changeRequestNotFound);
export const userParamsSchema = idParamsSchema(MSG.userNotFound);
export const postParamsSchema = idParamsSchema(MSG.postNotFound);

// ---- Tools ----

/** GET /api/admin/stats: total = every tool; approved and premium count the approved side, unlisted included. */
export const adminStatsSchema = z.strictObject({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  premium: z.number().int(),
  users: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/tools/pending: oldest first; the submitter's e-mail only for those who moderate (not guest reviewers). */
export const adminPendingToolSchema = z.strictObject({
  ...publicToolSchema.pick({
    id: true,
    name: true,
    slug: true,
    url: true,
    description: true,
    logoUrl: true,
    tags: true,
    isPremium: true,
  }).shape,
  submittedById: z.number().int(),
  submittedAt: timestampSchema,
  submittedBy: personSchema.nullable(),
});
export type AdminPendingTool = z.infer<typeof adminPendingToolSchema>;

/**
 * GET /api/admin/tools/pending/rejections: the earlier rejections of the tools awaiting review (resubmissions), newest
 * first, beside the pending list, whose answer keeps its shape (docs/decisions/0069).
 */
export const pendingRejectionSchema = z.strictObject({
  toolId: z.number().int(),
  rejectionReason: z.string().nullable(),
  rejectedAt: timestampSchema,
});
export type PendingRejection = z.infer<typeof pendingRejectionSchema>;

/** An editorial review in the panel: who reviewed, by id and name. */
export const adminEditorialReviewSchema = z.strictObject({
  ...publicEditorialReviewSchema.shape,
  toolId: z.number().int(),
  reviewedBy: z.number().int().nullable(),
  reviewerName: z.string().nullable(),
});
export type AdminEditorialReview = z.infer<typeof adminEditorialReviewSchema>;

/** GET /api/admin/tools/approved: approved and unlisted tools, newest approval first, each with its reviews newest first. */
export const adminApprovedToolSchema = z.strictObject({
  ...publicToolSchema.shape,
  status: z.enum(TOOL_STATUSES),
  unlistReason: z.string().nullable(),
  submittedById: z.number().int(),
  editorialReviews: z.array(adminEditorialReviewSchema),
});
export type AdminApprovedTool = z.infer<typeof adminApprovedToolSchema>;

/**
 * GET /api/admin/tools/closed-owners: the approved (and unlisted) tools whose owner closed the account, beside the
 * approved list (whose answer keeps its shape), so the admin sees "owner account closed" on them (docs/decisions/0097).
 */
export const closedOwnerToolSchema = z.strictObject({
  toolId: z.number().int(),
  closedAt: timestampSchema,
  /** The owner's personal data is gone (the deletion job ran): the account can no longer be restored. */
  deleted: z.boolean(),
});
export type ClosedOwnerTool = z.infer<typeof closedOwnerToolSchema>;

/** One audit row: who did what to which entity, with the fields before and after. */
const auditRowSchema = z.strictObject({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestampSchema,
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** GET /api/admin/tools/{id}/history: the View dialog's reviews and audit rows (its change requests' too), newest first. */
export const toolHistorySchema = z.strictObject({
  toolId: z.number().int(),
  editorialReviews: z.array(adminEditorialReviewSchema),
  auditLog: z.array(auditRowSchema),
});
export type ToolHistory = z.infer<typeof toolHistorySchema>;

/** POST /api/admin/tools/{id}/premium. */
export const toolPremiumSchema = z.object({ isPremium: z.boolean('isPremium must be true or false') });

/** Its answer: the flag as it now is and the tool's name, for the toast. */
export const premiumChangeSchema = z.strictObject({ isPremium: z.boolean(), name: z.string() });
export type PremiumChange = z.infer<typeof premiumChangeSchema>;

// Approve, reject, edit (PATCH), unlist and list answer the tool as it now is (toolRecordSchema of ./tools); a follow-up
// review (POST /api/admin/tools/{id}/review) answers the review.

// ---- Change requests ----

/** A run of a changed value: words (or list items) kept, removed or added. */
const diffPartSchema = z.strictObject({ text: z.string(), change: z.enum(['same', 'added', 'removed']) });
export type DiffPart = z.infer<typeof diffPartSchema>;

/** One requested change: the whole values as shown, and the words (or list items) removed and added. */
const fieldChangeSchema = z.strictObject({
  field: requestedChangesSchema.keyof(),
  label: z.string(),
  /** image: logo or cover (before/after are addresses); images: screenshots, one part per address; colour: #rrggbb. */
  kind: z.enum(['text', 'list', 'image', 'images', 'colour', 'video']),
  /** The value the tool holds now ('' for none); null once the request is decided and the tool no longer holds it. */
  before: z.string().nullable(),
  /** The requested value ('' for none). */
  after: z.string(),
  /** Text: runs of words; list: one part per item. Only 'same' parts when `before` is null. */
  parts: z.array(diffPartSchema),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * GET /api/admin/change-requests: pending ones first, then newest first. `changes` (one line) and `diff` compare a
 * pending request with the tool as it is now; a decided one shows what it asked for.
 */
export const adminChangeRequestSchema = z.strictObject({
  ...userChangeRequestSchema.pick({ id: true, toolId: true, toolName: true, toolSlug: true }).shape,
  /** The tool's submitter: the panel disables Approve Changes for them (docs/decisions/0023). */
  toolSubmittedById: z.number().int(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  submittedById: z.number().int(),
  requester: personSchema.nullable(),
  submittedAt: timestampSchema,
  /** The spec's name for submittedAt in this list. */
  date: timestampSchema,
  reviewedAt: timestampSchema.nullable(),
  reviewedById: z.number().int().nullable(),
  requestData: requestedChangesSchema,
  changes: z.string(),
  diff: z.array(fieldChangeSchema),
});
export type AdminChangeRequest = z.infer<typeof adminChangeRequestSchema>;

/** POST /api/admin/change-requests/{id}/reject: the request as decided. */
export const changeRequestDecisionSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  reviewedAt: timestampSchema.nullable(),
});
export type ChangeRequestDecision = z.infer<typeof changeRequestDecisionSchema>;

/** POST /api/admin/change-requests/{id}/approve: the request as decided and the tool with the changes applied. */
export const changeRequestApprovalSchema = z.strictObject({
  ...changeRequestDecisionSchema.shape,
  tool: toolRecordSchema,
});
export type ChangeRequestApproval = z.infer<typeof changeRequestApprovalSchema>;

// ---- Users ----

/** GET /api/admin/users and the answer of PATCH /api/admin/users/{id}: never the password hash or payment ids. */
export const adminUserSchema = z.strictObject({
  ...accountFields,
  suspendedUntil: timestampSchema.nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * GET /api/admin/users/accounts: what User Management shows of each account's standing beside the list (whose answer
 * keeps its shape): whether the address is verified, whether two-factor sign-in is on, and closing.
 */
export const adminUserAccountSchema = z.strictObject({
  id: z.number().int(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  closedAt: timestampSchema.nullable(),
  /** When a closed account's personal data is removed: ACCOUNT_DELETION_DAYS after closing. */
  deletionDate: timestampSchema.nullable(),
  /** The personal data is gone (the job ran). */
  deleted: z.boolean(),
});
export type AdminUserAccount = z.infer<typeof adminUserAccountSchema>;

// ---- Blog CMS ----

/** PATCH /api/admin/blog/posts/{id}: only the fields sent change. */
export const blogPostUpdateSchema = blogPostSchema.partial();
export type BlogPostUpdateInput = z.infer<typeof blogPostUpdateSchema>;

/** GET /api/admin/blog/posts (drafts too, newest first) and the answer of creating or updating a post. */
export const adminPostSchema = z.strictObject({
  ...postFields,
  authorId: z.number().int(),
  status: z.enum(POST_STATUSES),
  createdAt: timestampSchema,
});
export type AdminPost = z.infer<typeof adminPostSchema>;

/** POST /api/admin/blog/preview: what saving the form would store, without saving it (the content as sanitised). */
export const postPreviewSchema = z.strictObject({ content: z.string(), excerpt: z.string(), readTime: z.string() });
export type PostPreview = z.infer<typeof postPreviewSchema>;

/**
 * POST /api/admin/blog/images: a featured image, sent as multipart with the file in `image` (the route reads the form
 * itself, so its size is checked before it is read). The answer is the path to give the post as featuredImage.
 */
export const postImageFormSchema = z.object({ image: z.instanceof(Blob, { error: MSG.postImageMissing }) });
export const postImageSchema = z.strictObject({ url: z.string() });

// ---- Settings and Rebuild Now ----

/** What a site build did: every page, those rendered again and those reused unchanged from the previous build. */
const buildStatsSchema = z.strictObject({
  pages: z.number().int(),
  rendered: z.number().int(),
  reused: z.number().int(),
  seconds: z.number(),
});
export type BuildStats = z.infer<typeof buildStatsSchema>;

/** A rebuild request (queued, running, succeeded or failed) and, once built, the figures of its build. */
const rebuildJobSchema = z.strictObject({
  id: z.number().int(),
  reason: z.string(),
  status: z.string(),
  requestedAt: timestampSchema,
  startedAt: timestampSchema.nullable(),
  finishedAt: timestampSchema.nullable(),
  /** The end of the log of the newest failed try. */
  error: z.string().nullable(),
  /** Builds tried for this request so far. */
  attempts: z.number().int(),
  /** When a failed build is tried again (queued after a failure), else null. */
  nextAttemptAt: timestampSchema.nullable(),
  /** The tags the change touched (lib/cache-tags.ts): the pages carrying them are rendered on demand until a build covers it. */
  tags: z.array(z.string()),
  stats: buildStatsSchema.nullable(),
});
export type RebuildJob = z.infer<typeof rebuildJobSchema>;

/** A request waiting for a build (queued) or in one (running). */
const queuedRebuildSchema = rebuildJobSchema.pick({
  id: true,
  reason: true,
  status: true,
  requestedAt: true,
  attempts: true,
  nextAttemptAt: true,
});

/** The build the site serves now, from the `_build.json` it wrote (its times are ISO text there). */
export const liveBuildSchema = z.strictObject({
  ...buildStatsSchema.shape,
  /** Every rebuild request up to this one is in the build. */
  coveredJobId: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type LiveBuild = z.infer<typeof liveBuildSchema>;

/** GET /api/admin/settings: the real state of e-mail, payments, Google sign-in and the site build. */
export const adminSettingsSchema = z.strictObject({
  email: z.strictObject({
    provider: z.literal('resend'),
    configured: z.boolean(),
    from: z.string(),
    /** Outbox rows by status. */
    outbox: z.record(z.string(), z.number().int()),
  }),
  payments: z.strictObject({ provider: z.literal('stripe'), configured: z.boolean(), webhook: z.boolean() }),
  google: z.strictObject({ configured: z.boolean() }),
  /** REQUIRE_ADMIN_TWO_FACTOR: whether isAdmin accounts must use two-factor sign-in (decision 0095). */
  adminTwoFactor: z.strictObject({ required: z.boolean() }),
  /** The newest request. */
  build: rebuildJobSchema.nullable(),
  /** The newest failed try no later build has made good; willRetry until its tries run out. */
  lastFailure: z.strictObject({ ...rebuildJobSchema.shape, willRetry: z.boolean() }).nullable(),
  /** Builds tried per request before it is given up on. */
  maxAttempts: z.number().int(),
  /** The newest requests. */
  rebuilds: z.array(rebuildJobSchema),
  /** The requests not built yet: how many, how many the running build covers, and the first few (running first). */
  queue: z.strictObject({ count: z.number().int(), running: z.number().int(), jobs: z.array(queuedRebuildSchema) }),
  /** The live build; null before the first one. */
  live: liveBuildSchema.nullable(),
  /** The pages rendered on demand until the next build lands (how many, and the first ones), and the changed tags behind them. */
  onDemand: z.strictObject({ count: z.number().int(), paths: z.array(z.string()), tags: z.array(z.string()) }),
  /**
   * The server process that builds (the worker lease's holder, docs/decisions/0059): its name (machine:pid:…), how
   * many seconds ago it renewed the lease, and whether the lease has lapsed (its holder stopped renewing); null when
   * no process holds it.
   */
  builder: z.strictObject({ holder: z.string(), renewedSecondsAgo: z.number(), lapsed: z.boolean() }).nullable(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
