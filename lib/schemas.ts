// zod schemas with the exact messages of SPEC.md section 5, shared by islands and API.
import { z } from 'zod';
import { CATEGORY_IDS, PRICING_MODELS, ROLES, ACCOUNT_STATUSES } from './categories';
import { MAX_DESCRIPTION, MAX_TOOL_NAME, MAX_URL, MIN_DESCRIPTION, MIN_PASSWORD } from './constants';
import { MSG } from './messages';
import { splitCommaList } from './format';

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname.includes('.') || u.hostname === 'localhost');
  } catch {
    return false;
  }
}

export const httpUrl = z
  .string(MSG.invalidUrl)
  .trim()
  .max(MAX_URL, MSG.urlTooLong)
  .refine(isHttpUrl, MSG.invalidUrl);

export const email = z.string(MSG.invalidEmail).trim().toLowerCase().pipe(z.email(MSG.invalidEmail));
export const password = z.string(MSG.passwordTooShort).min(MIN_PASSWORD, MSG.passwordTooShort).max(200);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

const personName = z.string().trim().max(100).optional().default('');
export const registerSchema = z.object({ email, password, firstName: personName, lastName: personName });
export type RegisterInput = z.infer<typeof registerSchema>;

export const toolName = z
  .string(MSG.toolNameRequired)
  .trim()
  .min(1, MSG.toolNameRequired)
  .max(MAX_TOOL_NAME, MSG.toolNameTooLong);
export const toolDescription = z
  .string(MSG.descriptionTooShort)
  .trim()
  .min(MIN_DESCRIPTION, MSG.descriptionTooShort)
  .max(MAX_DESCRIPTION, MSG.descriptionTooLong);
export const categoryTags = z
  .array(z.enum(CATEGORY_IDS, MSG.categoryRequired), MSG.categoryRequired)
  .min(1, MSG.categoryRequired)
  .transform((tags) => [...new Set(tags)]);

/** The submission form's values (the logo file is checked apart, by its bytes). */
export const submissionSchema = z.object({
  name: toolName,
  url: httpUrl,
  description: toolDescription,
  tags: z.preprocess((v) => (v == null ? [] : Array.isArray(v) ? v : [v]), categoryTags),
  isPremium: z
    .enum(['true', 'false'], 'isPremium must be true or false')
    .optional()
    .default('false')
    .transform((v) => v === 'true'),
});
export type SubmissionInput = z.infer<typeof submissionSchema>;

export const curatorTake = z.string(MSG.curatorTakeRequired).trim().min(1, MSG.curatorTakeRequired);
export const qualityScore = z.coerce
  .number(MSG.qualityScoreRange)
  .int(MSG.qualityScoreRange)
  .min(1, MSG.qualityScoreRange)
  .max(10, MSG.qualityScoreRange);

export const editorialReviewSchema = z.object({ curatorTake, qualityScore });
export type EditorialReviewInput = z.infer<typeof editorialReviewSchema>;

export const rejectSchema = z.object({
  rejectionReason: z.string('Rejection reason is required').trim().min(1, 'Rejection reason is required'),
});

/** A comma list from a form (a string or strings) split and trimmed; anything else is left for zod to refuse. */
function commaListInput(value: unknown): unknown {
  if (value == null || typeof value === 'string') return splitCommaList(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return splitCommaList(value);
  return value;
}

const commaList = z.preprocess(commaListInput, z.array(z.string()));

/** PATCH /api/admin/tools/{id}: every field optional, lists split on commas. */
export const toolUpdateSchema = z
  .object({
    name: toolName,
    url: httpUrl,
    description: toolDescription,
    tags: z.preprocess(commaListInput, categoryTags),
    curatorTake: z.string().trim().nullable(),
    qualityScore: qualityScore.nullable(),
    isPremium: z.boolean(),
    screenshots: z.preprocess(
      commaListInput,
      z.array(httpUrl).max(10, 'At most 10 screenshots'),
    ),
    videoUrl: z.union([httpUrl, z.literal('').transform(() => null), z.null()]),
    // The message on the union too: a failed enum inside a union otherwise surfaces as zod's 'Invalid input'.
    pricingModel: z.union(
      [z.enum(PRICING_MODELS, 'Unknown pricing model'), z.literal('').transform(() => null), z.null()],
      'Unknown pricing model',
    ),
    targetAudience: commaList,
  })
  .partial();
export type ToolUpdateInput = z.infer<typeof toolUpdateSchema>;

/** An owner's change request: the editable public fields of an approved tool. */
export const changeRequestSchema = z
  .object({
    name: toolName,
    url: httpUrl,
    description: toolDescription,
    tags: z.preprocess(commaListInput, categoryTags),
    pricingModel: z.union([z.enum(PRICING_MODELS, 'Unknown pricing model'), z.null()], 'Unknown pricing model'),
    targetAudience: commaList,
  })
  .partial();
export type ChangeRequestInput = z.infer<typeof changeRequestSchema>;

export const userUpdateSchema = z
  .object({
    role: z.enum(ROLES, 'Unknown role'),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    accountStatus: z.enum(ACCOUNT_STATUSES, 'Unknown account status'),
    suspendedUntil: z.coerce.date('Invalid suspension end date').nullable(),
    suspensionReason: z.string().trim().max(500).nullable(),
  })
  .partial();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const blogPostSchema = z.object({
  title: z.string('Title is required').trim().min(1, 'Title is required').max(255, 'Title must be less than 255 characters'),
  content: z.string('Content is required').trim().min(1, 'Content is required'),
  excerpt: z.string().trim().max(1000).optional().nullable(),
  slug: z.string().trim().max(255).optional().nullable(),
  status: z.enum(['draft', 'published'], 'Status must be draft or published').optional(),
  featuredImage: z.union([httpUrl, z.literal(''), z.null()]).optional(),
  category: z.string().trim().max(100).optional().nullable(),
  tags: commaList.optional(),
  readTime: z.string().trim().max(50).optional().nullable(),
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** The first message of a failed parse, for a 400 body or a form error. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** The first message for each top-level field of a failed parse, in the order zod found them: errors under form fields. */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in byField)) byField[field] = issue.message;
  }
  return byField;
}
