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
