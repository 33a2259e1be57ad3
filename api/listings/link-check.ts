// One check of one tool's address (docs/decisions/0102): a GET through the guarded client, retried where a second try
// can help, and what it found classified as ok, failed, blocked, moved or parked.
import type { LinkOutcome } from '../../lib/link-health';
import { registrableDomain, sameSite } from '../../lib/registrable-domain';
import { retryAfterMs } from '../../lib/retry-after';
import { GuardedFetchError, guardedFetch, type GuardedResponse } from '../services/guarded-fetch';

export interface LinkCheckResult {
  outcome: LinkOutcome;
  /** The final HTTP status, when one came. */
  status: number | null;
  /** Where the check ended (after redirects), when an answer came. */
  finalUrl: string | null;
  /** Why it failed (dns, tls, timeout, 404, ...), what blocked it, or which marker showed a parked page. */
  detail: string | null;
  attempts: number;
  durationMs: number;
}

export interface LinkCheckOptions {
  /** Per attempt (20 s unless told: a test's slow server). */
  timeoutMs?: number;
  /** How a retry waits (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

const TIMEOUT_MS = 20_000;
const MAX_BYTES = 256 * 1024;
const MAX_REDIRECTS = 10;
/** The waits before the two retries, unless the site says how long with Retry-After (honoured up to a minute). */
const RETRY_DELAYS_MS = [2_000, 10_000] as const;
const MAX_RETRY_AFTER_MS = 60_000;

/** Statuses a robot gets from a site that is up but keeps robots out: never a failure. */
const BLOCKED_STATUSES = new Set([401, 403, 429, 999]);
/** Statuses worth a second try: the server or the way to it may recover within seconds. */
const RETRIED_STATUSES = new Set([408, 429]);
/** Failures of the guarded client worth a second try; dns and tls errors, refused addresses and protocols are not. */
const RETRIED_FAILURES = new Set(['timeout', 'network']);

/**
 * Signs of a parked domain (a registrar's or a parking company's page where the tool was): in the page's text, or the
 * registrable domain it ended on. Short phrases of the parking pages themselves, so a tool's own text rarely matches.
 */
const PARKED_PHRASES = [
  /this domain (?:name )?(?:is|may be) for sale/,
  /buy this domain/,
  /the domain (?:name )?\S+ is for sale/,
  /domain is parked/,
  /this domain (?:has been )?parked/,
  /\bparkingcrew\b/,
  /\bsedoparking\b/,
  /\bbodis\.com\b/,
  /\bhugedomains\.com\b/,
  /\bafternic\b/,
  /\bdan\.com\b/,
];
const PARKING_DOMAINS = new Set([
  'sedo.com',
  'sedoparking.com',
  'dan.com',
  'afternic.com',
  'hugedomains.com',
  'bodis.com',
  'parkingcrew.net',
  'undeveloped.com',
]);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The marker of a parked page the answer carries, or null. */
function parkedMarker(response: GuardedResponse): string | null {
  const domain = registrableDomain(response.url);
  if (domain && PARKING_DOMAINS.has(domain)) return domain;
  const text = new TextDecoder().decode(response.body).toLowerCase();
  return PARKED_PHRASES.find((phrase) => phrase.test(text))?.source ?? null;
}

type Attempt =
  | { kind: 'answer'; response: GuardedResponse }
  | { kind: 'error'; reason: GuardedFetchError['reason']; message: string };

async function attempt(url: string, timeoutMs: number): Promise<Attempt> {
  try {
    const response = await guardedFetch(url, {
      maxBytes: MAX_BYTES,
      overflow: 'truncate',
      timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    });
    return { kind: 'answer', response };
  } catch (error) {
    if (error instanceof GuardedFetchError) return { kind: 'error', reason: error.reason, message: error.message };
    throw error;
  }
}

/** Whether this attempt's result may change on a second try, and how long to wait first. */
function retryDelay(result: Attempt, retry: number): number | null {
  if (result.kind === 'error') return RETRIED_FAILURES.has(result.reason) ? RETRY_DELAYS_MS[retry] : null;
  const { status, headers } = result.response;
  if (status < 500 && !RETRIED_STATUSES.has(status)) return null;
  // A site's Retry-After, capped at a minute; else our own delay.
  const asked = retryAfterMs(headers.get('retry-after'));
  return asked === undefined ? RETRY_DELAYS_MS[retry] : Math.min(asked, MAX_RETRY_AFTER_MS);
}

/** What the last attempt found, for a tool at `toolUrl`. */
function classify(toolUrl: string, result: Attempt): Omit<LinkCheckResult, 'attempts' | 'durationMs'> {
  if (result.kind === 'error') return { outcome: 'failed', status: null, finalUrl: null, detail: result.reason };
  const { status, headers, url } = result.response;
  const answer = { status, finalUrl: url };
  if (headers.get('cf-mitigated')?.toLowerCase() === 'challenge')
    return { outcome: 'blocked', ...answer, detail: 'cf-mitigated: challenge' };
  if (BLOCKED_STATUSES.has(status)) return { outcome: 'blocked', ...answer, detail: String(status) };
  // 1xx-3xx: the server answered (a 3xx here is one the client does not follow: 300, 304, one without Location).
  if (status >= 400) return { outcome: 'failed', ...answer, detail: String(status) };
  const parked = parkedMarker(result.response);
  if (parked) return { outcome: 'parked', ...answer, detail: parked };
  if (!sameSite(url, toolUrl))
    return { outcome: 'moved', ...answer, detail: registrableDomain(url) ?? new URL(url).host };
  return { outcome: 'ok', ...answer, detail: null };
}

/** Checks `toolUrl` once: up to three attempts where a retry can help. Never throws for what the site does. */
export async function checkLink(toolUrl: string, options: LinkCheckOptions = {}): Promise<LinkCheckResult> {
  const { timeoutMs = TIMEOUT_MS, sleep = wait } = options;
  const started = performance.now();
  let attempts = 1;
  let result = await attempt(toolUrl, timeoutMs);
  for (let retry = 0; retry < RETRY_DELAYS_MS.length; retry += 1) {
    const delay = retryDelay(result, retry);
    if (delay === null) break;
    await sleep(delay);
    attempts += 1;
    result = await attempt(toolUrl, timeoutMs);
  }
  return { ...classify(toolUrl, result), attempts, durationMs: Math.round(performance.now() - started) };
}
