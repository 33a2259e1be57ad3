// The newsletter, the weekly digest and what a reader follows (docs/decisions/0105): the constants the API, the pages
// and the schema share. Pure.
import { utcDay } from './metrics';

/** A subscriber's life: pending until the confirmation page's button is pressed; unsubscribed keeps the consent record. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Where the reader gave consent: the footer's form, /newsletter, a follow by e-mail, or signed in (a member). */
export const CONSENT_SOURCES = ['footer', 'newsletter-page', 'follow', 'member'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The version of the consent text shown beside every subscribe form; recorded with each consent. Bump on change. */
export const CONSENT_TEXT_VERSION = '2026-11-27';
export const CONSENT_TEXT =
  'We send the weekly digest, and updates about what you follow, to this address. Every e-mail has a one-click unsubscribe link.';

/**
 * RFC 8058's one-click unsubscribe: the mail provider POSTs here (?token=) without an Origin or cookies, so the Origin
 * check lets exactly this call through (api/plugins/security.ts); the token is its only key.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** Unconfirmed addresses are forgotten after this many days. */
export const FORGET_UNCONFIRMED_DAYS = 30;

/** A follow asked for a confirmed address by e-mail (docs/decisions/0112): its link lives this many days. */
export const FOLLOW_CONFIRM_DAYS = 7;

/** How updates about what a reader follows arrive: in the weekly digest, or at most one e-mail a day. */
export const ALERT_CADENCES = ['weekly', 'daily'] as const;
export type AlertCadence = (typeof ALERT_CADENCES)[number];

/** What is followed: a tool or a category. */
export const FOLLOW_TARGETS = ['tool', 'category'] as const;
export type FollowTarget = (typeof FOLLOW_TARGETS)[number];

/** Things that happen to a followed tool or category; each is recorded once (follow_events.dedupeKey). */
export const FOLLOW_EVENT_KINDS = [
  'rereview', // a follow-up review, with or without a score change
  'score', // the score changed
  'pricing', // the price or plan changed
  'discontinued',
  'revived',
  'alternative', // a new alternative was listed beside it
  'approved', // a tool newly approved in a followed category
] as const;
export type FollowEventKind = (typeof FOLLOW_EVENT_KINDS)[number];

/** Why an address receives nothing more: the provider said it bounced or the reader marked it spam. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** A newsletter issue: drafted from the data, scheduled, sent (or rolled into the next week for too little news). */
export const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'rolled'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** A week with fewer news items than this rolls into the next issue. */
export const DIGEST_MIN_ITEMS = 3;

/** Resend's batch API takes at most this many e-mails a call. */
export const BATCH_SIZE = 100;

/** Featured slots in one issue (paid placement, shown apart from the editorial list). */
export const SLOTS_PER_ISSUE = 2;
/** Slots a Premium member may book per calendar quarter, by plan. */
export const SLOT_ALLOWANCE = { monthly: 1, annual: 3 } as const;
/** A booking can be moved or cancelled until this many hours before its issue is sent. */
export const SLOT_LOCK_HOURS = 48;
/** The label every featured slot carries, in the e-mail and the archive. */
export const FEATURED_LABEL = 'Featured: paid placement';

/** One line of "Updates to what you follow": an event on a followed tool or category, ready to show. */
export interface FollowUpdate {
  eventId: number;
  kind: FollowEventKind;
  /** The tool it is about (for a category's newly approved tool: that tool). */
  toolName: string;
  toolSlug: string;
  /** Set when it reached the reader through a followed category. */
  category: string | null;
  /** What happened, in a sentence ("Score changed from 7 to 8", "Now Freemium (was Paid)"). */
  text: string;
}

/** The digest goes out weekly on this UTC weekday (0 Sunday, 1 Monday) at ISSUE_SEND_HOUR_UTC:00. */
const ISSUE_SEND_WEEKDAY = 1;
export const ISSUE_SEND_HOUR_UTC = 9;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the issue of `issueDate` (YYYY-MM-DD) is sent: that day at ISSUE_SEND_HOUR_UTC:00 UTC. */
export function issueSendTime(issueDate: string): Date {
  return new Date(`${issueDate}T${String(ISSUE_SEND_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
}

/** The dates (YYYY-MM-DD) of the next `n` issues whose send time is after `now`, soonest first. */
export function nextIssueDates(now: Date, n: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ahead = (ISSUE_SEND_WEEKDAY - new Date(today).getUTCDay() + 7) % 7;
  let first = today + ahead * DAY_MS;
  if (issueSendTime(utcDay(first)) <= now) first += 7 * DAY_MS;
  return Array.from({ length: n }, (_, i) => utcDay(first + i * 7 * DAY_MS));
}
