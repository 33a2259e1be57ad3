// Request hygiene: refuses state-changing requests from foreign origins, sets security headers,
// and tells the client's address (set by the server) to the rate limits.
import { isIP } from 'node:net';
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { config, type TrustedProxy } from '../config';

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
export function clientAddress(request: Request, socketAddress: string | undefined, proxy: TrustedProxy = config.trustedProxy): string {
  let seen: string | undefined;
  if (proxy && 'header' in proxy) seen = address(request.headers.get(proxy.header) ?? undefined);
  else if (proxy) seen = address(request.headers.get('x-forwarded-for')?.split(',').at(-proxy.hops));
  return seen ?? socketAddress ?? 'unknown';
}

/** The request as the app sees it: with the client's address in CLIENT_IP_HEADER, whatever the client put there. */
export function withClientAddress(request: Request, socketAddress: string | undefined, proxy: TrustedProxy = config.trustedProxy): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress(request, socketAddress, proxy));
  return new Request(request, { headers });
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
