// The address calls (docs/decisions/0094): GET /api/account/email, verifying it with the e-mailed code, asking for a new
// code, and changing the address (verified by a link to the new one before it takes effect).
import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages';
import { registerSchema } from '../schemas';

/** GET /api/account/email and the answer of every call that changes it. */
export const accountEmailSchema = z.strictObject({
  email: z.string(),
  verified: z.boolean(),
  /** The new address of a change waiting for its link, or null. */
  pendingEmail: z.string().nullable(),
  /** Whether a change asks for the current password (a Google-only account has none). */
  hasPassword: z.boolean(),
});

/** POST /api/account/email/verify: the 6-digit code of the verification e-mail (spaces around it are dropped). */
export const verifyEmailCodeSchema = z.object({
  code: z
    .string(ACCOUNT_MSG.codeFormat)
    .trim()
    .regex(/^[0-9]{6}$/, ACCOUNT_MSG.codeFormat),
});

/** POST /api/account/email: the new address, and the current password where the account has one. */
export const changeEmailSchema = z.object({
  email: registerSchema.shape.email,
  currentPassword: z.string(ACCOUNT_MSG.currentPasswordRequired).max(200, ACCOUNT_MSG.currentPasswordWrong).optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** GET /auth/verify-link/{token}: the link's token, any text (one that names no live proof is the same refusal). */
export const verifyLinkParamsSchema = z.object({ token: z.string() });
