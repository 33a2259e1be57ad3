// Passwords of an account (docs/decisions/0093): "Forgot password?" answers the same for any address and is throttled
// per client and per address; the e-mail's link works once, for an hour, through a cookie only /auth/reset gets; a
// reset ends every session and signs in this browser; a Google-only account sets a password the same way; a change on
// /account needs the current password, ends the other sessions and keeps this one.
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { SESSION_COOKIE, createSession } from '../../api/auth/sessions';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { RATE_LIMITS } from '../../api/rate-limit';
import { db } from '../../db/client';
import { sessions, users, verifications, type User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { MSG } from '../../lib/messages';
import { BASE, call, makeUser, reloadUser, sessionCookie, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo } from '../helpers/admin';

let addresses = 0;
/** A fresh client address per test: the throttles count per address. */
const freshIp = () => `198.51.100.${++addresses}`;

/** A browser's request from this site: a form post (urlencoded) or a GET, never following a redirect. */
function browser(
  method: 'GET' | 'POST',
  path: string,
  { ip = freshIp(), cookie, fields }: { ip?: string; cookie?: string; fields?: Record<string, string> } = {},
) {
  const headers = new Headers({ origin: BASE, [CLIENT_IP_HEADER]: ip, accept: 'text/html' });
  if (cookie) headers.set('cookie', cookie);
  if (fields) headers.set('content-type', 'application/x-www-form-urlencoded');
  const body = fields ? new URLSearchParams(fields).toString() : undefined;
  return app.handle(new Request(`${BASE}${path}`, { method, headers, body, redirect: 'manual' }));
}

const forgot = (email: string, ip = freshIp()) =>
  call('POST', '/api/account/password/forgot', { body: { email }, ip, headers: { origin: BASE } });

/** The token of the newest reset link e-mailed to `email`, or undefined. */
async function resetToken(email: string): Promise<string | undefined> {
  const [mail] = (await emailsTo(email)).filter((m) => m.kind === 'reset-password');
  return mail?.text.match(/\/auth\/reset-link\/([A-Za-z0-9_-]+)/)?.[1];
}

/** Opens the link as the browser does: the cookie it sets for /auth/reset, as a Cookie header value. */
async function openLink(token: string, ip = freshIp()): Promise<{ res: Response; cookie: string | undefined }> {
  const res = await browser('GET', `/auth/reset-link/${token}`, { ip });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('reset=') && c !== 'reset=');
  return { res, cookie };
}

const sessionCount = async (userId: number) =>
  (await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0].n;

const liveProofs = async (userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.purpose, 'reset-password')))
  )[0].n;

/** A member who asked for a link and opened it: the reset cookie. */
async function openedLink(user: User): Promise<string> {
  expect((await forgot(user.email)).status).toBe(200);
  const { res, cookie } = await openLink((await resetToken(user.email))!);
  expect(res.status).toBe(303);
  return cookie!;
}

const login = (email: string, password: string) =>
  call('POST', '/api/login', { body: { email, password }, ip: freshIp(), headers: { origin: BASE } });

