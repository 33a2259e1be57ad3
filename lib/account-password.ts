// The password forms' schemas (docs/decisions/0093), shared by the islands and the API: "Forgot password?", the reset
// page's new password and the change on /account.
import { z } from 'zod';
import { ACCOUNT_MSG } from './account-messages';
import { loginSchema, newPassword } from './schemas';

/** The longest current password the change form takes (the same cap as a new one). */
const MAX_CURRENT_PASSWORD = 200;

/** POST /api/account/password/forgot and the /auth/forgot form: the address to send the link to. */
export const forgotPasswordSchema = loginSchema.pick({ email: true });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The new password and, when the form has it, its confirmation. */
const newPasswordFields = {
  password: newPassword,
  confirmPassword: z.string(ACCOUNT_MSG.passwordsDiffer).optional(),
};
/** A confirmation that was sent must match. */
const matches = (v: { password: string; confirmPassword?: string }) =>
  v.confirmPassword === undefined || v.confirmPassword === v.password;
const differ = { message: ACCOUNT_MSG.passwordsDiffer, path: ['confirmPassword'] };

/** The /auth/reset form (posted with the link's token in its cookie): the new password. */
export const resetPasswordSchema = z.object(newPasswordFields).refine(matches, differ);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/account/password: the current password and the new one. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string(ACCOUNT_MSG.currentPasswordWrong)
      .min(1, ACCOUNT_MSG.currentPasswordWrong)
      .max(MAX_CURRENT_PASSWORD, ACCOUNT_MSG.currentPasswordWrong),
    ...newPasswordFields,
  })
  .refine(matches, differ);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
