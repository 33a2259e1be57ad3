// Cache and security headers of API answers: private unless public catalogue data read without a session.
import { describe, expect, it } from 'vitest';
import { PRIVATE_NO_STORE, PUBLIC_CACHE, hasSessionCookie } from '../../api/plugins/security';
import { SESSION_COOKIE } from '../../api/auth/sessions';
import { call, signedIn } from '../helpers/api';

function expectApiSecurityHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('API cache headers', () => {
  it('lets shared caches hold public catalogue reads briefly when the caller has no session', async () => {
    expect(PUBLIC_CACHE).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    for (const path of ['/api/tools', '/api/tools?search=writer', '/api/blog/posts']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PUBLIC_CACHE);
      expectApiSecurityHeaders(res);
    }
  });

  it('keeps the same reads private for a caller with a session cookie', async () => {
    const { cookie } = await signedIn();
    for (const path of ['/api/tools', '/api/blog/posts']) {
      const res = await call('GET', path, { cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PRIVATE_NO_STORE);
    }
    // Even a stale or forged cookie: the shared cache cannot tell.
    expect(
      (await call('GET', '/api/tools', { cookie: `${SESSION_COOKIE}=expired` })).headers.get('cache-control'),
    ).toBe(PRIVATE_NO_STORE);
  });

  it('makes everything else private and unstored, errors included', async () => {
    const { cookie } = await signedIn();
    const answers = [
      await call('GET', '/api/user', { cookie }),
      await call('GET', '/api/user'),
      await call('GET', '/api/tools/slug/no-such-tool'),
      await call('GET', '/api/tools?limit=0'),
      await call('GET', '/api/no-such-route'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 404]);
    for (const res of answers) {
      expect(res.headers.get('cache-control')).toBe(PRIVATE_NO_STORE);
      expectApiSecurityHeaders(res);
    }
  });
});

describe('hasSessionCookie', () => {
  const withCookie = (cookie: string) => new Request('http://localhost/api/tools', { headers: { cookie } });

  it('finds the session cookie among others, and only a non-empty one', () => {
    expect(hasSessionCookie(withCookie(`theme=dark; ${SESSION_COOKIE}=abc`))).toBe(true);
    expect(hasSessionCookie(withCookie(`${SESSION_COOKIE}=abc`))).toBe(true);
    expect(hasSessionCookie(withCookie(`${SESSION_COOKIE}=`))).toBe(false);
    expect(hasSessionCookie(withCookie(`x${SESSION_COOKIE}=abc`))).toBe(false);
    expect(hasSessionCookie(new Request('http://localhost/api/tools'))).toBe(false);
  });
});
