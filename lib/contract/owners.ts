// The contract of what a verified owner gets (docs/decisions/0099): the tools a member owns, and the admin's claims
// with revoke.
import { z } from 'zod';
import { CLAIM_METHODS, CLAIM_STATUSES } from '../claims';
import { TOOL_STATUSES } from '../tool-status';
import { personSchema, timestampSchema } from './common';

/** The dates of a claim both lists show: when it was started, proved, last checked, is due again, ends its grace, ended. */
const claimDates = {
  createdAt: timestampSchema,
  verifiedAt: timestampSchema.nullable(),
  lastCheckedAt: timestampSchema.nullable(),
  recheckDueAt: timestampSchema.nullable(),
  graceUntil: timestampSchema.nullable(),
  endedAt: timestampSchema.nullable(),
};

/** GET /api/owners/tools: each tool the member has claimed, with its claim's state and, once ended, why. */
export const ownedToolSchema = z.strictObject({
  claimId: z.number().int(),
  toolId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The tool's own status: only an approved one takes change requests and has a public page. */
  status: z.enum(TOOL_STATUSES),
  method: z.enum(CLAIM_METHODS),
  claimStatus: z.enum(CLAIM_STATUSES),
  ...claimDates,
  endReason: z.string().nullable(),
  /** A change request of the tool is waiting for review (one per tool, whoever sent it). */
  pendingChangeRequest: z.boolean(),
});
export type OwnedTool = z.infer<typeof ownedToolSchema>;

/** GET /api/admin/claims: every claim, or those in one status. */
export const adminClaimsQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, `status must be one of: ${CLAIM_STATUSES.join(', ')}`).optional(),
});

/** One claim in the admin's Claims tab: the tool, the member, how and when, and who ended it why. */
export const adminClaimSchema = z.strictObject({
  id: z.number().int(),
  tool: z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.enum(TOOL_STATUSES) }),
  member: personSchema.nullable(),
  method: z.enum(CLAIM_METHODS),
  status: z.enum(CLAIM_STATUSES),
  domain: z.string(),
  /** The address on the tool's domain that received the code (e-mail claims). */
  email: z.string().nullable(),
  expiresAt: timestampSchema.nullable(),
  ...claimDates,
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export { revokeClaimSchema } from '../schemas';
