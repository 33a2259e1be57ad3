// Link health (docs/decisions/0102): what one check of a tool's address found, and the state a run of checks leads to.
// Pure: the API, the pages and the database schema read it.

/**
 * ok: it answered; failed: 4xx/5xx (after retries), DNS, TLS, timeout; blocked: the site refused a robot (401, 403,
 * 429, 999, a Cloudflare challenge), never a failure; moved: redirected to another registrable domain; parked: a
 * parked-domain page.
 */
export const LINK_OUTCOMES = ['ok', 'failed', 'blocked', 'moved', 'parked'] as const;
export type LinkOutcome = (typeof LINK_OUTCOMES)[number];

/** healthy → suspect (one failing day) → failing (3 in a row) → down (7 in a row); one success resets. */
export const LINK_STATES = ['healthy', 'suspect', 'failing', 'down'] as const;
export type LinkState = (typeof LINK_STATES)[number];
