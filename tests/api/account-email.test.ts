// The account's address (docs/decisions/0094): the verification e-mail after registering, its link and code (once
// each, counted and throttled, one message for any dead one), asking for them again, and changing the address, which
// applies only once the new address opened its link.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { serveQueryPage } from '../../api/publishing/kept-renders';
import { RATE_LIMITS } from '../../api/rate-limit';
import { db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { MSG } from '../../lib/messages';
import { auditOf, emailsTo, NO_PASSWORD } from '../helpers/admin';
import { BASE, call, reloadUser, sessionCookie, signedIn } from '../helpers/api';

let addresses = 0;
const freshIp = () => `198.51.100.${++addresses}`;

/** Registers through the API; the new account and its session cookie. */
async function register(email: string) {
  const res = await call('POST', '/api/register', {
    body: { email, password: 'secret12', firstName: 'Ada' },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  const user = await db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
  return { user: user!, cookie: sessionCookie(res)! };
}

/** The link's path and the code of the newest e-mail of `kind` to `to`. */
async function mailed(to: string, kind: string) {
  const [email] = (await emailsTo(to)).filter((e) => e.kind === kind);
  expect(email, `${kind} to ${to}`).toBeDefined();
  const link = /\/auth\/verify-link\/[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  const code = /\b[0-9]{6}\b/.exec(email.subject)?.[0];
  return { email, link: link!, code };
}

const status = async (cookie: string) => (await call('GET', '/api/account/email', { cookie })).json();
const typeCode = (cookie: string, code: string) =>
  call('POST', '/api/account/email/verify', { cookie, body: { code } });
const proofOf = (userId: number, purpose: string) =>
  db.query.verifications.findFirst({
    where: and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)),
  });

describe('verifying the address', () => {
  it('registering sends the welcome and a verification e-mail with a link and a 6-digit code', async () => {
    const { cookie } = await register('Ada.Verify@Example.com');
    const kinds = (await emailsTo('ada.verify@example.com')).map((e) => e.kind).sort();
    expect(kinds).toEqual(['verify-email', 'welcome']);
    const { email, link, code } = await mailed('ada.verify@example.com', 'verify-email');
    expect(link).toBeTruthy();
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(email.text).toContain(code);
    expect(email.html).toContain(`href="${BASE}${link}"`);
    expect(await status(cookie)).toEqual({
      email: 'ada.verify@example.com',
      verified: false,
      pendingEmail: null,
      hasPassword: true,
    });
  });

  it('the link verifies the address once, signed in or not, and writes the audit row', async () => {
    const { user, cookie } = await register('link.once@example.com');
    const { link } = await mailed('link.once@example.com', 'verify-email');
    const res = await call('GET', link);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/verify?done=verified');
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await status(cookie)).verified).toBe(true);
    expect((await auditOf('user', user.id)).map((a) => a.action)).toContain('account.email-verified');

    const again = await call('GET', link);
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toContain('text/html');
    expect(await again.text()).toContain(ACCOUNT_MSG.linkInvalid.replaceAll("'", '&#39;'));
  });

  it('an unknown, expired or replaced link answers the one message and changes nothing', async () => {
    const { user, cookie } = await register('dead.link@example.com');
    const { link: first } = await mailed('dead.link@example.com', 'verify-email');
    expect((await call('GET', '/auth/verify-link/not-a-token')).status).toBe(400);
    // Asking again replaces the first link.
    expect((await call('POST', '/api/account/email/verification', { cookie })).status).toBe(200);
    expect((await call('GET', first)).status).toBe(400);
    const { link: second } = await mailed('dead.link@example.com', 'verify-email');
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, user.id));
    const expired = await call('GET', second);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('Send a new code');
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeNull();
  });

  it('the right code verifies; a wrong one is refused, counted on the proof, and changes nothing', async () => {
    const { user, cookie } = await register('code.right@example.com');
    const { code } = await mailed('code.right@example.com', 'verify-email');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await typeCode(cookie, wrong);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await proofOf(user.id, 'verify-email'))?.attempts).toBe(1);
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeNull();

    const ok = await typeCode(cookie, ` ${code!} `);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ verified: true });
    // Used: the same code again is the one message.
    expect((await typeCode(cookie, code!)).status).toBe(400);
  });

  it('five wrong codes spend the proof: the right one no longer works', async () => {
    const { user, cookie } = await register('code.spent@example.com');
    const { code } = await mailed('code.spent@example.com', 'verify-email');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await typeCode(cookie, wrong)).status).toBe(400);
    expect(await proofOf(user.id, 'verify-email')).toBeUndefined();
    expect((await typeCode(cookie, code!)).status).toBe(400);
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeNull();
  });

  it('codes are throttled per account, before any is checked', async () => {
    const { user, cookie } = await register('code.throttle@example.com');
    const { code } = await mailed('code.throttle@example.com', 'verify-email');
    const limit = RATE_LIMITS['verify-email-code'].limit;
    // Spread over fresh proofs so the proof's own count never spends it first.
    for (let i = 0; i < limit; i++) {
      await db.update(verifications).set({ attempts: 0 }).where(eq(verifications.userId, user.id));
      expect((await typeCode(cookie, code === '000000' ? '111111' : '000000')).status).toBe(400);
    }
    const throttled = await typeCode(cookie, code!);
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toBe(ACCOUNT_MSG.tooManyCodes);
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeNull();
  });

  it("another account's code is the one message, and neither account changes", async () => {
    const owner = await register('code.owner@example.com');
    const { code } = await mailed('code.owner@example.com', 'verify-email');
    const other = await register('code.other@example.com');
    const res = await typeCode(other.cookie, code!);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await reloadUser(owner.user.id))?.emailVerifiedAt).toBeNull();
    expect((await reloadUser(other.user.id))?.emailVerifiedAt).toBeNull();
  });

  it('an expired code is the one message', async () => {
    const { user, cookie } = await register('code.expired@example.com');
    const { code } = await mailed('code.expired@example.com', 'verify-email');
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, user.id));
    expect((await typeCode(cookie, code!)).status).toBe(400);
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeNull();
  });

  it('a code that is not 6 digits is a 400 with its message', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    const res = await typeCode(cookie, '12ab');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(ACCOUNT_MSG.codeFormat);
  });

  it('asking again is throttled per account, and a verified account gets 409', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    const limit = RATE_LIMITS['verify-email-send'].limit;
    for (let i = 0; i < limit; i++)
      expect((await call('POST', '/api/account/email/verification', { cookie })).status).toBe(200);
    const throttled = await call('POST', '/api/account/email/verification', { cookie });
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toBe(ACCOUNT_MSG.tooManyEmails);

    const verified = await signedIn({ ...NO_PASSWORD, emailVerifiedAt: new Date() });
    const res = await call('POST', '/api/account/email/verification', { cookie: verified.cookie });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(ACCOUNT_MSG.alreadyVerified);
    expect(await emailsTo(verified.user.email)).toHaveLength(0);
  });

  it('the calls need a session', async () => {
    expect((await call('GET', '/api/account/email')).status).toBe(401);
    expect((await call('POST', '/api/account/email/verify', { body: { code: '123456' } })).status).toBe(401);
    expect((await call('POST', '/api/account/email/verification')).status).toBe(401);
  });
});

