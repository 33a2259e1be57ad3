// Request hygiene: refuses state-changing requests from foreign origins, sets security headers,
// and tells the client's address (set by the server) to the rate limits.
import { isIP } from 'node:net';
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../lib/newsletter';
import { VIDEO_FRAME_ORIGINS } from '../../lib/premium-assets';
import { SESSION_COOKIE } from '../auth/sessions';
import { config, type TrustedProxy } from '../config';

/**
 * Public catalogue reads (docs/decisions/0030): a browser revalidates every time, a shared cache (CDN)
 * may hold the answer 30 s and serve it stale a minute longer while it fetches a fresh one.
 * Sent only to callers without a session (the plugin's onAfterHandle below).
 */
export const PUBLIC_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
/** Everything else the API answers: sessions, dashboards and admin data are nobody's to keep. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Two years, as hstspreload.org recommends; sent only in production, where the site is served over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Where a premium tool's demo is framed from: YouTube's no-cookie player and Vimeo's, nothing else (lib/premium-assets.ts). */
const EMBED_FRAME_SRC = VIDEO_FRAME_ORIGINS.join(' ');

/**
 * The policy for an HTML page that carries none of its own (the exporter stores the one Astro produced,
 * with the hashes of the page's inline scripts). No 'unsafe-inline' for scripts.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  `frame-src ${EMBED_FRAME_SRC}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful features no page of the site uses; only names browsers recognise, so no console warnings. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/**
 * The security headers of every page answer, static or rendered on demand (and of the 404 page and
 * redirects). `csp`: the page's Content-Security-Policy; omitted for answers that are not HTML.
 */
export function pageSecurityHeaders({
  csp,
  production = config.isProduction,
}: {
  csp?: string;
  production?: boolean;
} = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (csp) headers['content-security-policy'] = csp;
  if (production) headers['strict-transport-security'] = HSTS;
  return headers;
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace(/[^\w]/g, '\\$&')}=[^;\\s]`);

/** Whether the request carries a (non-empty) session cookie, valid or not. */
export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie');
  return cookie !== null && SESSION_COOKIE_PATTERN.test(cookie);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function allowedOrigins(request: Request): Set<string> {
  return new Set([new URL(config.siteUrl).origin, new URL(request.url).origin, ...config.trustedOrigins]);
}

/**
 * A browser's cross-site write: an Origin we do not serve, or a cross-site fetch with no Origin. Except RFC 8058's
 * one-click unsubscribe, which a mail provider (or a webmail page) posts from anywhere: it acts on the token in its
 * address alone, never on a cookie, so a forged one can do no more than the e-mail's own link.
 */
function isForeignWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.method === 'POST' && new URL(request.url).pathname === ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  const origin = request.headers.get('origin');
  if (origin) return !allowedOrigins(request).has(origin);
  return request.headers.get('sec-fetch-site') === 'cross-site';
}

/** Set by api/server.ts (withClientAddress) on every request, over anything the client sent. */
export const CLIENT_IP_HEADER = 'x-client-ip';

/** An address, or undefined for anything else a header may hold. */
function address(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && isIP(trimmed) ? trimmed : undefined;
}

/**
 * The client's address (docs/decisions/0021): the socket's, unless a proxy is configured. Then
 * only what that proxy wrote: its one header, or the entry the first of N proxies appended to
 * X-Forwarded-For (the N-th from the right; entries before it are whatever the client sent).
 * A request that did not come through the proxy lacks these, and falls back to the socket.
 */
export function clientAddress(
  request: Request,
  socketAddress: string | undefined,
  proxy: TrustedProxy = config.trustedProxy,
): string {
  let seen: string | undefined;
  if (proxy && 'header' in proxy) seen = address(request.headers.get(proxy.header) ?? undefined);
  else if (proxy) seen = address(request.headers.get('x-forwarded-for')?.split(',').at(-proxy.hops));
  return seen ?? socketAddress ?? 'unknown';
}

/**
 * The request as the app sees it: with the client's address in CLIENT_IP_HEADER, whatever the client put there. Set
 * on the request itself (Bun lets a server change an incoming request's headers): a copy of the request and its
 * headers cost every API answer about a tenth of its time.
 */
export function withClientAddress(
  request: Request,
  socketAddress: string | undefined,
  proxy: TrustedProxy = config.trustedProxy,
): Request {
  request.headers.set(CLIENT_IP_HEADER, clientAddress(request, socketAddress, proxy));
  return request;
}

export const security = new Elysia({ name: 'security' })
  .onRequest(({ request, set, status }) => {
    // Set before any handler, so error answers (which skip onAfterHandle) carry them too.
    set.headers['x-content-type-options'] = 'nosniff';
    set.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    set.headers['cache-control'] = PRIVATE_NO_STORE;
    if (config.isProduction) set.headers['strict-transport-security'] = HSTS;
    if (isForeignWrite(request)) return status(403, MSG.foreignOrigin);
  })
  .onAfterHandle({ as: 'global' }, ({ request, set }) => {
    // A signed-in caller's copy stays in its browser: a shared cache must not learn whose request it was.
    if (set.headers['cache-control'] === PUBLIC_CACHE && hasSessionCookie(request))
      set.headers['cache-control'] = PRIVATE_NO_STORE;
  })
  .derive({ as: 'global' }, ({ request }) => ({ ip: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown' }));