describe('Forgot password', () => {
  it('answers the same for an address with an account and one without; only the account gets the link', async () => {
    const user = await makeUser();
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: ACCOUNT_MSG.resetRequested });
    expect(await unknown.json()).toEqual({ message: ACCOUNT_MSG.resetRequested });
    const [mail] = await emailsTo(user.email);
    expect(mail).toMatchObject({ kind: 'reset-password', subject: 'Reset your password' });
    expect(await resetToken(user.email)).toBeDefined();
    expect(await emailsTo('nobody-here@example.com')).toHaveLength(0);
    // Only a hash is stored.
    const [proof] = await db.select().from(verifications).where(eq(verifications.userId, user.id));
    expect(proof.tokenHash).not.toBe(await resetToken(user.email));
  });

  it('sends nothing to a deleted account, and the link to a closed one (its owner signs in to restore it)', async () => {
    const deleted = await makeUser({ ...NO_PASSWORD, deletedAt: new Date(), closedAt: new Date() });
    const closed = await makeUser({ ...NO_PASSWORD, closedAt: new Date() });
    expect(await (await forgot(deleted.email)).json()).toEqual({ message: ACCOUNT_MSG.resetRequested });
    expect(await (await forgot(closed.email)).json()).toEqual({ message: ACCOUNT_MSG.resetRequested });
    expect(await emailsTo(deleted.email)).toHaveLength(0);
    expect(await resetToken(closed.email)).toBeDefined();
  });

  it('is throttled per e-mail address from any client, for unknown addresses too, and per client', async () => {
    const user = await makeUser(NO_PASSWORD);
    for (const email of [user.email, 'unknown-throttled@example.com']) {
      for (let i = 0; i < RATE_LIMITS['reset-request-email'].limit; i++) expect((await forgot(email)).status).toBe(200);
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toBe(ACCOUNT_MSG.resetTooMany);
    }
    expect((await emailsTo(user.email)).length).toBe(RATE_LIMITS['reset-request-email'].limit);

    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS['reset-request-address'].limit; i++)
      expect((await forgot(`spray-${i}@example.com`, ip)).status).toBe(200);
    expect((await forgot(user.email, ip)).status).toBe(429);
  });

  it('refuses a bad address with the message and sends nothing', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.invalidEmail);
  });

  it('works as a form without JavaScript: 303 to the page saying the link is on its way, or the page again', async () => {
    const user = await makeUser(NO_PASSWORD);
    const sent = await browser('POST', '/auth/forgot', { fields: { email: user.email } });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/auth/forgot/sent');
    expect(await resetToken(user.email)).toBeDefined();
    const refused = await browser('POST', '/auth/forgot', { fields: { email: 'nope' } });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(MSG.invalidEmail);
    expect(html).toContain('value="nope"');
  });

  it('a new request replaces the earlier link', async () => {
    const user = await makeUser(NO_PASSWORD);
    await forgot(user.email);
    const first = (await resetToken(user.email))!;
    await forgot(user.email);
    expect(await resetToken(user.email)).not.toBe(first);
    expect((await openLink(first)).res.status).toBe(400);
    expect(await liveProofs(user.id)).toBe(1);
  });
});

