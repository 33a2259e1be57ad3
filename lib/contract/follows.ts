// Following tools and categories, saved tools (docs/decisions/0108): the calls of the tool and category pages' islands
// and of the dashboard's "Saved tools". The no-JavaScript forms post the same fields urlencoded (lib/form-pages.ts).
import { z } from 'zod';
import { ENGAGE_MSG } from '../engagement-messages';
import { FOLLOW_TARGETS } from '../newsletter';
import { blankAsAbsent, email } from '../schemas';

/** What is followed: a tool by its slug, or a category by its id. */
export const followTargetSchema = z.object({
  target: z.enum(FOLLOW_TARGETS, ENGAGE_MSG.followTargetUnknown),
  id: z.string(ENGAGE_MSG.followTargetUnknown).trim().min(1, ENGAGE_MSG.followTargetUnknown).max(200),
});
export type FollowTargetInput = z.infer<typeof followTargetSchema>;

/** POST /api/follows: signed in, the account's address follows at once; signed out, `email` (double opt-in). */
export const followSchema = followTargetSchema.extend({
  email: blankAsAbsent(email),
  /** The honeypot, which people leave empty. */
  website: z.string().max(500).optional(),
});
export type FollowInput = z.infer<typeof followSchema>;

/** A follow's state: 'following' counts now, 'pending' once the address is confirmed. */
export const followOutcomeSchema = z.strictObject({
  status: z.enum(['following', 'pending', 'not-following']),
  message: z.string(),
});
export type FollowOutcome = z.infer<typeof followOutcomeSchema>;

/** GET /api/follows/state: what the signed-in member's island shows on a tool or category page. */
export const followStateSchema = z.strictObject({ following: z.boolean(), saved: z.boolean() });

/** POST /api/saved-tools. */
export const saveToolSchema = z.object({
  slug: z.string(ENGAGE_MSG.followTargetUnknown).trim().min(1, ENGAGE_MSG.followTargetUnknown).max(200),
});

/** A saved tool as the dashboard lists it, newest first. */
const savedToolSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  description: z.string(),
  savedAt: z.date(),
});
export type SavedTool = z.infer<typeof savedToolSchema>;
export const savedToolsSchema = z.array(savedToolSchema);
