// Where a visitor goes after signing in: the page of this site they were on their way to (`next`), never another site.
/** The query parameter and form field that carry it. */
export const NEXT_PARAM = 'next';

/** Long enough for any page of the site with its query; anything longer is not a page we link to. */
const MAX_NEXT = 1000;

/**
 * `value` when it is a path of this site: one leading `/`, not `//` or `/\` (which browsers read as another host),
 * no control characters, whitespace or backslashes (which a browser may drop or turn into `/`, to the same effect); otherwise undefined.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_NEXT) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return undefined;
  }
  return value;
}

/** The page after signing in: where the visitor was going, else an admin's panel or everyone's dashboard. */
export function landingAfterSignIn(user: { isAdmin: boolean }, next?: unknown): string {
  return returnPath(next) ?? (user.isAdmin ? '/admin' : '/dashboard');
}

/** `path` with `next` added to its query when there is a page to return to. */
export function withNext(path: string, next: unknown): string {
  const to = returnPath(next);
  if (!to) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${NEXT_PARAM}=${encodeURIComponent(to)}`;
}
