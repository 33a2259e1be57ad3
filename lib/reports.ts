// Reader reports about a listing (docs/decisions/0101): their types, states and outcomes. Pure: the API, the pages and
// the database schema read it.

export const REPORT_TYPES = [
  'broken-link',
  'discontinued',
  'pricing-wrong',
  'wrong-category',
  'outdated',
  'duplicate',
  'misleading',
  'other',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** new → acknowledged → resolved; a repeat of an open report is a "+1" on it (a vote), not a new row. */
export const REPORT_STATES = ['new', 'acknowledged', 'resolved'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const REPORT_RESOLUTIONS = ['fixed', 'fixed-by-owner', 'no-change', 'duplicate', 'spam'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
