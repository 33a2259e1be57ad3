// The public contact addresses and the legal pages' date, in one place for the legal, help and contact pages.
export { contactEmails, RESPONSE_BUSINESS_DAYS } from '../../lib/contact';
import { ACCOUNT_DELETION_DAYS } from '../../lib/constants';

/** When the terms, privacy and refund policies last changed. */
export const LEGAL_UPDATED = '2026-11-01';

/** Service levels the legal, help and contact pages promise (SPEC.md section 2, Legal pages). */
export const DISPUTE_BUSINESS_DAYS = 5;
export const REFUND_PROCESSING = '5-10 business days';
/** The closed accounts' deletion job runs on the same number (docs/decisions/0097). */
export const DATA_DELETION_DAYS = ACCOUNT_DELETION_DAYS;
export const MINIMUM_AGE = 13;
