// The messages of the account flows (issue 26, docs/decisions/0092), written once for the islands and the API: reset,
// verification, settings, two-factor sign-in and closing. Each part keeps its own block.
export const ACCOUNT_MSG = {
  // --- Forgot and reset password, change password, the admin's reset e-mail ---
  /** The answer to "Forgot password?", whatever the address: it never tells whether an account exists. */
  resetRequested: 'If an account exists for that address, we have sent it a link to reset the password.',
  // --- end of password ---

  // --- Verifying an address, changing it ---
  emailNotVerified: 'Your email address is not verified yet.',
  // --- end of e-mail ---

  // --- Two-factor sign-in ---
  twoFactorCodeWrong: 'That code is not right. Check your authenticator app and try again.',
  /** POST /api/login's 401 (with the X-Two-Factor header) when the password was right and a code is still needed. */
  twoFactorRequired: 'Enter the code from your authenticator app to finish signing in.',
  /** The same authenticator code sent twice within its 30 seconds: the second is refused. */
  twoFactorCodeUsed: 'That code has just been used. Wait for the next one in your authenticator app.',
  /** The code step with no live sign-in behind it (expired, spent by wrong codes, or never started). */
  twoFactorSignInExpired: 'Your sign-in has expired. Please sign in again.',
  /** Confirming an enrolment whose QR code has expired or was spent by wrong codes. */
  twoFactorSetupExpired: 'This set-up has expired. Please start again.',
  twoFactorCodeMissing: 'Enter the code from your authenticator app or a recovery code',
  twoFactorTooManyTries: 'Too many codes tried. Please wait 15 minutes and try again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on',
  twoFactorDisabled: 'Two-factor sign-in is off',
  recoveryCodesReplaced: 'New recovery codes made; the old ones no longer work',
  /** REQUIRE_ADMIN_TWO_FACTOR: an isAdmin account without two-factor is refused every admin permission. */
  adminTwoFactorRequired:
    'Administrator accounts must use two-factor sign-in. Turn it on in Account settings (/account), then try again.',
  // --- end of two-factor ---

  // --- Account settings: profile, devices, data ---
  profileSaved: 'Profile saved',
  // --- end of settings ---

  // --- Closing and restoring an account ---
  lastAdminCannotClose: 'The last administrator account cannot be closed',
  // --- end of closing ---

  /** Any link or code that is used, expired, or not this account's: one message, nothing changed. */
  linkInvalid: 'This link or code is invalid or has expired. Please ask for a new one.',
} as const;
