// Two-factor sign-in calls: the account's state, enrolment with an authenticator app, turning it off, new recovery
// codes (GET/POST /api/account/two-factor...), and the code step of a sign-in (POST /api/login/two-factor).
import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages';
import { timestampSchema } from './common';

/** A code typed by hand: six digits from the app (spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.strictObject({
  code: z
    .string(ACCOUNT_MSG.twoFactorCodeMissing)
    .trim()
    .min(1, ACCOUNT_MSG.twoFactorCodeMissing)
    .max(40, ACCOUNT_MSG.twoFactorCodeTooLong),
});

/** GET /api/account/two-factor: whether it is on, since when, and how many recovery codes are still unused. */
export const twoFactorStatusSchema = z.strictObject({
  enabled: z.boolean(),
  enabledAt: timestampSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
});

/** POST /api/account/two-factor/setup: the new secret as a QR code (SVG), its otpauth:// URI, and as text to type. */
export const twoFactorSetupSchema = z.strictObject({
  otpauthUri: z.string(),
  qrSvg: z.string(),
  secret: z.string(),
});

/** The ten new recovery codes, shown this once (enable, new recovery codes). */
export const recoveryCodesSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
