// The review queue a submitter sees (docs/decisions/0104): the reasons an editor picks when rejecting, what each tells
// the submitter about resubmitting, and how the expected decision date is read from the editors' pace. Pure: the API,
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

/** A rejection that named no reason from the list (an older one, or a client sending only the note). */
export const DEFAULT_REJECTION_CODE: RejectionCode = 'other';

interface RejectionReason {
  /** The reason as the admin's list, the e-mail and the dashboard name it. */
  label: string;
  /** Whether sending the same tool again can change the decision: the dashboard offers it, the server allows it. */
  resubmit: boolean;
  /** What the submitter can do next, after the editor's note. */
  advice: string;
}

export const REJECTION_REASONS: Record<RejectionCode, RejectionReason> = {
  'not-a-fit': {
    label: 'Not a fit for the directory',
    resubmit: false,
    advice:
      'The directory lists AI tools for a general audience, and this one is outside it. This decision is final: a resubmission cannot change it.',
  },
  duplicate: {
    label: 'Already listed',
    resubmit: false,
    advice:
      'The tool is already in the directory, so it cannot be resubmitted. If it is yours, claim the existing listing from its page to keep it up to date.',
  },
  'site-unreachable': {
    label: 'Site unreachable',
    resubmit: true,
    advice: 'When the site answers again, resubmit it from your dashboard with Edit & resubmit.',
  },
  'information-unclear': {
    label: 'Information unclear',
    resubmit: true,
    advice:
      'Edit the name, description, categories or pricing so they say clearly what the tool does, then resubmit it from your dashboard.',
  },
  'low-quality': {
    label: 'Does not meet our quality bar yet',
    resubmit: true,
    advice: 'You can resubmit it from your dashboard once the product has clearly improved on the points in the note.',
  },
  other: {
    label: 'Other',
    resubmit: true,
    advice: "Once the editor's note is addressed, resubmit it from your dashboard with Edit & resubmit.",
  },
};

/** The throughput window the expected decision date is read from. */
export const QUEUE_PACE_DAYS = 30;

/**
 * Fewer decisions than this in the window is no pace to promise a date from: the submitter is told the spec's "within
 * 48 hours" instead of an invented date.
 */
const QUEUE_PACE_MIN_DECISIONS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the tool at `position` in the queue can expect its decision: now plus its place over the editors' daily pace
 * (decisions in the last QUEUE_PACE_DAYS / QUEUE_PACE_DAYS), rounded up to whole days; null without a pace to go by.
 */
export function expectedDecisionDate(position: number, decisions: number, now: Date): Date | null {
  if (decisions < QUEUE_PACE_MIN_DECISIONS) return null;
  const perDay = decisions / QUEUE_PACE_DAYS;
  return new Date(now.getTime() + Math.ceil(position / perDay) * DAY_MS);
}
