// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  /** The one answer to every subscribe, whoever the address is (who is subscribed is never told). */
  subscribeSent: 'Check your inbox: we sent a link to confirm your subscription. Nothing is sent until you confirm.',
  subscribeTooMany: 'Too many subscription requests. Please wait an hour and try again.',
  subscribeAddressTooMany: 'Too many subscription requests for this address. Please try again tomorrow.',
  /** A confirmation link that is unknown, used, or older than FORGET_UNCONFIRMED_DAYS. */
  confirmLinkInvalid: 'This confirmation link is not valid any more. Subscribe again to get a new one.',
  confirmed: 'You are subscribed. Welcome! You can change what you receive here at any time.',
  /** A preference link with an unknown token. */
  manageLinkInvalid: 'This link is not valid. Use the link in the newest e-mail from us, or subscribe again.',
  preferencesSaved: 'Your preferences are saved.',
  unfollowed: 'Stopped following.',
  unsubscribed: 'You are unsubscribed from everything. We will not e-mail you again unless you subscribe again.',
  notSubscribed: 'This address is not subscribed: confirm it first, or subscribe again.',
  tokenTooMany: 'Too many requests. Please wait 15 minutes and try again.',
  unknownFollow: 'You do not follow that any more.',
  invalidPreference: 'Unknown preference.',
  oneClickExpected: 'Expected the body List-Unsubscribe=One-Click',
  // --- digest (the admin Newsletter tab, the archive) ---
  // --- follow (follow, save, compare) ---
  // --- badges ---
  // --- premium benefits (featured slots, early access, account managers) ---
} as const;
