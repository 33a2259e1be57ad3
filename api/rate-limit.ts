// Fixed-window counters in the database for sign-ins, registrations, submissions and the public API
// (docs/decisions/0003, 0022, 0036). Each attempt is counted atomically *before* the costly work it
// guards, so neither sequential nor parallel requests can get past a limit.
import { isIP } from 'node:net';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { db, type Transaction } from '../db/client';
import { MSG } from '../lib/messages';
import { config } from './config';
import { HttpError } from './plugins/errors';
// The table is named for its first use; its keys carry their kind, so it holds every limit.
import { loginThrottle as counters } from '../db/schema';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Attempts allowed per window; one more answers 429. */
export const RATE_LIMITS = {
  /** Sign-in attempts from one address, whatever the e-mail: a flood is refused before hashing. */
  'login-address': { limit: 30, windowMs: 15 * MINUTE },
  /** Sign-in attempts from one address for one e-mail: a guesser locks out only itself. */
  'login-pair': { limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one e-mail from anywhere; past it only clients that have not failed for it may try. */
  'login-account': { limit: 20, windowMs: 15 * MINUTE },
  register: { limit: 20, windowMs: 15 * MINUTE },
  'submit-account-hour': { limit: 5, windowMs: HOUR },
  'submit-account-day': { limit: 20, windowMs: 24 * HOUR },
  'submit-address-hour': { limit: 20, windowMs: HOUR },
  'submit-address-day': { limit: 60, windowMs: 24 * HOUR },
  /** Contact form messages from one address (docs/decisions/0056-contact-messages.md). */
  'contact-address': { limit: 5, windowMs: HOUR },
  /** Images an owner uploads for their premium tools (each is decoded and re-encoded). */
  'tool-images-account-hour': { limit: 60, windowMs: HOUR },
  /** Codes typed to verify an account's address, right or wrong (each proof also takes only 5 wrong ones). */
  'verify-email-code': { limit: 10, windowMs: 15 * MINUTE },
  /** Verification e-mails an account asks for again. */
  'verify-email-send': { limit: 3, windowMs: HOUR },
  /** Changes of address an account asks for or cancels: each checks a password and sends two e-mails. */
  'email-change-account': { limit: 5, windowMs: HOUR },
  /** Verification links opened from one address (docs/decisions/0094). */
  'verify-link-address': { limit: 30, windowMs: 15 * MINUTE },
  /** The account page (docs/decisions/0096), per account: name and avatar changes, avatar uploads (each decoded and
   * re-encoded), the devices list and its sign-outs, and the data file (every table of the account read at once). */
  'account-profile': { limit: 30, windowMs: HOUR },
  'account-avatar': { limit: 10, windowMs: HOUR },
  'account-devices': { limit: 120, windowMs: HOUR },
  'account-data': { limit: 5, windowMs: HOUR },
  /** Tries to confirm closing one account (password or code), counted before the password is hashed. */
  'close-account': { limit: 5, windowMs: 15 * MINUTE },
  /** Codes e-mailed to one Google-only account to confirm closing it. */
  'close-code': { limit: 5, windowMs: HOUR },
  /** Restores asked for from one address (each a lookup of a restore token). */
  'restore-address': { limit: 30, windowMs: 15 * MINUTE },
  /** Two-factor codes typed for one account (sign-in step, enrol, turn off, new recovery codes); right ones given back. */
  'two-factor-account': { limit: 10, windowMs: 15 * MINUTE },
  /** Two-factor codes (and new enrolments) from one address, whatever the account. */
  'two-factor-address': { limit: 30, windowMs: 15 * MINUTE },
  /** New authenticator secrets (QR codes) one account asks for. */
  'two-factor-setup': { limit: 10, windowMs: 15 * MINUTE },
  /**
   * One authenticator time step of one account: its code works once (decision 0095). The window outlasts the 90 s a
   * code is accepted for (its step and one either side).
   */
  'two-factor-step': { limit: 1, windowMs: 3 * MINUTE },
  /** "Forgot password?" and "Set a password" from one address, whatever the e-mail (docs/decisions/0093). */
  'reset-request-address': { limit: 10, windowMs: HOUR },
  /** Reset e-mails asked for one e-mail address, known or not, so a member's inbox cannot be flooded. */
  'reset-request-email': { limit: 3, windowMs: HOUR },
  /** Reset links opened from one address (a dead one renders the reset page with its message). */
  'reset-link-address': { limit: 30, windowMs: 15 * MINUTE },
  /** New passwords posted to /auth/reset from one address (each costs a hash when its link is live). */
  'reset-post-address': { limit: 10, windowMs: 15 * MINUTE },
  /** Current-password checks of "Change password", per account and per address, as a sign-in is throttled. */
  'password-change-account': { limit: 5, windowMs: 15 * MINUTE },
  'password-change-address': { limit: 30, windowMs: 15 * MINUTE },
  /** Reset e-mails the admins send one account. */
  'admin-reset-account': { limit: 3, windowMs: HOUR },
  /** Claiming a listing (docs/decisions/0099), per member: claims started (each a new token), "Check now" (each
   * fetches the member's site or asks DNS), codes e-mailed and codes typed; and codes e-mailed to one address. */
  'claim-start-account': { limit: 20, windowMs: HOUR },
  'claim-check-account': { limit: 10, windowMs: HOUR },
  'claim-email-account': { limit: 5, windowMs: HOUR },
  'claim-email-address': { limit: 3, windowMs: HOUR },
  'claim-code-account': { limit: 10, windowMs: 15 * MINUTE },
  /** Link checks an admin runs by hand (each fetches a site, up to three times): per account (docs/decisions/0102). */
  'link-recheck-account': { limit: 30, windowMs: 15 * MINUTE },
  /** Reader reports (docs/decisions/0101) from one address, and from one account when signed in ("+1"s count too). */
  'report-address': { limit: 10, windowMs: HOUR },
  'report-address-day': { limit: 30, windowMs: 24 * HOUR },
  'report-account': { limit: 10, windowMs: HOUR },
  /** Follows and unfollows (docs/decisions/0108) from one address (each may send a confirmation e-mail), and one
   * account's; saving and unsaving tools, per account. */
  'follow-address': { limit: 30, windowMs: HOUR },
  'follow-account': { limit: 60, windowMs: HOUR },
  /** Follows by e-mail for one address, whoever asks (each may e-mail it: docs/decisions/0112). */
  'follow-email': { limit: 10, windowMs: 24 * HOUR },
  'saved-account': { limit: 120, windowMs: HOUR },
  /** Newsletter subscribes (docs/decisions/0106) from one client address, and for one e-mail address whoever asks:
   * each may send a confirmation e-mail (at most one every CONFIRM_RESEND_MINUTES besides). */
  'subscribe-address': { limit: 20, windowMs: HOUR },
  'subscribe-email': { limit: 5, windowMs: 24 * HOUR },
  /** The newsletter's token pages and their posts (confirm, preferences, one-click unsubscribe) from one address:
   * each looks a token up. */
  'newsletter-token-address': { limit: 60, windowMs: 15 * MINUTE },
  /** The Premium benefits (docs/decisions/0110), per account: featured slots booked, moved or cancelled, and direct
   * messages to the account manager (each an e-mail to them). */
  'slot-change-account': { limit: 30, windowMs: HOUR },
  'manager-message-account': { limit: 5, windowMs: HOUR },
  /** Requests to the public API (/api/v1) from one address. */
  'public-api': { limit: config.publicApiRateLimit, windowMs: MINUTE },
} as const;

type RateKind = keyof typeof RATE_LIMITS;

/**
 * The part of a client address one client controls: IPv6 hands out a /64 to a single customer,
 * so every address in it counts as one; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function rateKey(kind: RateKind, ...parts: (string | number)[]): string {
  return `${kind}:${parts.map((p) => String(p).toLowerCase()).join('|')}`;
}

function limitOf(key: string) {
  return RATE_LIMITS[key.slice(0, key.indexOf(':')) as RateKind];
}

/** True when a count taken for the key (this attempt included) is past the key's limit. */
export function isOver(key: string, count: number): boolean {
  return count > limitOf(key).limit;
}

/** A key's count after an attempt, and when its window started. */
interface Counted {
  count: number;
  windowStartedAt: Date;
}

/** Counts one attempt against every key inside the transaction; the counts after it, in the order of the keys. */
async function countIn(keys: string[], tx: Transaction): Promise<Counted[]> {
  const now = Date.now();
  const counts: Counted[] = [];
  for (const key of keys) {
    const expired = sql`${counters.windowStartedAt} < ${now - limitOf(key).windowMs}`;
    const [row] = await tx
      .insert(counters)
      .values({ key, failures: 1, windowStartedAt: new Date(now) })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${counters.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now} else ${counters.windowStartedAt} end`,
        },
      })
      .returning({ failures: counters.failures, windowStartedAt: counters.windowStartedAt });
    counts.push({ count: row.failures, windowStartedAt: row.windowStartedAt });
  }
  return counts;
}

/**
 * Counts one attempt against every key in one transaction, starting a new window where the old
 * one has passed; the counts after it, in the order of the keys.
 */
export async function take(keys: string[]): Promise<number[]> {
  const counted = await db.transaction((tx) => countIn(keys, tx));
  return counted.map((c) => c.count);
}

/** Counts one attempt against the key; its count in the window (this attempt included) and when the window ends (epoch ms). */
export async function takeInWindow(key: string): Promise<{ count: number; resetsAt: number }> {
  const [counted] = await db.transaction((tx) => countIn([key], tx));
  return { count: counted.count, resetsAt: counted.windowStartedAt.getTime() + limitOf(key).windowMs };
}

class Refused extends Error {
  constructor(readonly keys: string[]) {
    super('rate limited');
  }
}

/**
 * Counts one attempt against every key only if every key has room; else counts nothing and
 * answers the keys that are full. Used where windows differ in length, so that attempts refused
 * by a full hour do not use up the day.
 */
export async function takeIfAllowed(keys: string[]): Promise<string[]> {
  try {
    await db.transaction(async (tx) => {
      const counts = await countIn(keys, tx);
      const full = keys.filter((key, i) => isOver(key, counts[i].count));
      // Rolls the counts back; the write lock the transaction held kept parallel takes in order.
      if (full.length > 0) throw new Refused(full);
    });
    return [];
  } catch (error) {
    if (error instanceof Refused) return error.keys;
    throw error;
  }
}

/** Counts one attempt against every key; false when any is now past its limit (the caller answers 429). */
export async function takeAttempt(keys: string[]): Promise<boolean> {
  const counts = await take(keys);
  return !keys.some((key, i) => isOver(key, counts[i]));
}

/** Counts one attempt against every key; past any limit, refuses with 429 and `message`. */
export async function requireAttempt(keys: string[], message: string = MSG.tooManyAttempts): Promise<void> {
  if (!(await takeAttempt(keys))) throw new HttpError(429, message);
}

/** The key's count in its current window, without counting anything. */
export async function peek(key: string): Promise<number> {
  const row = await db.query.loginThrottle.findFirst({ where: eq(counters.key, key) });
  if (!row || row.windowStartedAt.getTime() < Date.now() - limitOf(key).windowMs) return 0;
  return row.failures;
}

/** Gives one attempt back to each key (a sign-in that succeeded was no attack). */
export async function giveBack(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(counters)
    .set({ failures: sql`max(${counters.failures} - 1, 0)` })
    .where(inArray(counters.key, keys));
}

export async function forget(key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}

/** The longest window of any kind: a counter whose window started before it can only read 0. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));

/** Deletes counters whose window has passed (every e-mail anyone tries leaves one); returns how many. */
export async function purgeExpiredCounters(now = Date.now()): Promise<number> {
  const gone = await db
    .delete(counters)
    .where(lt(counters.windowStartedAt, new Date(now - LONGEST_WINDOW_MS)))
    .returning({ key: counters.key });
  return gone.length;
}
