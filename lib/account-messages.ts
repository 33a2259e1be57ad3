// The messages of the account flows (issue 26, docs/decisions/0092), written once for the islands and the API: reset,
// verification, settings, two-factor sign-in and closing. Each part keeps its own block.
export const ACCOUNT_MSG = {
  // --- Forgot and reset password, change password, the admin's reset e-mail ---
  /** The answer to "Forgot password?", whatever the address: it never tells whether an account exists. */
  resetRequested: 'If an account exists for that address, we have sent it a link to reset the password.',
  /** Too many reset e-mails asked for (from one address, or for one e-mail address). */
  resetTooMany: 'Too many password reset requests. Please wait an hour and try again.',
  /** The new password and its confirmation differ. */
  passwordsDiffer: 'The passwords do not match',
  /** The current password typed on /account is not the account's. */
  currentPasswordWrong: 'Your current password is not right',
  /** The new password is the current one. */
  passwordUnchanged: 'Choose a password different from your current one',
  passwordChanged: 'Password changed. You were signed out on your other devices.',
  passwordChangedTitle: 'Password changed',
  passwordNotChanged: 'Password not changed',
  setPasswordFailed: 'Could not send the link',
  resetByAdminFailed: 'Password reset not sent',
  /** A Google-only account asked to set a password: the link goes to its address. */
  setPasswordSent: 'We have sent you a link to set a password. It works for one hour.',
  /** The admin's "Send password reset". */
  resetSentByAdmin: 'Password reset e-mail sent',
  /** An account deleted after closing: nothing can be sent to it. */
  accountDeleted: 'This account has been deleted',
  // --- end of password ---

  // --- Verifying an address, changing it ---
  emailNotVerified: 'Your email address is not verified yet.',
  // --- end of e-mail ---

  // --- Two-factor sign-in ---
  twoFactorCodeWrong: 'That code is not right. Check your authenticator app and try again.',
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
