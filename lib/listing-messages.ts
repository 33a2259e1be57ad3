// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
  // --- reader reports ---
  reportTypeRequired: 'Choose what is wrong with the listing',
  reportMessageRequired: 'Tell us what is wrong in at least 10 characters',
  reportNoticedOnInvalid: 'Give the date you noticed it as a past day (YYYY-MM-DD)',
  reportPricingRequired: 'Choose the right pricing model',
  reportCategoryRequired: 'Choose the category it belongs in',
  reportPartInvalid: 'Choose which part is out of date',
  reportOtherListingRequired: 'Give the address or name of the other listing',
  reportClaimRequired: 'Say what is misleading or unsafe',
  reportOtherListingUnknown: 'The other listing was not found in the directory',
  reportOtherListingSame: 'The other listing must be another tool',
  reportToolNotReportable: 'Only tools listed in the directory take reports',
  reportTooMany: 'Too many reports from here. Please wait an hour and try again.',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report is already resolved',
  reportAlreadyAcknowledged: 'This report is already acknowledged',
  reportNoteRequired: 'Write a note saying what was done',
  reportResolutionRequired: 'Choose how the report was resolved',
  reportMergeTargetUnknown: 'Merge into an open report of the same tool (its reference, e.g. R-7KQ2M9)',
  reportMergeSelf: 'A report cannot be merged into itself',
  reportSentTitle: 'Thank you: your report was sent',
  reportFailedTitle: 'Report not sent',
  reportReceived: 'Report received',
  reportAcknowledged: 'Report acknowledged',
  reportResolved: 'Report resolved',
  reportMerged: 'Report merged',
  reportActionFailed: 'Could not update the report',
  // --- link health ---
  // --- discontinued tools ---
  // --- the review queue ---
} as const;
