// The review queue a submitter sees (docs/decisions/0104): the reasons an editor picks when rejecting. Pure: the API,
// the pages and the database schema read it.

export const REJECTION_CODES = [
  'not-a-fit',
  'duplicate',
  'site-unreachable',
  'information-unclear',
  'low-quality',
  'other',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];
