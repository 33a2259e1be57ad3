// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  // --- digest (the admin Newsletter tab, the archive) ---
  // --- follow (follow, save, compare) ---
  // --- badges ---
  // --- premium benefits (featured slots, early access, account managers) ---
} as const;
