// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
  /** How a verified owner proved it, as the mark says it ("Verified owner · by DNS record since ..."). */
  ownerMethod: {
    email: 'by e-mail on its domain',
    dns: 'by DNS record',
    meta: 'by meta tag',
    file: 'by a file on its site',
  },
  verifiedOwner: 'Verified owner',
  /** The card's room is one short line: the full words are its title. */
  cardOwnerMark: 'Owner verified',
  verifiedOwners: (count: number) => `${count} verified owners`,
  ownerSince: (how: string, date: string) => `${how} since ${date}`,
  /** Beside the mark: what verification does not buy. */
  ownerNeutral: 'Verification confirms who runs the tool. It never changes its score or its place in the directory.',
  /** A claim's state as the owner's dashboard and the admin's Claims tab name it. */
  claimStatusLabel: {
    pending: 'Proof not seen yet',
    verified: 'Verified',
    lapsed: 'Lapsed',
    suspended: 'Suspended: the address moved',
    revoked: 'Revoked',
  },
  ownedToolsTitle: 'Tools You Own',
  ownedToolRecordFailed: 'The tool could not be loaded. Please try again.',
  revokeConfirm: (tool: string) => `Revoke this owner of ${tool}? They are e-mailed the reason.`,
  claimNotFound: 'Claim not found',
  revokeReasonRequired: 'Give the owner a reason for revoking (up to 500 characters)',
  claimAlreadyRevoked: 'This claim is already revoked',
  // --- reader reports ---
  // --- link health ---
  // --- discontinued tools ---
  // --- the review queue ---
} as const;
