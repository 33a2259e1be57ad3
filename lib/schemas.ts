// zod schemas with the exact messages of SPEC.md section 5, shared by islands and API.
import { z } from 'zod';
import { CATEGORY_IDS, PRICING_MODELS, ROLES, ACCOUNT_STATUSES } from './categories';
import { MAX_DESCRIPTION, MAX_TOOL_NAME, MAX_URL, MIN_DESCRIPTION, MIN_PASSWORD } from './constants';
import { LISTING_MSG } from './listing-messages';
import { MSG } from './messages';
import { REJECTION_CODES } from './review-queue';
import { POST_STATUSES } from './post-status';
import { POST_CATEGORIES } from './post-categories';
import { POST_IMAGE_PATH } from './constants';
import { splitCommaList } from './format';
import { CONTACT_TOPICS } from './contact';
import { MAX_REPORT_MESSAGE, MESSAGE_REQUIRED_TYPES, OUTDATED_PARTS, type ReportType } from './reports';
import { BRAND_COLOR, MAX_SCREENSHOTS, TOOL_IMAGE_PATH, isDemoVideoUrl, isImageAddress } from './premium-assets';

// In the browser, no eval: the pages' CSP has no 'unsafe-eval', and Chromium reports even zod's caught probe
// (`new Function`) as a violation. The server keeps zod's compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * Characters no text field takes (docs/decisions/0025-text-input.md): C0 controls, DEL, C1 controls,
 * lone surrogates and noncharacters. A NUL cuts the stored value short; the others cannot be typed,
 * are invisible, and garble e-mails, logs and what a reviewer sees. Multi-line fields keep tab, line
 * feed and carriage return.
 */
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\p{Cs}\p{NChar}]/u;
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}\p{NChar}]/u;

export const isCleanLine = (value: string): boolean => !FORBIDDEN_IN_LINE.test(value);
const isCleanText = (value: string): boolean => !FORBIDDEN_IN_TEXT.test(value);

/** Caps on text the spec leaves open; the database would take any length. */
const MAX_PERSON_NAME = 100;
const MAX_EMAIL = 254;
const MAX_PASSWORD = 200;
const MAX_CURATOR_TAKE = 2000;
const MAX_REASON = 1000;
const MAX_LIST_ITEM = 100;
const MAX_LIST_ITEMS = 20;
const MAX_POST_EXCERPT = 1000;
const MAX_POST_CONTENT = 200_000;

/**
 * A trimmed string that refuses control characters, named by its label in the messages. `breaks`: a multi-line
 * field, which keeps tabs and line breaks; `typeMessage`: what a non-string gets (the spec's message where it has one).
 */
function cleanString(label: string, { breaks = false, typeMessage = `${label} must be text` } = {}) {
  return z
    .string(typeMessage)
    .trim()
    .refine(breaks ? isCleanText : isCleanLine, MSG.controlCharacters(label));
}

/** A one-line field of at most `max` characters. */
const lineField = (label: string, max: number) => cleanString(label).max(max, MSG.textTooLong(label, max));
/** A multi-line field of at most `max` characters. */
export const textField = (label: string, max: number) =>
  cleanString(label, { breaks: true }).max(max, MSG.textTooLong(label, max));

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname.includes('.') || u.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}

const httpUrl = z
  .string(MSG.invalidUrl)
  .trim()
  .max(MAX_URL, MSG.urlTooLong)
  .refine(isCleanLine, MSG.invalidUrl)
  .refine(isHttpUrl, MSG.invalidUrl);

/** An e-mail address as typed: trimmed, lowercased, at most MAX_EMAIL characters. */
export const email = z
  .string(MSG.invalidEmail)
  .trim()
  .max(MAX_EMAIL, MSG.invalidEmail)
  .toLowerCase()
  .pipe(z.email(MSG.invalidEmail));
/** Signing in only compares the password with its hash, so any characters are taken as typed. */
const password = z
  .string(MSG.passwordTooShort)
  .min(MIN_PASSWORD, MSG.passwordTooShort)
  .max(MAX_PASSWORD, MSG.textTooLong('Password', MAX_PASSWORD));
/** A password being chosen (registering, resetting, changing): the spec's length rule and no control characters. */
export const newPassword = password.refine(isCleanLine, MSG.controlCharacters('Password'));

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