describe('the /auth/verify form without JavaScript', () => {
  /** A browser's form post from this site (urlencoded, with Origin). */
  const post = (fields: Record<string, string>, cookie?: string) =>
    app.handle(
      new Request(`${BASE}/auth/verify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: BASE,
          [CLIENT_IP_HEADER]: freshIp(),
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );

  it('signed out, it goes to sign-in and back', async () => {
    const res = await post({ code: '123456' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth?next=%2Fauth%2Fverify');
  });

  it('the right code goes to the page saying so; a wrong one is the page again with the message', async () => {
    const { user, cookie } = await register('form.code@example.com');
    const { code } = await mailed('form.code@example.com', 'verify-email');
    const wrong = await post({ code: code === '000000' ? '111111' : '000000' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('data-testid="verify-error"');
    const right = await post({ code: code! }, cookie);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/auth/verify?done=verified');
    expect((await reloadUser(user.id))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('"Send a new code" sends one and says so', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const res = await post({ intent: 'resend' }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/verify?sent=1');
    expect((await emailsTo(user.email)).map((e) => e.kind)).toEqual(['verify-email']);
  });
});

describe('/auth/verify with a query, rendered on demand without JavaScript', () => {
  const get = async (path: string) =>
    (await serveQueryPage(new Request(`${BASE}${path}`), new URL(`${BASE}${path}`).pathname))?.text();

  it('says what a link or code did, and that a new code was sent', async () => {
    expect(await get('/auth/verify?done=verified')).toContain(ACCOUNT_MSG.emailVerified);
    expect(await get('/auth/verify?done=changed')).toContain(ACCOUNT_MSG.emailChanged);
    expect(await get('/auth/verify?sent=1')).toContain(ACCOUNT_MSG.verificationSent);
  });

  it('leaves any other query to the static file', () => {
    expect(serveQueryPage(new Request(`${BASE}/auth/verify?done=hacked`), '/auth/verify')).toBeNull();
    expect(serveQueryPage(new Request(`${BASE}/auth/verify?sent=2`), '/auth/verify')).toBeNull();
  });
});

describe('changing the address', () => {
  const change = (cookie: string, body: Record<string, string>) => call('POST', '/api/account/email', { cookie, body });

  it('does not apply until the new address opens its link; then applies, verified, and tells the old one', async () => {
    const { user, cookie } = await signedIn();
    const res = await change(cookie, { email: 'New.Home@Example.com', currentPassword: 'password123' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      email: user.email,
      verified: false,
      pendingEmail: 'new.home@example.com',
      hasPassword: true,
    });
    expect((await reloadUser(user.id))?.email).toBe(user.email);
    expect((await emailsTo(user.email)).map((e) => e.kind)).toEqual(['email-change-requested']);
    const { link } = await mailed('new.home@example.com', 'email-change-verify');
    expect((await auditOf('user', user.id)).map((a) => a.action)).toEqual(['account.email-change-requested']);

    const opened = await call('GET', link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/auth/verify?done=changed');
    const after = await reloadUser(user.id);
    expect(after?.email).toBe('new.home@example.com');
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await emailsTo(user.email)).map((e) => e.kind)).toEqual(['email-change-applied', 'email-change-requested']);
    expect((await auditOf('user', user.id))[0]).toMatchObject({
      action: 'account.email-change',
      before: { email: user.email },
      after: { email: 'new.home@example.com' },
    });
    expect(await status(cookie)).toMatchObject({ email: 'new.home@example.com', verified: true, pendingEmail: null });
    // Used once: the link is dead now.
    expect((await call('GET', link)).status).toBe(400);
    // Signing in takes the new address.
    const login = await call('POST', '/api/login', {
      body: { email: 'new.home@example.com', password: 'password123' },
      ip: freshIp(),
    });
    expect(login.status).toBe(200);
  });

  it('asks for the current password of a password account, and refuses a wrong one', async () => {
    const { user, cookie } = await signedIn();
    const missing = await change(cookie, { email: 'nopass@example.com' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe(ACCOUNT_MSG.currentPasswordRequired);
    const wrong = await change(cookie, { email: 'nopass@example.com', currentPassword: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toBe(ACCOUNT_MSG.currentPasswordWrong);
    expect(await proofOf(user.id, 'change-email')).toBeUndefined();
    expect(await emailsTo('nopass@example.com')).toHaveLength(0);
  });

  it('a Google-only account changes it without a password; the new address proves itself', async () => {
    const { user, cookie } = await signedIn({ googleId: 'g-change', emailVerifiedAt: new Date() });
    await db.update(users).set({ password: null }).where(eq(users.id, user.id));
    expect((await status(cookie)).hasPassword).toBe(false);
    const res = await change(cookie, { email: 'google.new@example.com' });
    expect(res.status).toBe(200);
    expect((await reloadUser(user.id))?.email).toBe(user.email);
    expect(await emailsTo('google.new@example.com')).toHaveLength(1);
  });

  it('refuses an address another account has, when asked and when the link is opened', async () => {
    const { user, cookie } = await signedIn();
    const other = await signedIn(NO_PASSWORD);
    const taken = await change(cookie, { email: other.user.email, currentPassword: 'password123' });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toBe(MSG.emailTaken);
    expect(await proofOf(user.id, 'change-email')).toBeUndefined();

    expect((await change(cookie, { email: 'race@example.com', currentPassword: 'password123' })).status).toBe(200);
    const { link } = await mailed('race@example.com', 'email-change-verify');
    await db.update(users).set({ email: 'race@example.com' }).where(eq(users.id, other.user.id));
    const late = await call('GET', link);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(MSG.emailTaken);
    expect((await reloadUser(user.id))?.email).toBe(user.email);
    expect((await emailsTo(user.email)).map((e) => e.kind)).toEqual(['email-change-requested']);
  });

  it('refuses the address it already has, and a malformed one', async () => {
    const { user, cookie } = await signedIn();
    const same = await change(cookie, { email: user.email.toUpperCase(), currentPassword: 'password123' });
    expect(same.status).toBe(400);
    expect(await same.text()).toBe(ACCOUNT_MSG.emailUnchanged);
    const bad = await change(cookie, { email: 'not-an-address', currentPassword: 'password123' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(MSG.invalidEmail);
  });

  it('a cancelled change never applies', async () => {
    const { user, cookie } = await signedIn();
    await change(cookie, { email: 'cancel.me@example.com', currentPassword: 'password123' });
    const { link } = await mailed('cancel.me@example.com', 'email-change-verify');
    const res = await call('DELETE', '/api/account/email/change', { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).pendingEmail).toBeNull();
    expect((await call('GET', link)).status).toBe(400);
    expect((await reloadUser(user.id))?.email).toBe(user.email);
  });

  it('changes are throttled per account before the password is checked', async () => {
    const { user, cookie } = await signedIn();
    const limit = RATE_LIMITS['email-change-account'].limit;
    for (let i = 0; i < limit; i++)
      await change(cookie, { email: `try${i}@example.com`, currentPassword: 'wrong-one' });
    const throttled = await change(cookie, { email: 'last@example.com', currentPassword: 'password123' });
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toBe(ACCOUNT_MSG.tooManyChanges);
    expect(await proofOf(user.id, 'change-email')).toBeUndefined();
  });
});
