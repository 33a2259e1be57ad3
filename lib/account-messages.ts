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
  emailVerified: 'Your email address is verified.',
  emailChanged: 'Your email address has been changed.',
  verificationSent: 'We sent a new link and code to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  codeFormat: 'Enter the 6-digit code from the email.',
  tooManyCodes: 'Too many codes tried. Please wait 15 minutes and try again.',
  tooManyEmails: 'Too many emails asked for. Please wait an hour and try again.',
  tooManyChanges: 'Too many changes of email address. Please wait an hour and try again.',
  emailUnchanged: 'That is already your email address.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your address changes once you open it.`,
  emailChangeCancelled: 'The change of email address was cancelled.',
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
  twoFactorCodeTooLong: 'That code is too long',
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
  avatarSaved: 'Profile picture updated',
  avatarRemoved: 'Profile picture removed',
  avatarWrongType: 'Profile picture must be a PNG or JPG image',
  avatarTooManyPixels: 'Profile picture dimensions are too large. Please use an image under 40 megapixels',
  avatarUnreadable: 'The profile picture could not be read. Please choose another PNG or JPG file',
  profileChangesPerHour: 'You have changed your profile too many times in the last hour. Please try again later.',
  avatarUploadsPerHour: 'You have uploaded too many profile pictures in the last hour. Please try again later.',
  /** A device handle that is not one of this account's live sessions (ended meanwhile, or never ours). */
  deviceNotFound: 'That device is not signed in any more',
  devicesPerHour: 'Too many requests about your devices in the last hour. Please try again later.',
  deviceSignedOut: 'Signed out of that device',
  othersSignedOut: (count: number) =>
    count === 1 ? 'Signed out of 1 other device' : `Signed out of ${count} other devices`,
  dataDownloadsPerHour: 'You have downloaded your data too many times in the last hour. Please try again later.',
  // --- end of settings ---

  // --- Closing and restoring an account ---
  lastAdminCannotClose: 'The last administrator account cannot be closed',
  closePasswordRequired: 'Enter your current password to close your account',
  closeWrongPassword: 'The password is not right',
  closeCodeRequired: 'Enter the 6-digit code we e-mailed you',
  closeCodeNotNeeded: 'This account has a password: confirm with it',
  closeCodeSent: 'We e-mailed you a 6-digit code. It is valid for 15 minutes.',
  /** A stray session of a closed account, and the sign-in of a deleted one's leftovers. */
  accountClosed: 'This account is closed',
  /** POST /api/login for a closed account (with the header X-Account-Closed: restore): the island opens /auth/restore. */
  accountClosedRestore: 'Your account is closed. Restore it to sign in.',
  restoreExpired: 'This step has expired. Sign in again to restore your account.',
  /** A pending tool's rejectionReason when its owner closed the account. */
  toolWithdrawnByClosing: 'Withdrawn: the owner closed their account',
  /** Where the admin sees a tool's owner whose account is closed or deleted. */
  ownerAccountClosed: 'owner account closed',
  closedTitle: 'Your account is closed',
  closedNotice: (date: string) => `Your personal data will be deleted on ${date}. Sign in before then to restore it.`,
  // --- end of closing ---

  /** Any link or code that is used, expired, or not this account's: one message, nothing changed. */
  linkInvalid: 'This link or code is invalid or has expired. Please ask for a new one.',
} as const;
