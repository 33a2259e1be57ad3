// The guarded client for addresses members type (api/services/guarded-fetch.ts), against local servers: only public
// addresses after DNS, on every redirect; http(s) only; a byte cap while the body streams; one timeout.
import { afterAll, describe, expect, it } from 'vitest';
import {
  GuardedFetchError,
  guardedFetch,
  isPublicAddress,
  type GuardedFetchFailure,
} from '../../api/services/guarded-fetch';
import { useTestNetwork } from '../../api/services/resolver';

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) return new Response(null, { status: 302, headers: { location: to } });
    if (url.pathname === '/loop') return new Response(null, { status: 301, headers: { location: '/loop' } });
    if (url.pathname === '/host') return new Response(request.headers.get('host'));
    if (url.pathname === '/declared-large') return new Response(new Uint8Array(5000));
    if (url.pathname === '/endless') {
      // No Content-Length: only counting the streamed bytes stops it.
      return new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(1024));
          },
        }),
      );
    }
    if (url.pathname === '/silent') return new Promise<Response>(() => {});
    return new Response('hello', { headers: { 'content-type': 'text/plain' } });
  },
});
afterAll(() => server.stop(true));
const local = (path: string) => `http://127.0.0.1:${server.port}${path}`;

/** The reason a guarded fetch failed with, or 'fetched' when it did not fail. */
async function failure(
  address: string,
  options: Partial<Parameters<typeof guardedFetch>[1]> = {},
): Promise<GuardedFetchFailure | 'fetched'> {
  try {
    await guardedFetch(address, { maxBytes: 1000, allowLoopback: true, ...options });
    return 'fetched';
  } catch (error) {
    if (error instanceof GuardedFetchError) return error.reason;
    throw error;
  }
}

describe('guardedFetch', () => {
  it('fetches a local server when the caller allows loopback, with the host it was given', async () => {
    const res = await guardedFetch(local('/'), { maxBytes: 1000, allowLoopback: true });
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(res.body)).toBe('hello');
    const host = await guardedFetch(local('/host'), { maxBytes: 1000, allowLoopback: true });
    expect(new TextDecoder().decode(host.body)).toBe(`127.0.0.1:${server.port}`);
  });

  it('refuses loopback addresses and names that resolve to them by default', async () => {
    expect(await failure(local('/'), { allowLoopback: false })).toBe('address');
    expect(await failure(`http://localhost:${server.port}/`, { allowLoopback: false })).toBe('address');
    expect(await failure(`http://[::ffff:127.0.0.1]:${server.port}/`, { allowLoopback: false })).toBe('address');
  });

  it('follows a redirect and checks its target again: a private or metadata address is refused', async () => {
    const res = await guardedFetch(local(`/redirect?to=${encodeURIComponent(local('/host'))}`), {
      maxBytes: 1000,
      allowLoopback: true,
    });
    expect(res.url).toBe(local('/host'));
    for (const target of [
      'http://10.0.0.7/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://[::ffff:192.168.1.1]/',
      'http://0.0.0.0/',
    ]) {
      expect(await failure(local(`/redirect?to=${encodeURIComponent(target)}`)), target).toBe('address');
    }
  });

  it('refuses other protocols, on the first hop and on a redirect, and stops after a few redirects', async () => {
    expect(await failure('file:///etc/passwd')).toBe('protocol');
    expect(await failure('ftp://example.com/x.png')).toBe('protocol');
    expect(await failure(local(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`))).toBe('protocol');
    expect(await failure(local('/loop'))).toBe('redirects');
  });

  it('cuts a body over the cap, whether it says its length or streams without one', async () => {
    expect(await failure(local('/declared-large'))).toBe('too-large');
    expect(await failure(local('/endless'))).toBe('too-large');
  });

  it('gives up on a server that never answers', async () => {
    expect(await failure(local('/silent'), { timeoutMs: 300 })).toBe('timeout');
  });
});

describe('guardedFetch through a test network (made-up names, one allowed loopback port)', () => {
  const other = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('other') });
  let restore = () => {};
  afterAll(() => {
    restore();
    other.stop(true);
  });
  const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

  it('resolves names through the stub and connects to the allowed port only', async () => {
    restore = useTestNetwork({
      hosts: { 'acme.test': '127.0.0.1', 'www.acme.test': '127.0.0.1', 'elsewhere.test': '127.0.0.1' },
      loopbackPorts: [server.port!],
    });
    const res = await guardedFetch(at('acme.test', '/host'), { maxBytes: 1000 });
    expect(new TextDecoder().decode(res.body)).toBe(`acme.test:${server.port}`);
    expect(res.redirects).toBe(0);
    // A name the stub does not know does not resolve; loopback on any other port stays refused, on a redirect too.
    expect(await failure(at('unknown.test', '/'), { allowLoopback: false })).toBe('dns');
    expect(await failure(`http://127.0.0.1:${other.port}/`, { allowLoopback: false })).toBe('address');
    const toOther = at('acme.test', `/redirect?to=${encodeURIComponent(`http://127.0.0.1:${other.port}/`)}`);
    expect(await failure(toOther, { allowLoopback: false })).toBe('address');
    restore();
  });

  it("refuses a redirect off the registrable domain when the fetch is a proof's", async () => {
    restore = useTestNetwork({
      hosts: { 'acme.test': '127.0.0.1', 'www.acme.test': '127.0.0.1', 'elsewhere.test': '127.0.0.1' },
      loopbackPorts: [server.port!],
    });
    const same = at('acme.test', `/redirect?to=${encodeURIComponent(at('www.acme.test', '/'))}`);
    const res = await guardedFetch(same, { maxBytes: 1000, redirects: 'same-site' });
    expect(res.url).toBe(at('www.acme.test', '/'));
    expect(res.redirects).toBe(1);
    const off = at('acme.test', `/redirect?to=${encodeURIComponent(at('elsewhere.test', '/'))}`);
    expect(await failure(off, { allowLoopback: false, redirects: 'same-site' })).toBe('off-site');
    expect((await guardedFetch(off, { maxBytes: 1000 })).url).toBe(at('elsewhere.test', '/'));
    restore();
  });
});

describe('isPublicAddress', () => {
  it('accepts public unicast addresses, v4, v6 and v4-mapped', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast, reserved and unspecified ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.1.2.3', true)).toBe(false);
  });
});
