// The newsletter's JSON call (docs/decisions/0106): subscribing from an island. The same form posts without
// JavaScript to /newsletter (lib/form-pages.ts); both answer alike whoever the address is.
import { z } from 'zod';
import { MAX_DIGEST_INTRO, digestContentSchema } from '../digest';
import { ENGAGE_MSG } from '../engagement-messages';
import { ISSUE_STATUSES } from '../newsletter';
import { email, textField } from '../schemas';
import { idParamsSchema, timestampSchema } from './common';

/** Where a form subscribes from; a member's own verified address is 'member' (set by the server). */
const SUBSCRIBE_FORM_SOURCES = ['footer', 'newsletter-page'] as const;

/** POST /api/newsletter/subscribe: the address, the form it came from, and the honeypot a person never fills. */
export const subscribeSchema = z.object({
  email,
  source: z.enum(SUBSCRIBE_FORM_SOURCES).catch('newsletter-page'),
  /** The honeypot: hidden from people; a bot that fills it gets the same answer and nothing happens. */
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

// The admin Newsletter tab's calls (docs/decisions/0107): the weekly digest's issues, drafting from the data, the
// intro, the preview, a test to the editor, scheduling. Admins only (manage:newsletter).

export const issueParamsSchema = idParamsSchema(ENGAGE_MSG.digestNotFound);

/** An issue as the tab shows it: its week, its content snapshot and how many news items it has. */
export const adminIssueSchema = z.strictObject({
  id: z.number().int(),
  issueDate: z.string(),
  status: z.enum(ISSUE_STATUSES),
  intro: z.string(),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  scheduledFor: timestampSchema.nullable(),
  sentAt: timestampSchema.nullable(),
  recipients: z.number().int(),
  /** News items (featured slots not counted); fewer than DIGEST_MIN_ITEMS rolls the week into the next issue. */
  items: z.number().int(),
  content: digestContentSchema,
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;

/** PATCH an issue's intro: plain text (line breaks kept), no control characters, at most MAX_DIGEST_INTRO. */
export const issueIntroSchema = z.object({ intro: textField('Intro', MAX_DIGEST_INTRO) });

/** When to send it: a moment ahead, on the issue's own day (UTC). */
export const scheduleIssueSchema = z.object({
  scheduledFor: z.iso.datetime({ offset: true, error: ENGAGE_MSG.digestScheduleInvalid }),
});

/** The preview: the e-mail as a reader without follow updates gets it (shown in a sandboxed frame). */
export const issuePreviewSchema = z.strictObject({ subject: z.string(), html: z.string() });
