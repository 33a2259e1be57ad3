// Closing an account (docs/decisions/0097): how this account confirms it, the e-mailed code of a Google-only account,
// and the close itself. Restoring is a form of /auth/restore (lib/form-pages.ts), not a JSON call.
import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages';
import { timestampSchema } from './common';

/** GET /api/account/close: what the Close section asks for (the password, or a code for a Google-only account). */
export const closingStateSchema = z.strictObject({
  confirmWith: z.enum(['password', 'code']),
  /** Days until the personal data is removed (ACCOUNT_DELETION_DAYS). */
  deletionDays: z.number().int(),
});
export type ClosingState = z.infer<typeof closingStateSchema>;

/** POST /api/account/close: the current password, or the 6-digit code of POST /api/account/close/code. */
export const closeAccountSchema = z.object({
  password: z.string().max(200, ACCOUNT_MSG.closeWrongPassword).optional(),
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, ACCOUNT_MSG.closeCodeRequired)
    .optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** Its answer: when the personal data will be removed (the browser is signed out by the same answer). */
export const accountClosedSchema = z.strictObject({ deletionDate: timestampSchema });
export type AccountClosed = z.infer<typeof accountClosedSchema>;