const personName = (label: string) => lineField(label, MAX_PERSON_NAME).optional().default('');
export const registerSchema = z.object({
  email,
  password: newPassword,
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The contact form (docs/decisions/0056-contact-messages.md); whether it is priority the server decides. */
const MIN_CONTACT_MESSAGE = 10;
export const MAX_CONTACT_MESSAGE = 5000;
export const contactSchema = z.object({
  name: cleanString('Name', { typeMessage: MSG.contactNameRequired })
    .min(1, MSG.contactNameRequired)
    .max(MAX_PERSON_NAME, MSG.textTooLong('Name', MAX_PERSON_NAME)),
  email,
  topic: z.enum(CONTACT_TOPICS, MSG.contactTopicRequired),
  message: cleanString('Message', { breaks: true, typeMessage: MSG.contactMessageTooShort })
    .min(MIN_CONTACT_MESSAGE, MSG.contactMessageTooShort)
    .max(MAX_CONTACT_MESSAGE, MSG.contactMessageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * A reader report (docs/decisions/0101): the tool by slug, the type with its own few fields, a message of at most
 * MAX_REPORT_MESSAGE characters (required where the type says too little), an address to hear the outcome, and the
 * honeypot (`website`), which people leave empty.
 */
const reportMessage = (required: boolean) => {
  const text = cleanString('Message', { breaks: true, typeMessage: LISTING_MSG.reportMessageRequired }).max(
    MAX_REPORT_MESSAGE,
    MSG.textTooLong('Message', MAX_REPORT_MESSAGE),
  );
  return required ? text.min(10, LISTING_MSG.reportMessageRequired) : text.default('');
};
/** A form sends '' for a field left empty: the same as not sending it. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const isPastDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(value) && at <= Date.now();
};
const noticedOn = blankAsAbsent(
  z
    .string(LISTING_MSG.reportNoticedOnInvalid)
    .regex(/^\d{4}-\d{2}-\d{2}$/, LISTING_MSG.reportNoticedOnInvalid)
    .refine(isPastDay, LISTING_MSG.reportNoticedOnInvalid),
);
/** A one-line field of a report's details that must be given (300 characters at most). */
const requiredLine = (label: string, missing: string) =>
  cleanString(label, { typeMessage: missing }).min(1, missing).max(300, MSG.textTooLong(label, 300));
const reportDetails = {
  'broken-link': z.object({ noticedOn }),
  discontinued: z.object({ noticedOn }),
  'pricing-wrong': z.object({ pricingModel: z.enum(PRICING_MODELS, LISTING_MSG.reportPricingRequired) }),
  'wrong-category': z.object({ category: z.enum(CATEGORY_IDS, LISTING_MSG.reportCategoryRequired) }),
  outdated: z.object({ part: blankAsAbsent(z.enum(OUTDATED_PARTS, LISTING_MSG.reportPartInvalid)) }),
  duplicate: z.object({
    otherListing: requiredLine('The other listing', LISTING_MSG.reportOtherListingRequired),
  }),
  misleading: z.object({ claim: requiredLine('What is misleading', LISTING_MSG.reportClaimRequired) }),
  other: z.object({}),
} satisfies Record<ReportType, z.ZodType>;
const reportOf = <T extends ReportType>(type: T) =>
  z.object({
    toolSlug: z.string(MSG.toolNotFound).trim().min(1, MSG.toolNotFound).max(200, MSG.toolNotFound),
    type: z.literal(type),
    details: z.preprocess((value) => value ?? {}, reportDetails[type] as (typeof reportDetails)[T]),
    message: reportMessage(MESSAGE_REQUIRED_TYPES.includes(type)),
    email: blankAsAbsent(email),
    website: z.string().max(500).optional(),
  });
export const reportSchema = z.discriminatedUnion(
  'type',
  [
    reportOf('broken-link'),
    reportOf('discontinued'),
    reportOf('pricing-wrong'),
    reportOf('wrong-category'),
    reportOf('outdated'),
    reportOf('duplicate'),
    reportOf('misleading'),
    reportOf('other'),
  ],
  LISTING_MSG.reportTypeRequired,
);
export type ReportInput = z.infer<typeof reportSchema>;
/** An editor's note on acknowledging or resolving a report (the reporters may read it in the outcome e-mail). */
export const reportNote = textField('Note', MAX_REASON);

const toolName = cleanString('Tool name', { typeMessage: MSG.toolNameRequired })
  .min(1, MSG.toolNameRequired)
  .max(MAX_TOOL_NAME, MSG.toolNameTooLong);
const toolDescription = cleanString('Description', { breaks: true, typeMessage: MSG.descriptionTooShort })
  .min(MIN_DESCRIPTION, MSG.descriptionTooShort)
  .max(MAX_DESCRIPTION, MSG.descriptionTooLong);
const categoryTags = z
  .array(z.enum(CATEGORY_IDS, MSG.categoryRequired), MSG.categoryRequired)
  .min(1, MSG.categoryRequired)
  .transform((tags) => [...new Set(tags)]);

const curatorTake = cleanString('Curator take', { breaks: true, typeMessage: MSG.curatorTakeRequired })
  .min(1, MSG.curatorTakeRequired)
  .max(MAX_CURATOR_TAKE, MSG.textTooLong('Curator take', MAX_CURATOR_TAKE));
const qualityScore = z.coerce
  .number(MSG.qualityScoreRange)
  .int(MSG.qualityScoreRange)
  .min(1, MSG.qualityScoreRange)
  .max(10, MSG.qualityScoreRange);

export const editorialReviewSchema = z.object({ curatorTake, qualityScore });
export type EditorialReviewInput = z.infer<typeof editorialReviewSchema>;

export const rejectSchema = z.object({
  rejectionReason: cleanString('Rejection reason', { breaks: true, typeMessage: 'Rejection reason is required' })
    .min(1, 'Rejection reason is required')
    .max(MAX_REASON, MSG.textTooLong('Rejection reason', MAX_REASON)),
  // The reason from the list; rejectionReason stays the note, and a client sending only the note means 'other'.
  rejectionCode: z.enum(REJECTION_CODES, 'Unknown rejection reason').optional(),
});
export type RejectionInput = z.infer<typeof rejectSchema>;

/** POST /api/admin/tools/{id}/request-changes: what the submitter should change, told by e-mail and on the dashboard. */
export const requestChangesSchema = z.object({
  note: cleanString('Note', { breaks: true, typeMessage: LISTING_MSG.requestChangesNoteRequired })
    .min(1, LISTING_MSG.requestChangesNoteRequired)
    .max(MAX_REASON, MSG.textTooLong('Note', MAX_REASON)),
});

/** POST /api/admin/tools/{id}/unlist: the reason is optional (the service gives the default). */
export const unlistSchema = z.object({ reason: textField('Reason', MAX_REASON).nullish() });

/** Rejecting a change request may say why; the reason goes into the requester's e-mail. */
export const rejectChangeSchema = z.object({ reason: textField('Reason', MAX_REASON).nullish() });

/** The most a revoke's reason says (it goes into the owner's e-mail). */
const MAX_REVOKE_REASON = 500;

/** Revoking a verified owner's claim must say why (docs/decisions/0099): the member is e-mailed it. */
export const revokeClaimSchema = z.object({
  reason: cleanString('Reason', { breaks: true, typeMessage: LISTING_MSG.revokeReasonRequired })
    .min(1, LISTING_MSG.revokeReasonRequired)
    .max(MAX_REVOKE_REASON, LISTING_MSG.revokeReasonRequired),
});

/** A comma list from a form (a string or strings) split and trimmed; anything else is left for zod to refuse. */
function commaListInput(value: unknown): unknown {
  if (value == null || typeof value === 'string') return splitCommaList(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return splitCommaList(value);
  return value;
}

const commaList = (label: string) =>
  z.preprocess(
    commaListInput,
    z.array(lineField(label, MAX_LIST_ITEM)).max(MAX_LIST_ITEMS, MSG.tooManyItems(label, MAX_LIST_ITEMS)),
  );

/**
 * A tool's pricing model: one of PRICING_MODELS, or none ('' from a form's "Not specified", or null). The message on the
 * union too: a failed enum inside a union otherwise surfaces as zod's 'Invalid input'.
 */
const pricingModel = z.union(
  [z.enum(PRICING_MODELS, 'Unknown pricing model'), z.literal('').transform(() => null), z.null()],
  'Unknown pricing model',
);
/** Who a tool is for, as a comma list. */
const targetAudience = commaList('Target audience');

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
  // Optional, as in the staff's Edit dialog: a tool without them shows "Not specified" and matches no Pricing filter.
  pricingModel: pricingModel.optional(),
  targetAudience: targetAudience.optional(),
});
export type SubmissionInput = z.infer<typeof submissionSchema>;

/** '' (a cleared input) is no value. */
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An address a tool's image may have, checked with `accepts`. */
const imageAddress = (label: string, accepts: (v: string) => boolean) =>
  z
    .string(MSG.imageAddressInvalid(label))
    .trim()
    .max(MAX_URL, MSG.urlTooLong)
    .refine((v) => isCleanLine(v) && accepts(v), MSG.imageAddressInvalid(label));

/** A premium tool's demo: a YouTube or Vimeo link (the only players the pages' CSP frames), or none. */
const demoVideoUrl = z.preprocess(
  emptyAsNull,
  z
    .string(MSG.videoHostUnsupported)
    .trim()
    .max(MAX_URL, MSG.urlTooLong)
    .refine((v) => isCleanLine(v) && isDemoVideoUrl(v), MSG.videoHostUnsupported)
    .nullable(),
);

/** A brand colour as #rrggbb (stored lowercase), or none. */
const brandColor = z.preprocess(
  emptyAsNull,
  z.string(MSG.brandColorInvalid).trim().toLowerCase().regex(BRAND_COLOR, MSG.brandColorInvalid).nullable(),
);

/** A cover image: an https address or one of our uploaded images, or none. */
const coverImage = z.preprocess(emptyAsNull, imageAddress('Cover image', isImageAddress).nullable());

/** An owner's screenshots: https addresses or uploaded images, in the order shown. */
const memberScreenshots = z.preprocess(
  commaListInput,
  z.array(imageAddress('Screenshot', isImageAddress)).max(MAX_SCREENSHOTS, MSG.tooManyScreenshots),
);

/** PATCH /api/admin/tools/{id}: every field optional, lists split on commas. */
export const toolUpdateSchema = z
  .object({
    name: toolName,
    url: httpUrl,
    description: toolDescription,
    tags: z.preprocess(commaListInput, categoryTags),
    curatorTake: textField('Curator take', MAX_CURATOR_TAKE).nullable(),
    qualityScore: qualityScore.nullable(),
    isPremium: z.boolean(),
    screenshots: z.preprocess(
      commaListInput,
      // The owner's rule for each address (https, or an image of ours), the editor's for their number.
      z.array(imageAddress('Screenshot', isImageAddress)).max(10, 'At most 10 screenshots'),
    ),
    videoUrl: demoVideoUrl,
    brandColor,
    coverImage,
    pricingModel,
    targetAudience,
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
    pricingModel,
    targetAudience,
    // Premium listings only (the server refuses them for a free tool): lib/premium-assets.ts.
    screenshots: memberScreenshots,
    videoUrl: demoVideoUrl,
    /** A new logo is uploaded (POST /api/tools/{id}/images) and named by its path. */
    logoUrl: z.string(MSG.logoMustBeUploaded).trim().regex(TOOL_IMAGE_PATH, MSG.logoMustBeUploaded),
    brandColor,
    coverImage,
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
    suspensionReason: textField('Suspension reason', MAX_REASON).nullable(),
  })
  .partial();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const blogPostSchema = z.object({
  title: cleanString('Title', { typeMessage: 'Title is required' })
    .min(1, 'Title is required')
    .max(255, 'Title must be less than 255 characters'),
  content: cleanString('Content', { breaks: true, typeMessage: MSG.contentRequired })
    .min(1, MSG.contentRequired)
    .max(MAX_POST_CONTENT, MSG.textTooLong('Content', MAX_POST_CONTENT)),
  excerpt: textField('Excerpt', MAX_POST_EXCERPT).optional().nullable(),
  slug: lineField('Slug', 255).optional().nullable(),
  status: z.enum(POST_STATUSES, 'Status must be draft or published').optional(),
  /** An image uploaded through POST /api/admin/blog/images (its /uploads/posts/ path), or an address elsewhere. */
  featuredImage: z
    .string(MSG.invalidUrl)
    .trim()
    .max(MAX_URL, MSG.urlTooLong)
    .refine((v) => v === '' || POST_IMAGE_PATH.test(v) || (isCleanLine(v) && isHttpUrl(v)), MSG.invalidUrl)
    .nullable()
    .optional(),
  /** One of the blog's sections; empty or null: none. */
  category: z
    .union([z.enum(POST_CATEGORIES), z.literal(''), z.null()], MSG.postCategoryUnknown(POST_CATEGORIES))
    .optional(),
  tags: commaList('Tags').optional(),
  // No readTime: the server computes it from the content (lib/format.ts computeReadTime).
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** The first message of a failed parse, for a 400 body or a form error. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

// ---- Discontinued tools (docs/decisions/0103) ----

/** The reason is shown on the tool's public page and in /graveyard: one line. */
export const MAX_DISCONTINUED_REASON = 500;

/** A calendar day, YYYY-MM-DD (2026-02-30 is not one). */
const calendarDay = z
  .string(LISTING_MSG.discontinueDateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, LISTING_MSG.discontinueDateInvalid)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, LISTING_MSG.discontinueDateInvalid);

/** POST /api/admin/tools/{id}/discontinue: why (required), and the day it ended (default today; never ahead). */
export const discontinueSchema = z.object({
  reason: z
    .string(LISTING_MSG.discontinueReasonRequired)
    .trim()
    .min(1, LISTING_MSG.discontinueReasonRequired)
    .max(MAX_DISCONTINUED_REASON, MSG.textTooLong('Reason', MAX_DISCONTINUED_REASON))
    .refine(isCleanLine, MSG.controlCharacters('Reason')),
  date: calendarDay.optional(),
});
export type DiscontinueInput = z.infer<typeof discontinueSchema>;
