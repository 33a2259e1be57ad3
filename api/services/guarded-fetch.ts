// The one client for fetching an address a member typed (docs/decisions/0067-guarded-fetch-and-private-uploads.md):
// http(s) only, every hop's host resolved and refused when any of its addresses is private, loopback, link-local,
// unique-local, CGNAT, multicast, reserved or unspecified (v4, v6 and v4-mapped v6), the connection made to the
// address that was checked (so a second DNS answer cannot swap it), redirects followed by hand and checked again, one
// timeout for the whole fetch and a byte cap while the body streams. A proof's fetch (a claim's meta tag or file) also
// refuses a redirect off the tool's registrable domain (docs/decisions/0099). Names resolve through resolver.ts.
import { BlockList, isIP } from 'node:net';
import { sameSite } from '../../lib/registrable-domain';
import { readCapped } from '../capped-read';
import { resolver } from './resolver';

/** Why a guarded fetch gave up; the caller turns it into its own message. */
export type GuardedFetchFailure =
  | 'address'
  | 'protocol'
  | 'redirects'
  | 'off-site'
  | 'timeout'
  | 'too-large'
  | 'dns'
  | 'tls'
  | 'network';

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: GuardedFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface GuardedFetchOptions {
  /** The most body bytes read; a longer body fails with 'too-large' (checked while it streams, not only its Content-Length). */
  maxBytes: number;
  /**
   * 'truncate': a longer body is cut at maxBytes instead (a link check only needs the start of a page, and a large home
   * page is a live site, not a failure).
   */
  overflow?: 'fail' | 'truncate';
  /** For the whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** 'same-site': a redirect to another registrable domain fails with 'off-site' (a proof must be on the tool's site). */
  redirects?: 'any' | 'same-site';
  /** Sent as the Accept header. */
  accept?: string;
  /**
   * Tests only: also allow loopback addresses, so the client can be tested against local servers. Always a literal in
   * the caller's code or a test's argument, never read from a request or the environment.
   */
  allowLoopback?: boolean;
  /** The certificate authorities (PEM) to trust instead of the system's: a test's local https server. */
  ca?: string;
}

export interface GuardedResponse {
  /** The address that answered, after redirects. */
  url: string;
  /** How many redirects led there. */
  redirects: number;
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 5;
const USER_AGENT = 'AIToolsDirectory/1.0 (+fetches addresses members give)';

/** Everything that is not a public unicast address. */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: would reach whatever v4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal) may be connected to. v4-mapped v6 addresses are judged as the v4 they carry. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && LOOPBACK.check(address, type)) return true;
  // BlockList judges ::ffff:a.b.c.d by its v4 rules; the whole mapped range is refused besides, whatever it carries.
  if (type === 'ipv6' && /^::ffff:/i.test(address)) {
    const v4 = address.slice(7);
    return isIP(v4) === 4 ? isPublicAddress(v4, allowLoopback) : false;
  }
  return !REFUSED.check(address, type);
}

/** The port a URL connects to. */
const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The checked address to connect to for `url`'s host; throws 'dns' when the name does not resolve, 'address' when any
 * of its addresses is refused. Loopback is allowed when the caller says so, or on a port a test's network allows.
 */
async function checkedAddress(url: URL, allowLoopback: boolean): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolver().addresses(host);
  } catch {
    throw new GuardedFetchError('dns', `${url.hostname} could not be resolved`);
  }
  const loopbackHere = allowLoopback || resolver().loopbackPorts.has(portOf(url));
  // Any refused address refuses the host: which one a connection would use is the resolver's choice.
  if (addresses.length === 0 || addresses.some((address) => !isPublicAddress(address, loopbackHere))) {
    throw new GuardedFetchError('address', `${url.hostname} is not a public address`);
  }
  return addresses[0];
}

/** Whether a failed connection was the certificate or the TLS handshake (Bun's and Node's error codes). */
function isTlsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /CERT|TLS|SSL|SIGNATURE|HANDSHAKE/i.test(code);
}

/** The body, refused from its Content-Length or as soon as what arrives passes maxBytes (or cut there). */
async function readBody(
  response: Response,
  maxBytes: number,
  overflow: 'fail' | 'truncate',
): Promise<Uint8Array<ArrayBuffer>> {
  if (overflow === 'truncate')
    return response.body ? readCapped(response.body, maxBytes, { truncate: true }) : new Uint8Array();
  const tooLarge = () => new GuardedFetchError('too-large', `larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const bytes = await readCapped(response.body, maxBytes);
  if (!bytes) throw tooLarge();
  return bytes;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `address` under the rules above and returns the final answer whatever its status (the caller judges it).
 * Throws GuardedFetchError: a refused protocol or address (on any hop), too many redirects, the timeout, a body over the
 * cap, or a failed connection.
 */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const {
    maxBytes,
    overflow = 'fail',
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRedirects = DEFAULT_MAX_REDIRECTS,
    redirects = 'any',
    accept = '*/*',
    allowLoopback = false,
    ca,
  } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new GuardedFetchError('protocol', 'not an address');
  }
  try {
    for (let hop = 0; ; hop += 1) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new GuardedFetchError('protocol', `${url.protocol} addresses are not fetched`);
      if (url.username || url.password)
        throw new GuardedFetchError('protocol', 'addresses with credentials are not fetched');
      const ip = await checkedAddress(url, allowLoopback);
      // Connect to the checked address; the Host header and TLS name stay the host's, so virtual hosts and
      // certificates are judged as for the name.
      const pinned = new URL(url);
      pinned.hostname = isIP(ip) === 6 ? `[${ip}]` : ip;
      const response = await fetch(pinned, {
        redirect: 'manual',
        signal,
        headers: { host: url.host, accept, 'user-agent': USER_AGENT },
        tls: { serverName: url.hostname, ...(ca ? { ca } : {}) },
      });
      if (REDIRECTS.has(response.status) && response.headers.has('location')) {
        await response.body?.cancel();
        if (hop >= maxRedirects) throw new GuardedFetchError('redirects', `more than ${maxRedirects} redirects`);
        const next = new URL(response.headers.get('location') ?? '', url);
        if (redirects === 'same-site' && !sameSite(next.hostname, url.hostname))
          throw new GuardedFetchError('off-site', `${url.hostname} redirects to another site, ${next.hostname}`);
        url = next;
        continue;
      }
      return {
        url: url.href,
        redirects: hop,
        status: response.status,
        headers: response.headers,
        body: await readBody(response, maxBytes, overflow),
      };
    }
  } catch (error) {
    if (error instanceof GuardedFetchError) throw error;
    if (signal.aborted) throw new GuardedFetchError('timeout', `no answer within ${timeoutMs} ms`);
    if (isTlsError(error))
      throw new GuardedFetchError('tls', error instanceof Error ? error.message : 'the certificate was refused');
    throw new GuardedFetchError('network', error instanceof Error ? error.message : String(error));
  }
}
