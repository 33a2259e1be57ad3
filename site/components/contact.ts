// The public contact addresses and the legal pages' date, in one place for the legal, help and contact pages.
import { hostOf } from '../../lib/format';

/**
 * The mail domain: CONTACT_EMAIL_DOMAIN when set, else the site's own host. A local build (localhost) has no
 * mail domain, so it shows example.com rather than an address that looks real and is not.
 */
function mailDomain(site: URL | undefined): string {
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

export function contactEmails(site: URL | undefined): ContactEmails {
  const domain = mailDomain(site);
  return { support: `support@${domain}`, partnerships: `partnerships@${domain}`, press: `press@${domain}` };
}

/** When the terms, privacy and refund policies last changed. */
export const LEGAL_UPDATED = '2026-11-01';

/** Service levels the legal, help and contact pages promise (SPEC.md section 2, Legal pages). */
export const RESPONSE_BUSINESS_DAYS = 2;
export const DISPUTE_BUSINESS_DAYS = 5;
export const REFUND_PROCESSING = '5-10 business days';
export const DATA_DELETION_DAYS = 30;
export const MINIMUM_AGE = 13;
