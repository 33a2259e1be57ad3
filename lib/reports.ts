// Reader reports about a listing (docs/decisions/0101): their types, states and outcomes. Pure: the API, the pages and
// the database schema read it.
import { pricingLabel, tagLabel } from './format';

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

/** Open reports: a repeat of one is a "+1" on it; resolved ones are history. */
export const OPEN_REPORT_STATES = ['new', 'acknowledged'] as const satisfies readonly ReportState[];

/** Resolutions that changed the listing: the tool's public history says so (a tool note). */
export const LISTING_CHANGING_RESOLUTIONS = ['fixed', 'fixed-by-owner'] as const satisfies readonly ReportResolution[];

/** What the reporter's message may hold (characters). */
export const MAX_REPORT_MESSAGE = 1000;

/** A report's reference as the reporter is given it: R- and six characters of Crockford's base 32 (no I, L, O, U). */
export const REPORT_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REPORT_REFERENCE_SHAPE = /^R-[0-9A-HJKMNP-TV-Z]{6}$/;

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  'broken-link': 'Broken link',
  discontinued: 'Discontinued',
  'pricing-wrong': 'Pricing is wrong',
  'wrong-category': 'Wrong category',
  outdated: 'Outdated information',
  duplicate: 'Duplicate listing',
  misleading: 'Misleading or unsafe',
  other: 'Something else',
};

/** What each type means, as the report page offers it. */
export const REPORT_TYPE_HINTS: Record<ReportType, string> = {
  'broken-link': 'The site does not open, shows an error or lands somewhere else.',
  discontinued: 'The tool has shut down or is no longer offered.',
  'pricing-wrong': 'The listing shows the wrong pricing model.',
  'wrong-category': 'The tool belongs in another category.',
  outdated: 'The description, audience or screenshots are out of date.',
  duplicate: 'The same tool is listed twice.',
  misleading: 'The listing or the tool misleads people or is unsafe.',
  other: 'Anything else that is wrong with this listing.',
};

export const REPORT_STATE_LABELS: Record<ReportState, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export const REPORT_RESOLUTION_LABELS: Record<ReportResolution, string> = {
  fixed: 'Fixed',
  'fixed-by-owner': 'Fixed by the owner',
  'no-change': 'No change needed',
  duplicate: 'Duplicate',
  spam: 'Spam',
};

/** The line a fixing resolution adds to the tool's public review history (never naming who reported). */
export const REPORT_NOTE_TEXT: Record<ReportType, string> = {
  'broken-link': 'Link corrected after a reader report',
  discontinued: 'Status corrected after a reader report that the tool was discontinued',
  'pricing-wrong': 'Pricing corrected after a reader report',
  'wrong-category': 'Category corrected after a reader report',
  outdated: 'Information updated after a reader report',
  duplicate: 'Duplicate listing merged after a reader report',
  misleading: 'Listing corrected after a reader report that it was misleading',
  other: 'Listing corrected after a reader report',
};

/** The parts of a listing an "outdated" report can name. */
export const OUTDATED_PARTS = ['description', 'audience', 'screenshots', 'name', 'other'] as const;
export type OutdatedPart = (typeof OUTDATED_PARTS)[number];
export const OUTDATED_PART_LABELS: Record<OutdatedPart, string> = {
  description: 'The description',
  audience: 'Who it is for',
  screenshots: 'The screenshots',
  name: 'The name',
  other: 'Something else',
};

/** Each type's structured fields (the form's names too, and the keys of a report's details). */
export const REPORT_DETAIL_FIELDS = {
  'broken-link': ['noticedOn'],
  discontinued: ['noticedOn'],
  'pricing-wrong': ['pricingModel'],
  'wrong-category': ['category'],
  outdated: ['part'],
  duplicate: ['otherListing'],
  misleading: ['claim'],
  other: [],
} as const satisfies Record<ReportType, readonly string[]>;

/** The field of the admin's tool editor a report of each type is about (null: no one field). */
export const REPORT_EDITOR_FIELD: Record<ReportType, 'url' | 'pricingModel' | 'tags' | 'description' | null> = {
  'broken-link': 'url',
  discontinued: null,
  'pricing-wrong': 'pricingModel',
  'wrong-category': 'tags',
  outdated: 'description',
  duplicate: null,
  misleading: 'description',
  other: null,
};

/** Types whose message is required: without it the editors would not know what to look at. */
export const MESSAGE_REQUIRED_TYPES: readonly ReportType[] = ['outdated', 'other'];

/** A report's structured fields as lines an owner or editor reads; `withFreeText`: also what the reader typed. */
export function detailLines(type: ReportType, details: Record<string, string>, withFreeText: boolean): string[] {
  const lines: string[] = [];
  if (details.noticedOn) lines.push(`Noticed on ${details.noticedOn}`);
  if (details.pricingModel) lines.push(`The right pricing: ${pricingLabel(details.pricingModel)}`);
  if (details.category) lines.push(`Suggested category: ${tagLabel(details.category)}`);
  if (details.part) lines.push(`Out of date: ${OUTDATED_PART_LABELS[details.part as OutdatedPart] ?? details.part}`);
  if (details.otherListing) lines.push(`The other listing: /tool/${details.otherListing}`);
  if (withFreeText && type === 'misleading' && details.claim) lines.push(`What is misleading: ${details.claim}`);
  return lines;
}

/** How long ago a report was last made (the Reports tab's filter): within a day, a week, a month, or longer ago. */
export const REPORT_AGES = ['day', 'week', 'month', 'older'] as const;
export type ReportAge = (typeof REPORT_AGES)[number];
