// Request hygiene: refuses state-changing requests from foreign origins, sets security headers,
// and tells the client's address (set by the server) to the rate limits.
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { config } from '../config';

/** Public reads may be cached briefly by browsers and CDNs; a rebuild or approval shows within a minute. */
export const PUBLIC_CACHE = 'public, max-age=60';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function allowedOrigins(request: Request): Set<string> {
  return new Set([new URL(config.siteUrl).origin, new URL(request.url).origin, ...config.trustedOrigins]);
}

/** A browser's cross-site write: an Origin we do not serve, or a cross-site fetch with no Origin. */
export function isForeignWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin) return !allowedOrigins(request).has(origin);
  return request.headers.get('sec-fetch-site') === 'cross-site';
}

/** Set by api/server.ts from the socket (or the proxy's X-Forwarded-For with TRUST_PROXY), never by the client. */
export const CLIENT_IP_HEADER = 'x-client-ip';

/**
 * The client's address: the socket's, or behind a trusted proxy (TRUST_PROXY) the one the proxy
 * saw: Fly-Client-IP, else the right-most X-Forwarded-For entry (the one the proxy appended; the
 * entries before it are whatever the client sent).
 */
export function clientAddress(request: Request, socketAddress: string | undefined): string {
  if (process.env.TRUST_PROXY) {
    const fly = request.headers.get('fly-client-ip')?.trim();
    if (fly) return fly;
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

export const security = new Elysia({ name: 'security' })
  .onRequest(({ request, status }) => {
    if (isForeignWrite(request)) return status(403, MSG.foreignOrigin);
  })
  .onAfterHandle({ as: 'global' }, ({ set }) => {
    set.headers['x-content-type-options'] = 'nosniff';
    set.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    set.headers['cache-control'] ??= 'no-store';
  })
  .derive({ as: 'global' }, ({ request }) => ({ ip: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown' }));
