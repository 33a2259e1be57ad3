// Claiming a listing (docs/decisions/0099): starting a claim by DNS, meta tag or file (its token shown once), the
// e-mail code and its confirmation, "Check now", and the member's claims with what each asks of them next.
import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages';
import { CLAIM_METHODS, CLAIM_STATUSES, TOKEN_METHODS } from '../claims';
import { LISTING_MSG } from '../listing-messages';
import { registerSchema } from '../schemas';
import { idParamsSchema, timestampSchema } from './common';

const toolSlugSchema = z.string(LISTING_MSG.claimToolMissing).trim().min(1, LISTING_MSG.claimToolMissing).max(255);

/** POST /api/claims: the tool, and the method whose token to place. */
export const startClaimSchema = z.object({
  toolSlug: toolSlugSchema,
  method: z.enum(
    TOKEN_METHODS,
    `method must be one of: ${TOKEN_METHODS.join(', ')} (the e-mail method has its own call)`,
  ),
});

/** POST /api/claims/email: the tool, and an address on its domain to e-mail the code to. */
export const claimEmailSchema = z.object({
  toolSlug: toolSlugSchema,
  address: registerSchema.shape.email,
});

/** POST /api/claims/email/confirm: the tool, and the 6-digit code (spaces around it dropped). */
export const confirmClaimCodeSchema = z.object({
  toolSlug: toolSlugSchema,
  code: z
    .string(ACCOUNT_MSG.codeFormat)
    .trim()
    .regex(/^[0-9]{6}$/, ACCOUNT_MSG.codeFormat),
});

/** POST /api/claims/{id}/check: one of the member's own claims. */
export const claimParamsSchema = idParamsSchema(LISTING_MSG.claimMissing);

/** One of the member's claims, as GET /api/claims lists it and every claim call answers it. */
export const memberClaimSchema = z.strictObject({
  id: z.number(),
  tool: z.strictObject({ slug: z.string(), name: z.string(), url: z.string() }),
  method: z.enum(CLAIM_METHODS),
  status: z.enum(CLAIM_STATUSES),
  /** The registrable domain the claim proves. */
  domain: z.string(),
  /** Where the proof goes: the DNS name, the page, the file's address, or the address the code went to. */
  location: z.string().nullable(),
  /** A pending token's end (7 days), or a pending code's (10 minutes). */
  expiresAt: timestampSchema.nullable(),
  verifiedAt: timestampSchema.nullable(),
  lastCheckedAt: timestampSchema.nullable(),
  recheckDueAt: timestampSchema.nullable(),
  /** A re-check failed (or the yearly confirmation is due): the claim lapses then unless proved first. */
  graceUntil: timestampSchema.nullable(),
  endedAt: timestampSchema.nullable(),
  endReason: z.string().nullable(),
  /** What the claim asks of the member next, in words. */
  next: z.string(),
});
export type MemberClaim = z.infer<typeof memberClaimSchema>;

/** POST /api/claims: the claim, and its token with where to put it, shown this once (only its hash is kept). */
export const startedClaimSchema = z.strictObject({
  claim: memberClaimSchema,
  token: z.string(),
  /** The exact value to place: the TXT record's value, the whole meta tag, or the file's content. */
  value: z.string(),
});

/** POST /api/claims/{id}/check and the e-mail calls: the claim after it, and what the check found, in words. */
export const claimOutcomeSchema = z.strictObject({
  claim: memberClaimSchema,
  verified: z.boolean(),
  message: z.string(),
});
