// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
  // --- reader reports ---
  // --- link health ---
  // --- discontinued tools ---
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
