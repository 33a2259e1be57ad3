// The admin Newsletter tab's calls (docs/decisions/0107): the weekly digest's issues, drafting from the data, the
// intro, the preview, a test to the editor, scheduling. Admins only (manage:newsletter).
import { z } from 'zod';
import { MAX_DIGEST_INTRO, digestContentSchema } from '../digest';
import { ENGAGE_MSG } from '../engagement-messages';
import { ISSUE_STATUSES } from '../newsletter';
import { textField } from '../schemas';
import { idParamsSchema, timestampSchema } from './common';

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
