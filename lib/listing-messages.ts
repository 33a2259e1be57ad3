// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
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
  // --- the review queue ---
} as const;
