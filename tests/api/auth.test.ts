import { describe, it, expect } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { db } from '../../db/client';
import { emailOutbox, sessions } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { RATE_LIMITS } from '../../api/rate-limit';
import { call, makeUser, sessionCookie, signedIn } from '../helpers/api';

const register = (body: unknown, ip?: string) => call('POST', '/api/register', { body, ip });

describe('POST /api/register', () => {
  it('creates the account, signs in and answers firstName, email, isAdmin', async () => {
    const res = await register({
      email: 'Ada@Example.com',
      password: 'secret1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', isAdmin: false });
    expect(body.password).toBeUndefined();
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    const setCookie = res.headers.getSetCookie()[0];
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await call('GET', '/api/user', { cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('ada@example.com');
    const welcome = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ada@example.com'));
    expect(welcome.map((row) => row.kind).sort()).toEqual(['verify-email', 'welcome']);
    expect(welcome.find((row) => row.kind === 'welcome')?.text).toContain('Hi Ada,');
  });

  it('stores an argon2id hash and only the hash of the session token', async () => {
    const res = await register({ email: 'hash@example.com', password: 'secret1', firstName: 'H', lastName: 'S' });
    const token = sessionCookie(res)!.split('=')[1];
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const row = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'hash@example.com') });
    expect(row?.password).toMatch(/^\$argon2id\$/);
    const stored = await db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].sid).not.toBe(token);
    expect(stored[0].sid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    await register({ email: 'twice@example.com', password: 'secret1' });
    const res = await register({ email: 'TWICE@example.com', password: 'secret2' });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.emailTaken);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, 'twice@example.com'))).toBe(2); // the one account's welcome and verification
  });

  it('answers 400 with the spec message for a short password or bad e-mail', async () => {
    const short = await register({ email: 'short@example.com', password: '12345' });
    expect(short.status).toBe(400);
    expect(await short.text()).toBe(MSG.passwordTooShort);
    const bad = await register({ email: 'not-an-email', password: 'secret1' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(MSG.invalidEmail);
  });
});

describe('GET /api/login', () => {
  it('sends the browser to /auth with the page of this site it came from, and nothing else', async () => {
    expect((await call('GET', '/api/login')).headers.get('location')).toBe('/auth');
    expect((await call('GET', '/api/login?next=%2Fsubmit')).headers.get('location')).toBe('/auth?next=%2Fsubmit');
    expect((await call('GET', '/api/login?next=https%3A%2F%2Fevil.example')).headers.get('location')).toBe('/auth');
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and answers email and isAdmin', async () => {
    const user = await makeUser({ isAdmin: true });
    const res = await call('POST', '/api/login', { body: { email: user.email, password: 'password123' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: user.email, isAdmin: true });
    expect(sessionCookie(res)).toBeDefined();
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await makeUser();
    const wrong = await call('POST', '/api/login', {
      body: { email: user.email, password: 'wrong-password' },
      ip: '198.51.100.7',
    });
    const unknown = await call('POST', '/api/login', {
      body: { email: 'nobody@example.com', password: 'wrong-password' },
      ip: '198.51.100.7',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(MSG.wrongCredentials);
    expect(await unknown.text()).toBe(MSG.wrongCredentials);
  });

  it('answers 400 for a password shorter than 6 characters', async () => {
    const res = await call('POST', '/api/login', { body: { email: 'a@example.com', password: '123' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.passwordTooShort);
  });

  it('replaces the session at login', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/login', { body: { email: user.email, password: 'password123' }, cookie });
    const next = sessionCookie(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
    expect((await call('GET', '/api/user', { cookie: next })).status).toBe(200);
  });

  it('refuses a suspended account until the suspension ends, and says why', async () => {
    const future = new Date(Date.now() + 86_400_000);
    const user = await makeUser({
      accountStatus: 'suspended',
      suspendedUntil: future,
      suspensionReason: 'Spam submissions',
    });
    const res = await call('POST', '/api/login', { body: { email: user.email, password: 'password123' } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Spam submissions');
    const lapsed = await makeUser({
      accountStatus: 'suspended',
      suspendedUntil: new Date(Date.now() - 1000),
      suspensionReason: 'Old',
    });
    const ok = await call('POST', '/api/login', { body: { email: lapsed.email, password: 'password123' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).accountStatus).toBe('suspended'); // as it was when read; now reactivated
  });

  it('refuses a banned account', async () => {
    const user = await makeUser({ accountStatus: 'banned', suspensionReason: 'Fraud' });
    const res = await call('POST', '/api/login', { body: { email: user.email, password: 'password123' } });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(`${MSG.accountBanned}: Fraud`);
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 signed out', async () => {
    const res = await call('GET', '/api/user');
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('Unauthorized');
  });

  it('logout deletes the session row', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/logout', { cookie });
    expect(res.status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { user, cookie } = await signedIn();
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('refuses a session past its absolute lifetime even if recently used', async () => {
    const { user, cookie } = await signedIn();
    await db
      .update(sessions)
      .set({ absoluteExpire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('refuses the session of a user banned after signing in with 403 and the reason the login form gives', async () => {
    const { user, cookie } = await signedIn();
    const { users } = await import('../../db/schema');
    await db.update(users).set({ accountStatus: 'banned', suspensionReason: 'Fraud' }).where(eq(users.id, user.id));
    const login = await call('POST', '/api/login', { body: { email: user.email, password: 'password123' } });
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/admin/stats'],
      ['POST', '/api/premium/upgrade'],
    ]) {
      const res = await call(method, path, { cookie });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toBe(await login.clone().text());
    }
    expect(await login.text()).toBe(`${MSG.accountBanned}: Fraud`);
    // The session has ended: it is never live again, even once the ban is lifted.
    expect(await db.$count(sessions, and(eq(sessions.userId, user.id), gt(sessions.expire, new Date())))).toBe(0);
    await db.update(users).set({ accountStatus: 'active', suspensionReason: null }).where(eq(users.id, user.id));
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('keeps 401 for an ended session of an account in good standing', async () => {
    const { user, cookie } = await signedIn();
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await call('GET', '/api/user', { cookie });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
  });

  it('purging removes expired sessions and keeps live ones', async () => {
    const { purgeExpiredSessions } = await import('../../api/auth/sessions');
    const live = await signedIn();
    const old = await signedIn();
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.user.id));
    await purgeExpiredSessions();
    expect(await db.$count(sessions, eq(sessions.userId, old.user.id))).toBe(0);
    expect((await call('GET', '/api/user', { cookie: live.cookie })).status).toBe(200);
  });

  it('GET /api/login redirects to /auth', async () => {
    const res = await call('GET', '/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });
});

describe('foreign origins', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const res = await call('POST', '/api/register', {
      body: { email: 'evil@example.com', password: 'secret1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'evil@example.com') });
    expect(user).toBeUndefined();
  });

  it('accepts the same origin', async () => {
    const res = await call('POST', '/api/register', {
      body: { email: 'same@example.com', password: 'secret1' },
      headers: { origin: 'http://localhost:4321' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site fetch without an Origin header', async () => {
    const { cookie } = await signedIn();
    const res = await call('POST', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
  });
});

describe('registration throttling', () => {
  it('counts registrations of taken e-mails too', async () => {
    const ip = '198.51.100.77';
    const taken = await makeUser();
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) {
      expect(
        (await call('POST', '/api/register', { body: { email: taken.email, password: 'secret1' }, ip })).status,
      ).toBe(409);
    }
    expect(
      (await call('POST', '/api/register', { body: { email: 'fresh@example.com', password: 'secret1' }, ip })).status,
    ).toBe(429);
  });
});
