// Discontinued tools (docs/decisions/0103): the admin's calls to mark a tool discontinued and to list it again. The
// answers are the tool's record (lib/contract/tools.ts), as the other moderation calls answer.
import { z } from 'zod';
import { LISTING_MSG } from '../listing-messages';
import { MSG } from '../messages';
import { isCleanLine } from '../schemas';

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
