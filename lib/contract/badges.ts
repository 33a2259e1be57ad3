// The badges for makers (docs/decisions/0109): the badge's query (/badge/{slug}.svg?style=&theme=) and the member's
// tools that may carry one (GET /api/user/badges), for the dashboard's snippets.
import { z } from 'zod';
import { BADGE_STYLES, BADGE_THEMES, DEFAULT_BADGE_STYLE, DEFAULT_BADGE_THEME } from '../badge';
import { ENGAGE_MSG } from '../engagement-messages';
import { timestampSchema } from './common';

/** The badge's variant and colours; unknown parameters are ignored (a tracker's ?utm_… must not break an image). */
export const badgeQuerySchema = z.object({
  style: z.enum(BADGE_STYLES, ENGAGE_MSG.badgeStyleInvalid).default(DEFAULT_BADGE_STYLE),
  theme: z.enum(BADGE_THEMES, ENGAGE_MSG.badgeThemeInvalid).default(DEFAULT_BADGE_THEME),
});

/** GET /api/user/badges: each listed tool the member submitted or owns as a verified owner, with what its badges say. */
export const badgeToolSchema = z.strictObject({
  toolId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  qualityScore: z.number().int().nullable(),
  /** The last review, else the approval: the month the rated badge names. */
  reviewedAt: timestampSchema.nullable(),
  verifiedOwner: z.boolean(),
});
export type BadgeTool = z.infer<typeof badgeToolSchema>;
