// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  claimToolMissing: 'Only a tool listed in the directory can be claimed.',
  claimNoDomain: "This tool's address has no domain to prove, so it cannot be claimed.",
  claimAlreadyOwner: 'You are already a verified owner of this tool.',
  claimRevoked:
    'An admin ended your ownership of this tool, so it cannot be claimed again from here. Contact us if you think this is a mistake.',
  claimMissing: 'Claim not found',
  claimTokenExpired: 'This token has expired. Start again to get a new one.',
  claimEnded: 'This claim has ended. Start again to prove you own the tool.',
  claimIsEmail: 'This claim is proved by an e-mail code: enter the code, or send a new one.',
  claimDnsSharedHost: (domain: string) =>
    `${domain} is on a shared host whose DNS belongs to the host: prove it with a meta tag or a file instead.`,
  claimEmailSharedHost: (domain: string) =>
    `${domain} is on a shared host, so an e-mail address cannot prove it: use a meta tag or a file instead.`,
  claimEmailFreeMail: (domain: string) =>
    `An address at a free e-mail provider cannot prove ownership: use an address on ${domain}.`,
  claimEmailNotOnDomain: (domain: string) => `Use an address on ${domain} (or one of its subdomains).`,
  claimCodeSent: (address: string) => `We sent a 6-digit code to ${address}. It works for 10 minutes.`,
  claimCodeWrong: 'That code is not right. Check the e-mail, or send a new code.',
  claimNoCode: 'There is no live code for this tool: it expired, was used, or was tried too often. Send a new code.',
  claimTooManyStarts: 'Too many claims started. Please wait an hour and try again.',
  claimTooManyChecks: 'Too many checks. Please wait an hour and try again.',
  claimTooManyEmails: 'Too many codes sent. Please wait an hour and try again.',
  claimTooManyCodes: 'Too many codes tried. Please wait 15 minutes and try again.',
  claimVerified: (tool: string) => `You are now a verified owner of ${tool}.`,
  claimConfirmed: (tool: string) => `Confirmed: you remain a verified owner of ${tool}.`,
  /** What a check found when the proof was not there (each names the place it looked). */
  claimDnsNone: (name: string) =>
    `No TXT record was found at ${name}. A new record can take a while to appear: try again later.`,
  claimDnsWrong: (name: string) => `TXT records were found at ${name}, but none holds your token.`,
  claimMetaNone: (url: string) => `No <meta name="aitools-verify"> tag was found on ${url}.`,
  claimMetaWrong: (url: string) => `The tag on ${url} holds another token.`,
  claimPageStatus: (url: string, status: number) => `${url} answered with status ${status}.`,
  claimFileNotFound: (url: string) => `${url} was not found (404).`,
  claimFileWrong: (url: string) => `${url} was found, but it does not hold your token.`,
  claimOffSite: (url: string) => `${url} redirects to another site: the proof must be on the tool's own domain.`,
  claimPrivate: (url: string) => `${url} leads to an address that is not public, so it was not checked.`,
  claimTooLarge: (url: string, kb: number) =>
    `${url} is larger than ${kb} KB: put the tag near the top of the page's <head>, or use a file or DNS instead.`,
  claimUnreachable: (url: string) => `${url} could not be reached (no answer, a DNS or certificate error).`,
  /** What a member's claim asks of them next (GET /api/claims). */
  claimNextToken:
    'Place your token where shown, then press Check now. Lost it? Get a new token: the old one stops working.',
  claimNextCode: (address: string) => `Enter the code we e-mailed to ${address}, or send a new one.`,
  claimNextVerified: 'Nothing to do: keep the proof in place; we check it every 30 days.',
  claimNextVerifiedEmail: 'Nothing to do: we ask you to confirm with a new code once a year.',
  claimNextGrace: (date: string) => `Your proof could not be found: put it back before ${date}, or the claim lapses.`,
  claimNextConfirm: (date: string) => `Confirm with a new code before ${date}, or the claim lapses.`,
  claimNextStartAgain: 'Start again to prove you own the tool.',
  claimNextRevoked: (reason: string) => `An admin ended this claim: ${reason}`,
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
  ownedToolsTitle: 'Tools You Own',
  ownedToolRecordFailed: 'The tool could not be loaded. Please try again.',
  revokeConfirm: (tool: string) => `Revoke this owner of ${tool}? They are e-mailed the reason.`,
  revokeReasonRequired: 'Give the owner a reason for revoking (up to 500 characters)',
  claimAlreadyRevoked: 'This claim is already revoked',
  // --- reader reports ---
  // --- link health ---
  /** The tool page before its script says how long ago (and with JavaScript off). */
  linkCheckedOn: (date: string) => `Link checked on ${date}`,
  /** From failing on, on the tool page. */
  linkUnreachable: (host: string, date: string) => `We could not reach ${host} since ${date}.`,
  linkDown: (host: string, date: string) =>
    `We could not reach ${host} since ${date}. The tool may have closed or moved; our editors have been told.`,
  linkCheckNeedsApprovedTool: 'Only approved tools have their link checked.',
  linkRecheckTooMany: 'Too many rechecks: please wait a few minutes and try again.',
  linkNotBlocked: 'The last check of this tool was not blocked: there is nothing to ignore.',
  linkNoChecks: 'No tool in this list.',
  linkDiscontinueReason: 'Say why the tool is discontinued: visitors read it on its page.',
  linkRechecked: 'Link checked',
  linkRecheckFailed: 'Could not check the link',
  linkIgnored: 'Blocked checks ignored for 90 days',
  linkIgnoreFailed: 'Could not ignore blocked checks',
  linkUrlUpdated: 'Address updated: it is checked again at once',
  linkUrlUpdateFailed: 'Could not update the address',
  linkDiscontinued: 'Tool marked discontinued',
  linkDiscontinueFailed: 'Could not mark the tool discontinued',
  // --- discontinued tools ---
  discontinueReasonRequired: 'A reason is required to mark a tool discontinued',
  discontinueDateInvalid: 'Date must be a day written as YYYY-MM-DD',
  discontinueDateFuture: 'The date a tool was discontinued cannot be in the future',
  onlyListedDiscontinued: 'Only approved or unlisted tools can be marked discontinued',
  onlyDiscontinuedRevived: 'Only discontinued tools can be listed again',
  discontinuedOn: (date: string) => `Discontinued on ${date}`,
  discontinuedArchive: 'See the site as it was (Wayback Machine)',
  discontinuedAlternatives: (name: string) => `${name} is no longer available. Try one of these instead:`,
  discontinuedVisit: 'Site discontinued',
  includeDiscontinued: 'Include discontinued tools',
  graveyardTitle: 'Discontinued AI tools',
  graveyardIntro:
    'Tools that were listed here and have since shut down. Each keeps its page, with why it ended, a copy of its site on the Wayback Machine and its alternatives.',
  graveyardEmpty: 'No tool in the directory has been discontinued.',
  graveyardLink: 'Discontinued tools',
  discontinuedBadge: 'Discontinued',
  discontinueAction: 'Mark discontinued',
  reviveAction: 'List again',
  discontinued: (name: string) => `${name} marked discontinued`,
  revived: (name: string) => `${name} is listed again`,
  discontinueFailed: 'Failed to mark the tool discontinued',
  reviveFailed: 'Failed to list the tool again',
  // --- the review queue ---
  queueNoPace: 'decision expected within 48 hours',
  queuePlace: (position: number, length: number) => `#${position} of ${length} in the review queue`,
  queueExpected: (date: string) => `decision expected by ${date}`,
  queuePremiumNote: "Premium changes a submission's place in the queue, never the decision or the score.",
  changesRequested: 'Changes requested',
  changesRequestedHint: 'Edit your submission to send it back to the editors; it keeps its place in the queue.',
  requestChangesNoteRequired: 'Say what should change',
  requestChangesFailed: 'Failed to request changes',
  onlyPendingChangesRequested: 'Changes can be asked for only while a tool awaits review',
  resubmitRefused: (label: string) => `This submission cannot be resubmitted: it was rejected as "${label}"`,
} as const;
