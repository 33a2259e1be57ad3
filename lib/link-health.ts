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

/** What the admin's Link Health list shows: the tools that need a look (the default), one state, or a last outcome. */
export const LINK_HEALTH_VIEWS = ['attention', ...LINK_STATES, 'moved', 'parked', 'blocked'] as const;
export type LinkHealthView = (typeof LINK_HEALTH_VIEWS)[number];

const HOUR_MS = 3_600_000;

/**
 * "Link checked 5 hours ago" from the time since the check: what the tool page's few bytes of script write over the
 * date it was rendered with (docs/decisions/0102). Kept here, not in LISTING_MSG, so the script carries only this.
 */
export function linkCheckedAgo(elapsedMs: number): string {
  const hours = Math.floor(Math.max(elapsedMs, 0) / HOUR_MS);
  if (hours < 1) return 'Link checked less than an hour ago';
  if (hours < 48) return `Link checked ${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `Link checked ${Math.floor(hours / 24)} days ago`;
}

/** The state a tool page shows (failing or down: "could not be reached since"), or null while it shows none. */
export const shownState = (state: LinkState): 'failing' | 'down' | null =>
  state === 'failing' || state === 'down' ? state : null;