describe('The reset link and /auth/reset', () => {
  it('moves the token into a cookie only /auth/reset gets, and sends the browser there without it', async () => {
    const user = await makeUser(NO_PASSWORD);
    await forgot(user.email);
    const token = (await resetToken(user.email))!;
    const { res } = await openLink(token);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/reset');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('reset='))!;
    expect(setCookie).toContain(token);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/auth\/reset(;|$)/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
  });

  it('a reset sets the password, ends every session, verifies the address, audits, tells the owner and signs in here', async () => {
    const user = await makeUser();
    const other = await createSession(user.id);
    const cookie = await openedLink(user);
    const res = await browser('POST', '/auth/reset', {
      cookie,
      fields: { password: 'brand-new-secret', confirmPassword: 'brand-new-secret' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard');
    // The reset cookie is cleared; a session is started for this browser, the only one left.
    expect(res.headers.getSetCookie().some((c) => /^reset=;/.test(c))).toBe(true);
    const session = sessionCookie(res)!;
    expect((await call('GET', '/api/user', { cookie: session })).status).toBe(200);
    expect((await call('GET', '/api/user', { cookie: `${SESSION_COOKIE}=${other.token}` })).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await login(user.email, 'password123')).status).toBe(401);
    expect((await login(user.email, 'brand-new-secret')).status).toBe(200);
    expect((await reloadUser(user.id))!.emailVerifiedAt).not.toBeNull();
    const [audit] = await auditOf('user', user.id);
    expect(audit).toMatchObject({ action: 'account.password-reset', actorId: user.id });
    const [notice] = await emailsTo(user.email);
    expect(notice.kind).toBe('password-changed');
  });

  it('with two-factor on, a reset sets the password but signs in only after the code (the link proves the address alone)', async () => {
    const user = await makeUser({ twoFactorSecret: 'JBSWY3DPEHPK3PXP', twoFactorEnabledAt: new Date() });
    const res = await browser('POST', '/auth/reset', {
      cookie: await openedLink(user),
      fields: { password: 'brand-new-secret', confirmPassword: 'brand-new-secret' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/two-factor');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith('two_factor_sign_in=') && !/^two_factor_sign_in=;/.test(c)),
    ).toBe(true);
  });

  it('a closed account sets its new password and is offered the restore, with no session', async () => {
    const user = await makeUser({ closedAt: new Date() });
    const res = await browser('POST', '/auth/reset', {
      cookie: await openedLink(user),
      fields: { password: 'brand-new-secret', confirmPassword: 'brand-new-secret' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/restore');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await Bun.password.verify('brand-new-secret', (await reloadUser(user.id))!.password!)).toBe(true);
  });

  it('sends an admin to the panel after a reset', async () => {
    const admin = await makeUser({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
    const res = await browser('POST', '/auth/reset', {
      cookie: await openedLink(admin),
      fields: { password: 'admin-new-secret' },
    });
    expect(res.headers.get('location')).toBe('/admin');
  });

  it('the link works once: used again, it answers the one message and changes nothing', async () => {
    const user = await makeUser(NO_PASSWORD);
    await forgot(user.email);
    const token = (await resetToken(user.email))!;
    const { cookie } = await openLink(token);
    expect((await browser('POST', '/auth/reset', { cookie, fields: { password: 'first-new-one' } })).status).toBe(303);
    const hash = (await reloadUser(user.id))!.password;
    const again = await browser('POST', '/auth/reset', { cookie, fields: { password: 'second-new-one' } });
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain(ACCOUNT_MSG.linkInvalid);
    expect(html).toContain('href="/auth/forgot"');
    expect(sessionCookie(again)).toBeUndefined();
    expect((await reloadUser(user.id))!.password).toBe(hash);
    const reopened = await openLink(token);
    expect(reopened.res.status).toBe(400);
    expect(reopened.cookie).toBeUndefined();
    expect(await reopened.res.text()).toContain(ACCOUNT_MSG.linkInvalid);
  });

  it('an expired link refuses, at the link and at the form, and changes nothing', async () => {
    const user = await makeUser(NO_PASSWORD);
    const cookie = await openedLink(user);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, user.id));
    const res = await browser('POST', '/auth/reset', { cookie, fields: { password: 'too-late-now' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(ACCOUNT_MSG.linkInvalid);
    expect((await reloadUser(user.id))!.password).toBe(NO_PASSWORD.password);
    expect((await openLink((await resetToken(user.email))!)).res.status).toBe(400);
  });

  it('a foreign or missing token answers the one message', async () => {
    expect((await openLink('made-up-token')).res.status).toBe(400);
    const none = await browser('POST', '/auth/reset', { fields: { password: 'whatever-it-is' } });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(ACCOUNT_MSG.linkInvalid);
    const forged = await browser('POST', '/auth/reset', { cookie: 'reset=forged', fields: { password: 'whatever' } });
    expect(forged.status).toBe(400);
  });

  it("refuses a password breaking the spec's rule, or a confirmation that differs, and keeps the link", async () => {
    const user = await makeUser(NO_PASSWORD);
    const cookie = await openedLink(user);
    const short = await browser('POST', '/auth/reset', { cookie, fields: { password: '123' } });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(MSG.passwordTooShort);
    const differ = await browser('POST', '/auth/reset', {
      cookie,
      fields: { password: 'good-password', confirmPassword: 'other-password' },
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain(ACCOUNT_MSG.passwordsDiffer);
    expect(await liveProofs(user.id)).toBe(1);
    expect((await reloadUser(user.id))!.password).toBe(NO_PASSWORD.password);
  });

  it('throttles the new passwords posted from one client', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS['reset-post-address'].limit; i++)
      await browser('POST', '/auth/reset', { ip, cookie: `reset=guess-${i}`, fields: { password: 'guessing' } });
    const refused = await browser('POST', '/auth/reset', { ip, fields: { password: 'guessing' } });
    expect(refused.status).toBe(429);
  });

  it('lets a Google-only account (no password) set one the same way', async () => {
    const google = await makeUser({ googleId: `g-${crypto.randomUUID()}` });
    await db.update(users).set({ password: null }).where(eq(users.id, google.id));
    const res = await browser('POST', '/auth/reset', {
      cookie: await openedLink(google),
      fields: { password: 'my-first-password' },
    });
    expect(res.status).toBe(303);
    expect((await login(google.email, 'my-first-password')).status).toBe(200);
  });
});

describe('Change password on /account', () => {
  const change = (cookie: string, body: unknown, ip = freshIp()) =>
    call('POST', '/api/account/password', { cookie, body, ip, headers: { origin: BASE } });

  it('needs the current password: a wrong one is refused and changes nothing', async () => {
    const { user, cookie } = await signedIn();
    const res = await change(cookie, { currentPassword: 'not-it', password: 'another-secret' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(ACCOUNT_MSG.currentPasswordWrong);
    expect((await login(user.email, 'password123')).status).toBe(200);
    const short = await change(cookie, { currentPassword: 'password123', password: '123' });
    expect(short.status).toBe(400);
    expect(await short.text()).toBe(MSG.passwordTooShort);
  });

  it('sets the new password, ends the other sessions, keeps this one, audits and tells the owner', async () => {
    const { user, cookie } = await signedIn();
    const other = await createSession(user.id);
    const res = await change(cookie, { currentPassword: 'password123', password: 'changed-secret' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_MSG.passwordChanged });
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
    expect((await call('GET', '/api/user', { cookie: `${SESSION_COOKIE}=${other.token}` })).status).toBe(401);
    expect((await login(user.email, 'changed-secret')).status).toBe(200);
    const [audit] = await auditOf('user', user.id);
    expect(audit).toMatchObject({ action: 'account.password-change', actorId: user.id });
    expect((await emailsTo(user.email))[0].kind).toBe('password-changed');
  });

  it('checks the current password under a throttle per account, before hashing: past it even the right one is 429', async () => {
    const { cookie } = await signedIn();
    for (let i = 0; i < RATE_LIMITS['password-change-account'].limit; i++)
      expect((await change(cookie, { currentPassword: `wrong-${i}`, password: 'new-secret' })).status).toBe(400);
    const refused = await change(cookie, { currentPassword: 'password123', password: 'new-secret' });
    expect(refused.status).toBe(429);
  });

  it('is for a signed-in member only', async () => {
    const res = await call('POST', '/api/account/password', {
      body: { currentPassword: 'a', password: 'bbbbbbbb' },
      headers: { origin: BASE },
    });
    expect(res.status).toBe(401);
  });

  it('a Google-only account has no password to give: it sees so, and sends itself the link to set one', async () => {
    const { user, cookie } = await signedIn({ googleId: `g-${crypto.randomUUID()}` });
    await db.update(users).set({ password: null }).where(eq(users.id, user.id));
    expect(await (await call('GET', '/api/account/password', { cookie })).json()).toEqual({ hasPassword: false });
    const refused = await change(cookie, { currentPassword: 'anything', password: 'new-secret' });
    expect(refused.status).toBe(400);
    const sent = await call('POST', '/api/account/password/set-link', { cookie, headers: { origin: BASE } });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: ACCOUNT_MSG.setPasswordSent });
    expect(await resetToken(user.email)).toBeDefined();
    const withPassword = await signedIn(NO_PASSWORD);
    expect(await (await call('GET', '/api/account/password', { cookie: withPassword.cookie })).json()).toEqual({
      hasPassword: true,
    });
  });
});
