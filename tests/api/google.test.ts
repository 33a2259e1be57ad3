// Sign in with Google, with Google's token endpoint answered by a test double (no network).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { config } from '../../api/config';
import { db } from '../../db/client';
import { emailOutbox, sessions, users } from '../../db/schema';
import { call, makeUser, sessionCookie, signedIn } from '../helpers/api';

function idToken(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', aud: 'client-id', ...claims })}.signature`;
}

let tokenRequests: URLSearchParams[] = [];

function answerTokenEndpoint(claims: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    expect(request.url).toBe('https://oauth2.googleapis.com/token');
    tokenRequests.push(new URLSearchParams(await request.text()));
    return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) });
  });
}

/** Starts the flow and returns the state and the cookie that carries state and PKCE verifier. */
async function start(path = '/auth/google'): Promise<{ state: string; cookie: string; location: URL }> {
  const res = await call('GET', path);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('google_oauth='))!
    .split(';')[0];
  return { state: location.searchParams.get('state')!, cookie, location };
}

describe('Sign in with Google', () => {
  beforeEach(() => {
    config.google.clientId = 'client-id';
    config.google.clientSecret = 'client-secret';
    tokenRequests = [];
  });
  afterEach(() => {
    config.google.clientId = '';
    config.google.clientSecret = '';
    vi.unstubAllGlobals();
  });

  it('leads to the Register tab of /auth when Google is not configured', async () => {
    config.google.clientId = '';
    const res = await call('GET', '/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?tab=register');
  });

  it('keeps the page to return to on the way to the Register tab, only a path of this site', async () => {
    config.google.clientId = '';
    const res = await call('GET', '/auth/google?next=%2Fsubmit');
    expect(res.headers.get('location')).toBe('/auth?tab=register&next=%2Fsubmit');
    const foreign = await call('GET', '/auth/google?next=%2F%2Fevil.example');
    expect(foreign.headers.get('location')).toBe('/auth?tab=register');
  });

  it('returns to the page the visitor was going to after Google, and ignores another site', async () => {
    answerTokenEndpoint({ sub: 'g-next', email: 'next.person@gmail.com', email_verified: true });
    const { state, cookie } = await start('/auth/google?next=%2Fsubmit');
    const res = await call('GET', `/auth/google/callback?code=c&state=${state}`, { cookie });
    expect(res.headers.get('location')).toBe('/submit');
    const forged = await start('/auth/google');
    const tampered = `${forged.cookie}.${encodeURIComponent('//evil.example')}`;
    const again = await call('GET', `/auth/google/callback?code=c&state=${forged.state}`, { cookie: tampered });
    expect(again.headers.get('location')).toBe('/dashboard');
  });

  it('sends the browser to Google with state and a PKCE challenge', async () => {
    const { location, state } = await start();
    expect(location.origin).toBe('https://accounts.google.com');
    expect(state).toBeTruthy();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('scope')).toContain('email');
  });

  it('creates an account for a verified e-mail and signs it in', async () => {
    answerTokenEndpoint({
      sub: 'g-1',
      email: 'New.Person@Gmail.com',
      email_verified: true,
      given_name: 'New',
      family_name: 'Person',
    });
    const { state, cookie } = await start();
    const res = await call('GET', `/auth/google/callback?code=the-code&state=${state}`, { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(tokenRequests[0].get('code')).toBe('the-code');
    expect(tokenRequests[0].get('code_verifier')).toBeTruthy();
    const session = sessionCookie(res);
    const me = await call('GET', '/api/user', { cookie: session });
    expect(await me.json()).toMatchObject({ email: 'new.person@gmail.com', firstName: 'New', lastName: 'Person' });
    const welcome = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'new.person@gmail.com'));
    expect(welcome.map((row) => row.kind)).toEqual(['welcome']);
    expect(welcome[0].text).toContain('Hi New,');
    // Google has verified the address: no verification e-mail, no banner.
    const created = await db.query.users.findFirst({ where: eq(users.email, 'new.person@gmail.com') });
    expect(created?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('links an existing account by verified e-mail', async () => {
    const { user: existing, cookie: squatter } = await signedIn({ email: 'linked@example.com' });
    answerTokenEndpoint({ sub: 'g-2', email: 'linked@example.com', email_verified: true });
    const { state, cookie } = await start();
    await call('GET', `/auth/google/callback?code=c&state=${state}`, { cookie });
    expect((await call('GET', '/api/user', { cookie: squatter })).status).toBe(401);
    const row = await db.query.users.findFirst({ where: eq(users.id, existing.id) });
    expect(row?.googleId).toBe('g-2');
    // Whoever registered the address with a password never proved they own it.
    expect(row?.password).toBeNull();
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db.$count(sessions, eq(sessions.userId, existing.id))).toBe(1);
    expect(await db.$count(users, eq(users.email, 'linked@example.com'))).toBe(1);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, 'linked@example.com'))).toBe(0); // linking is no sign-up
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    answerTokenEndpoint({ sub: 'g-3', email: 'unverified@example.com', email_verified: false });
    const { state, cookie } = await start();
    const res = await call('GET', `/auth/google/callback?code=c&state=${state}`, { cookie });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get('location')!)).toBe(
      '/auth?error=Your Google account has no verified e-mail address',
    );
    expect(await db.query.users.findFirst({ where: eq(users.email, 'unverified@example.com') })).toBeUndefined();
  });

  it('sends the browser back to /auth when Google refuses the code', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    const { state, cookie } = await start();
    const res = await call('GET', `/auth/google/callback?code=replayed&state=${state}`, { cookie });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get('location')!)).toBe(
      '/auth?error=Google sign-in failed. Please try again.',
    );
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a callback whose state does not match, without calling Google', async () => {
    answerTokenEndpoint({ sub: 'g-4', email: 'x@example.com', email_verified: true });
    const { cookie } = await start();
    const res = await call('GET', '/auth/google/callback?code=c&state=forged', { cookie });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get('location')!)).toBe(
      '/auth?error=Google sign-in failed. Please try again.',
    );
    expect(tokenRequests).toHaveLength(0);
  });
});

describe('demo logins', () => {
  it('do not exist in production', async () => {
    const { createApp } = await import('../../api/app');
    const res = await createApp({ demoLogins: false }).handle(new Request('http://localhost:4321/auth/demo/admin'));
    expect(res.status).toBe(404);
  });

  it('sign in as the seeded demo user and redirect', async () => {
    const { DEMO_USER_EMAIL } = await import('../../db/demo-accounts');
    await makeUser({ email: DEMO_USER_EMAIL });
    const res = await call('GET', '/auth/demo/user');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(sessionCookie(res)).toBeDefined();
  });
});
