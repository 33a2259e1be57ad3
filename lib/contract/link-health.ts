// The admin Link Health tab's calls (docs/decisions/0102): tools by link state with their last checks
// (GET /api/admin/link-health), a check run now (POST .../{toolId}/recheck) and "ignore blocked" for 90 days
// (POST .../{toolId}/ignore-blocked).
import { z } from 'zod';
import { LINK_HEALTH_VIEWS, LINK_OUTCOMES, LINK_STATES } from '../link-health';
import { TOOL_STATUSES } from '../tool-status';
import { timestampSchema } from './common';

export const linkHealthQuerySchema = z.object({
  show: z.enum(LINK_HEALTH_VIEWS, 'Choose a list: attention, a state, moved, parked or blocked.').default('attention'),
});

const linkCheckSchema = z.strictObject({
  checkedAt: timestampSchema,
  outcome: z.enum(LINK_OUTCOMES),
  status: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  detail: z.string().nullable(),
  attempts: z.number().int(),
  durationMs: z.number().int().nullable(),
});
export type LinkCheckRow = z.infer<typeof linkCheckSchema>;

export const linkHealthRowSchema = z.strictObject({
  toolId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  toolStatus: z.enum(TOOL_STATUSES),
  state: z.enum(LINK_STATES),
  failStreak: z.number().int(),
  lastOutcome: z.enum(LINK_OUTCOMES).nullable(),
  lastStatus: z.number().int().nullable(),
  lastCheckedAt: timestampSchema.nullable(),
  failingSince: timestampSchema.nullable(),
  movedTo: z.string().nullable(),
  nextCheckAt: timestampSchema.nullable(),
  ignoreBlockedUntil: timestampSchema.nullable(),
  /** The latest checks, newest first (five at most). */
  checks: z.array(linkCheckSchema),
});
export type LinkHealthRow = z.infer<typeof linkHealthRowSchema>;

/** A recheck's answer: the check it ran and the tool's row after it. */
export const linkRecheckSchema = z.strictObject({ check: linkCheckSchema, health: linkHealthRowSchema });
