// The client's address (docs/decisions/0021): the socket's unless a proxy is configured, and then only
// what that proxy wrote; whatever the client wrote itself is never believed.
import { describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { readTrustedProxy, type TrustedProxy } from '../../api/config';
import { CLIENT_IP_HEADER, clientAddress, withClientAddress } from '../../api/plugins/security';
import { BASE, makeUser } from '../helpers/api';
import { RATE_LIMITS } from '../../api/rate-limit';

const SOCKET = '10.0.0.2';
const request = (headers: [string, string][]) => new Request(`${BASE}/`, { headers });

describe('clientAddress', () => {
  it('without a configured proxy takes the socket, whatever the client sent', () => {
    const spoofed = request([
      ['fly-client-ip', '203.0.113.9'],
      ['x-forwarded-for', '203.0.113.10'],
      ['x-real-ip', '203.0.113.11'],
      [CLIENT_IP_HEADER, '203.0.113.12'],
    ]);
    expect(clientAddress(spoofed, SOCKET, null)).toBe(SOCKET);
  });

  it('with TRUSTED_PROXY_HOPS takes the entry the last proxy appended, not the ones the client sent', () => {
    const hops1: TrustedProxy = { hops: 1 };
    expect(clientAddress(request([['x-forwarded-for', '203.0.113.50']]), SOCKET, hops1)).toBe('203.0.113.50');
    // The client wrote the first two entries itself; the proxy appended the address it saw.
    expect(clientAddress(request([['x-forwarded-for', '1.1.1.1, 2.2.2.2, 203.0.113.51']]), SOCKET, hops1)).toBe(
      '203.0.113.51',
    );
    // A second X-Forwarded-For line from the client comes first; the proxy's entry is still the last.
    const twoLines = request([
      ['x-forwarded-for', '1.1.1.1'],
      ['x-forwarded-for', '203.0.113.52'],
    ]);
    expect(clientAddress(twoLines, SOCKET, hops1)).toBe('203.0.113.52');
    // Fly-Client-IP is not the configured source here, so it is only the client's word.
    expect(
      clientAddress(
        request([
          ['fly-client-ip', '1.1.1.1'],
          ['x-forwarded-for', '203.0.113.53'],
        ]),
        SOCKET,
        hops1,
      ),
    ).toBe('203.0.113.53');
  });

  it('with two proxies takes the second entry from the right', () => {
    const hops2: TrustedProxy = { hops: 2 };
    expect(clientAddress(request([['x-forwarded-for', '1.1.1.1, 203.0.113.60, 10.1.1.1']]), SOCKET, hops2)).toBe(
      '203.0.113.60',
    );
  });

  it('falls back to the socket when the proxy header is missing, too short or not an address', () => {
    expect(clientAddress(request([]), SOCKET, { hops: 1 })).toBe(SOCKET);
    expect(clientAddress(request([['x-forwarded-for', '203.0.113.70']]), SOCKET, { hops: 2 })).toBe(SOCKET);
    expect(clientAddress(request([['x-forwarded-for', 'unknown']]), SOCKET, { hops: 1 })).toBe(SOCKET);
    expect(clientAddress(request([]), SOCKET, { header: 'fly-client-ip' })).toBe(SOCKET);
    expect(
      clientAddress(request([['fly-client-ip', '203.0.113.71, 1.1.1.1']]), SOCKET, { header: 'fly-client-ip' }),
    ).toBe(SOCKET);
    expect(clientAddress(request([]), undefined, null)).toBe('unknown');
  });

  it('with TRUSTED_PROXY_HEADER takes that header alone, and ignores X-Forwarded-For', () => {
    const fly: TrustedProxy = { header: 'fly-client-ip' };
    expect(
      clientAddress(
        request([
          ['fly-client-ip', '203.0.113.80'],
          ['x-forwarded-for', '1.1.1.1'],
        ]),
        SOCKET,
        fly,
      ),
    ).toBe('203.0.113.80');
    expect(clientAddress(request([['fly-client-ip', ' 2001:db8::1 ']]), SOCKET, fly)).toBe('2001:db8::1');
    expect(clientAddress(request([['x-forwarded-for', '1.1.1.1']]), SOCKET, fly)).toBe(SOCKET);
  });
});

describe('withClientAddress, as api/server.ts hands requests to the app', () => {
  const login = (email: string, password: string, headers: [string, string][]) =>
    app.handle(
      withClientAddress(
        new Request(`${BASE}/api/login`, {
          method: 'POST',
          headers: [['content-type', 'application/json'], ...headers],
          body: JSON.stringify({ email, password }),
        }),
        '192.0.2.77',
        null,
      ),
    );

  it('counts failures against the socket address however the client varies its forwarding headers', async () => {
    const user = await makeUser();
    for (let i = 0; i < RATE_LIMITS['login-pair'].limit; i++) {
      const spoof: [string, string][] = [
        ['fly-client-ip', `203.0.113.${i + 1}`],
        ['x-forwarded-for', `198.51.100.${i + 1}`],
        [CLIENT_IP_HEADER, `192.0.2.${i + 1}`],
      ];
      expect((await login(user.email, 'wrong-password', spoof)).status).toBe(401);
    }
    const res = await login(user.email, 'password123', [
      [CLIENT_IP_HEADER, '192.0.2.200'],
      ['fly-client-ip', '203.0.113.200'],
    ]);
    expect(res.status).toBe(429);
  });
});

describe('readTrustedProxy (TRUSTED_PROXY_HEADER, TRUSTED_PROXY_HOPS)', () => {
  it('reads no proxy, a header (lower-cased) or a hop count', () => {
    expect(readTrustedProxy({})).toBeNull();
    expect(readTrustedProxy({ TRUSTED_PROXY_HEADER: 'Fly-Client-IP' })).toEqual({ header: 'fly-client-ip' });
    expect(readTrustedProxy({ TRUSTED_PROXY_HOPS: '2' })).toEqual({ hops: 2 });
    expect(readTrustedProxy({ TRUSTED_PROXY_HEADER: '', TRUSTED_PROXY_HOPS: '' })).toBeNull();
  });

  it('refuses settings that would trust the wrong thing, saying what to set', () => {
    expect(() => readTrustedProxy({ TRUSTED_PROXY_HEADER: 'fly-client-ip', TRUSTED_PROXY_HOPS: '1' })).toThrow(
      /either/i,
    );
    for (const hops of ['0', '-1', '1.5', 'one'])
      expect(() => readTrustedProxy({ TRUSTED_PROXY_HOPS: hops })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => readTrustedProxy({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => readTrustedProxy({ TRUSTED_PROXY_HEADER: 'not a header' })).toThrow(/TRUSTED_PROXY_HEADER/);
  });

  it('fails clearly on the old TRUST_PROXY alone, and ignores it beside an explicit setting', () => {
    expect(() => readTrustedProxy({ TRUST_PROXY: '1' })).toThrow(/TRUSTED_PROXY_HEADER.*TRUSTED_PROXY_HOPS/);
    expect(readTrustedProxy({ TRUST_PROXY: '1', TRUSTED_PROXY_HEADER: 'fly-client-ip' })).toEqual({
      header: 'fly-client-ip',
    });
  });
});
