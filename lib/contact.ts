// The contact addresses and the contact form's topics, shared by the pages and the API.
import { hostOf } from './format';

/**
 * The mail domain: CONTACT_EMAIL_DOMAIN when set, else the site's own host. A local build (localhost) has no
 * mail domain, so it shows example.com rather than an address that looks real and is not.
 */
function mailDomain(site: URL | string | undefined): string {
  const configured = process.env.CONTACT_EMAIL_DOMAIN?.trim();
  if (configured) return configured;
  const host = site ? hostOf(site.toString()) : '';
  return !host || host === 'localhost' || /^[\d.]+$/.test(host) ? 'example.com' : host;
}

export interface ContactEmails {
  support: string;
  partnerships: string;
  press: string;
}

export function contactEmails(site: URL | string | undefined): ContactEmails {
  const domain = mailDomain(site);
  return { support: `support@${domain}`, partnerships: `partnerships@${domain}`, press: `press@${domain}` };
}

/** How soon the team answers (SPEC.md section 2, Legal pages). */
export const RESPONSE_BUSINESS_DAYS = 2;

/** What a contact form message is about. */
export const CONTACT_TOPICS = ['support', 'billing', 'partnerships', 'press', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  support: 'Support',
  billing: 'Billing',
  partnerships: 'Partnerships',
  press: 'Press',
  other: 'Other',
};

/**
 * When a message is due an answer: RESPONSE_BUSINESS_DAYS business days (Monday to Friday, UTC) after it arrived, the
 * answer time the contact page promises and priority support answers first within (docs/decisions/0110).
 */
export function answerDueAt(createdAt: Date | string): Date {
  const due = new Date(createdAt);
  for (let left = RESPONSE_BUSINESS_DAYS; left > 0; ) {
    due.setUTCDate(due.getUTCDate() + 1);
    if (due.getUTCDay() !== 0 && due.getUTCDay() !== 6) left -= 1;
  }
  return due;
}

/** How long a message has waited, in the largest whole unit: '40 min', '5 h', '3 d'. */
export function waitedFor(createdAt: Date | string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}
