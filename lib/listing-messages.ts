// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
  // --- reader reports ---
  // --- link health ---
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
} as const;
