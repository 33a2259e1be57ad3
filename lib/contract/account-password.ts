// The password calls of the account (docs/decisions/0093): "Forgot password?", the reset page's new password, the
// change on /account (and "Set a password" for a Google-only account), and whether the account has a password at all.
import { z } from 'zod';

export {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  type ChangePasswordInput,
} from '../account-password';

/** GET /api/account/password: whether the account signs in with a password (a Google-only one does not). */
export const passwordStateSchema = z.strictObject({ hasPassword: z.boolean() });
