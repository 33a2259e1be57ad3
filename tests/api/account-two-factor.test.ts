// Two-factor sign-in (decision 0095): enrolment with an authenticator app, the code step of every sign-in point (the
// JSON login, the form without JavaScript, Google), recovery codes, turning it off, the throttles, and the setting that
// requires it of administrators.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { app } from '../../api/app';
import { config, readConfig } from '../../api/config';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { db } from '../../db/client';
import { auditLog, recoveryCodes } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { BASE, call, reloadUser, sessionCookie, signedIn } from '../helpers/api';

let addresses = 0;
/** A client address of its own per test: the throttles count per address. */
const freshIp = () => `198.51.100.${++addresses}`;

/** The authenticator app's code `steps` time steps (30 s) from now. */
function codeFor(secret: string, steps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/** The Cookie header value of the cookies a response set (name=value; ...), leaving out the ones it cleared. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

/** A signed-in member who has turned two-factor on: their secret, recovery codes and client address. */
async function enrolled() {
  const ip = freshIp();
  const { user, cookie } = await signedIn();
  const { secret } = await json<{ secret: string }>(
    await call('POST', '/api/account/two-factor/setup', { cookie, ip }),
  );
  const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(
    await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: codeFor(secret) } }),
  );
  return { user, cookie, secret, codes, ip };
}

/** POST /api/login with the test password: the answer, and the cookies it set. */
async function passwordSignIn(email: string, ip: string) {
  const res = await call('POST', '/api/login', { ip, body: { email, password: 'password123' } });
  return { res, cookie: cookiesOf(res) };
}

/** A browser's urlencoded form post from this site. */
function formPost(path: string, fields: Record<string, string>, ip: string, cookie?: string) {
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    origin: BASE,
    [CLIENT_IP_HEADER]: ip,
    accept: 'text/html',
  });
  if (cookie) headers.set('cookie', cookie);
  return app.handle(
    new Request(`${BASE}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString() }),
  );
}

const actions = async (userId: number) =>
  (
    await db.query.auditLog.findMany({
      where: and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
      orderBy: auditLog.id,
    })
  ).map((row) => row.action);

describe('enrolling on the account page', () => {
  it('answers a QR code and the secret, and turns on only with a right first code, giving ten recovery codes once', async () => {
    const ip = freshIp();
    const { user, cookie } = await signedIn();
    expect(await json(await call('GET', '/api/account/two-factor', { cookie }))).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await json<{ otpauthUri: string; qrSvg: string; secret: string }>(
      await call('POST', '/api/account/two-factor/setup', { cookie, ip }),
    );
    const uri = OTPAuth.URI.parse(setup.otpauthUri) as OTPAuth.TOTP;
    expect(uri).toBeInstanceOf(OTPAuth.TOTP);
    expect([uri.issuer, uri.label, uri.digits, uri.period, uri.algorithm]).toEqual([
      'AI Tools Directory',
      user.email,
      6,
      30,
      'SHA1',
    ]);
    expect(uri.secret.base32).toBe(setup.secret);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until the app proves it has the secret.
    expect((await reloadUser(user.id))?.twoFactorEnabledAt).toBeNull();

    const wrong = await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: '000000' } });
    expect([wrong.status, await wrong.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeWrong]);
    expect((await reloadUser(user.id))?.twoFactorSecret).toBeNull();

    const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(
      await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: codeFor(setup.secret) } }),
    );
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await db.query.recoveryCodes.findMany({ where: eq(recoveryCodes.userId, user.id) });
    expect(stored.map((r) => r.codeHash).some((hash) => codes.some((code) => hash.includes(code)))).toBe(false);
    const after = await reloadUser(user.id);
    expect(after?.twoFactorSecret).toBe(setup.secret);
    const status = await json(await call('GET', '/api/account/two-factor', { cookie }));
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await actions(user.id)).toEqual(['account.two-factor-enable']);
    // Once on, a new secret is not handed out.
    const again = await call('POST', '/api/account/two-factor/setup', { cookie, ip });
    expect([again.status, await again.text()]).toEqual([409, ACCOUNT_MSG.twoFactorAlreadyOn]);
  });

  it('refuses to confirm without a set-up, and a set-up spent by wrong codes must start again', async () => {
    const ip = freshIp();
    const { user, cookie } = await signedIn();
    const none = await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: '123456' } });
    expect([none.status, await none.text()]).toEqual([400, ACCOUNT_MSG.twoFactorSetupExpired]);
    const { secret } = await json<{ secret: string }>(
      await call('POST', '/api/account/two-factor/setup', { cookie, ip }),
    );
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: 'abc' } });
    const late = await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: codeFor(secret) } });
    expect([late.status, await late.text()]).toEqual([400, ACCOUNT_MSG.twoFactorSetupExpired]);
    expect((await reloadUser(user.id))?.twoFactorEnabledAt).toBeNull();
  });

  it('refuses a missing or an overlong code with its message, before any set-up is looked at', async () => {
    const ip = freshIp();
    const { cookie } = await signedIn();
    const missing = await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: ' ' } });
    expect([missing.status, await missing.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeMissing]);
    const long = await call('POST', '/api/account/two-factor/enable', { cookie, ip, body: { code: '1'.repeat(41) } });
    expect([long.status, await long.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeTooLong]);
  });

  it('is for signed-in members only', async () => {
    for (const [method, path] of [
      ['GET', '/api/account/two-factor'],
      ['POST', '/api/account/two-factor/setup'],
      ['POST', '/api/account/two-factor/enable'],
      ['POST', '/api/account/two-factor/disable'],
      ['POST', '/api/account/two-factor/recovery-codes'],
    ])
      expect((await call(method, path, { body: method === 'POST' ? { code: '123456' } : undefined })).status).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('starts no session after the password: a 401 with the X-Two-Factor header, then the code signs in', async () => {
    const { user, secret, ip } = await enrolled();
    const { res, cookie } = await passwordSignIn(user.email, ip);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-two-factor')).toBe('required');
    expect(await res.text()).toBe(ACCOUNT_MSG.twoFactorRequired);
    expect(sessionCookie(res)).toBeUndefined();
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);

    const wrong = await call('POST', '/api/login/two-factor', { cookie, ip, body: { code: '000000' } });
    expect([wrong.status, await wrong.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeWrong]);
    expect(sessionCookie(wrong)).toBeUndefined();

    const right = await call('POST', '/api/login/two-factor', { cookie, ip, body: { code: codeFor(secret, 1) } });
    const answer = await json(right);
    expect(answer).toMatchObject({ id: user.id, email: user.email });
    const session = sessionCookie(right);
    expect(session).toBeDefined();
    expect((await call('GET', '/api/user', { cookie: session })).status).toBe(200);
    // The waiting sign-in is used up.
    const reused = await call('POST', '/api/login/two-factor', { cookie, ip, body: { code: codeFor(secret, -1) } });
    expect([reused.status, await reused.text()]).toEqual([401, ACCOUNT_MSG.twoFactorSignInExpired]);
  });

  it('takes each authenticator code once: the same code again within its 30 seconds is refused', async () => {
    const { user, secret, ip } = await enrolled();
    const code = codeFor(secret, 1);
    const first = await passwordSignIn(user.email, ip);
    await json(await call('POST', '/api/login/two-factor', { cookie: first.cookie, ip, body: { code } }));
    const second = await passwordSignIn(user.email, ip);
    const replay = await call('POST', '/api/login/two-factor', { cookie: second.cookie, ip, body: { code } });
    expect([replay.status, await replay.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeUsed]);
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { user, cookie: account, codes, ip } = await enrolled();
    const first = await passwordSignIn(user.email, ip);
    const typed = codes[3].toUpperCase().replace('-', ' ');
    await json(await call('POST', '/api/login/two-factor', { cookie: first.cookie, ip, body: { code: typed } }));
    expect(await actions(user.id)).toEqual(['account.two-factor-enable', 'account.recovery-code-used']);
    expect(await json(await call('GET', '/api/account/two-factor', { cookie: account }))).toMatchObject({
      recoveryCodesLeft: 9,
    });
    const second = await passwordSignIn(user.email, ip);
    const again = await call('POST', '/api/login/two-factor', { cookie: second.cookie, ip, body: { code: codes[3] } });
    expect([again.status, await again.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeWrong]);
  });

  it('spends a sign-in after five wrong codes and throttles the account, a right code included, past ten', async () => {
    const { user, secret, ip } = await enrolled();
    const first = await passwordSignIn(user.email, ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/login/two-factor', { cookie: first.cookie, ip, body: { code: '111111' } });
      expect(wrong.status).toBe(400);
    }
    const spent = await call('POST', '/api/login/two-factor', {
      cookie: first.cookie,
      ip,
      body: { code: codeFor(secret) },
    });
    expect([spent.status, await spent.text()]).toEqual([401, ACCOUNT_MSG.twoFactorSignInExpired]);
    // Five more from another address: the account has now had ten wrong codes, and a new sign-in's right code waits.
    const elsewhere = freshIp();
    const second = await passwordSignIn(user.email, elsewhere);
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/login/two-factor', { cookie: second.cookie, ip: elsewhere, body: { code: '222222' } });
    const last = await passwordSignIn(user.email, elsewhere);
    const third = await call('POST', '/api/login/two-factor', {
      cookie: last.cookie,
      ip: freshIp(),
      body: { code: codeFor(secret, 1) },
    });
    expect([third.status, await third.text()]).toEqual([429, ACCOUNT_MSG.twoFactorTooManyTries]);
    expect(sessionCookie(third)).toBeUndefined();
  });

  it('asks the form without JavaScript for the code on its own page, keeping the page to return to', async () => {
    const { user, secret, ip } = await enrolled();
    const login = await formPost('/auth/login', { email: user.email, password: 'password123', next: '/submit' }, ip);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/auth/two-factor?next=%2Fsubmit');
    expect(sessionCookie(login)).toBeUndefined();
    const cookie = cookiesOf(login);

    const wrong = await formPost('/auth/two-factor', { code: '000000', next: '/submit' }, ip, cookie);
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toContain(ACCOUNT_MSG.twoFactorCodeWrong.replace("'", '&#39;'));
    expect(page).toMatch(/<form\b[^>]*action="\/auth\/two-factor"/);

    const right = await formPost('/auth/two-factor', { code: codeFor(secret, 1) }, ip, cookie);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/submit');
    expect((await call('GET', '/api/user', { cookie: sessionCookie(right) })).status).toBe(200);
  });

  it('sends a code with no sign-in behind it back to sign in, saying so', async () => {
    const res = await formPost('/auth/two-factor', { code: '123456' }, freshIp());
    expect(res.status).toBe(401);
    const page = await res.text();
    expect(page).toContain(ACCOUNT_MSG.twoFactorSignInExpired);
    expect(page).toMatch(/<form\b[^>]*action="\/auth\/login"/);
    const json = await call('POST', '/api/login/two-factor', { body: { code: '123456' } });
    expect([json.status, await json.text()]).toEqual([401, ACCOUNT_MSG.twoFactorSignInExpired]);
  });
});

describe('Sign in with Google and two-factor', () => {
  afterEach(() => {
    config.google.clientId = '';
    config.google.clientSecret = '';
    vi.unstubAllGlobals();
  });

  it('asks for the code after Google too, starting no session before it', async () => {
    const { user, secret, ip } = await enrolled();
    config.google.clientId = 'client-id';
    config.google.clientSecret = 'client-secret';
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = { iss: 'https://accounts.google.com', aud: 'client-id', sub: `g-${user.id}`, email: user.email };
    const idToken = `${part({ alg: 'RS256' })}.${part({ ...claims, email_verified: true })}.signature`;
    vi.stubGlobal('fetch', async () => Response.json({ access_token: 'at', token_type: 'Bearer', id_token: idToken }));
    const start = await call('GET', '/auth/google?next=%2Fsubmit', { ip });
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const callback = await call('GET', `/auth/google/callback?code=c&state=${state}`, { ip, cookie: cookiesOf(start) });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth/two-factor?next=%2Fsubmit');
    expect(sessionCookie(callback)).toBeUndefined();
    const right = await formPost('/auth/two-factor', { code: codeFor(secret, 1) }, ip, cookiesOf(callback));
    expect(right.headers.get('location')).toBe('/submit');
    expect(sessionCookie(right)).toBeDefined();
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('turns off only with a right code; then the password alone signs in again', async () => {
    const { user, cookie, secret, ip } = await enrolled();
    const wrong = await call('POST', '/api/account/two-factor/disable', { cookie, ip, body: { code: '000000' } });
    expect([wrong.status, await wrong.text()]).toEqual([400, ACCOUNT_MSG.twoFactorCodeWrong]);
    expect((await reloadUser(user.id))?.twoFactorEnabledAt).not.toBeNull();
    const off = await call('POST', '/api/account/two-factor/disable', {
      cookie,
      ip,
      body: { code: codeFor(secret, 1) },
    });
    expect(await json(off)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const after = await reloadUser(user.id);
    expect([after?.twoFactorSecret, after?.twoFactorEnabledAt]).toEqual([null, null]);
    expect(await db.query.recoveryCodes.findMany({ where: eq(recoveryCodes.userId, user.id) })).toEqual([]);
    expect(await actions(user.id)).toEqual(['account.two-factor-enable', 'account.two-factor-disable']);
    const { res } = await passwordSignIn(user.email, ip);
    expect(res.status).toBe(200);
    const again = await call('POST', '/api/account/two-factor/disable', { cookie, ip, body: { code: '123456' } });
    expect([again.status, await again.text()]).toEqual([409, ACCOUNT_MSG.twoFactorNotOn]);
  });

  it('turns off with a recovery code too', async () => {
    const { user, cookie, codes, ip } = await enrolled();
    await json(await call('POST', '/api/account/two-factor/disable', { cookie, ip, body: { code: codes[0] } }));
    expect((await reloadUser(user.id))?.twoFactorEnabledAt).toBeNull();
  });

  it('replaces every recovery code for a right code', async () => {
    const { user, cookie, secret, codes, ip } = await enrolled();
    const wrong = await call('POST', '/api/account/two-factor/recovery-codes', { cookie, ip, body: { code: '1' } });
    expect(wrong.status).toBe(400);
    const { recoveryCodes: fresh } = await json<{ recoveryCodes: string[] }>(
      await call('POST', '/api/account/two-factor/recovery-codes', { cookie, ip, body: { code: codeFor(secret, 1) } }),
    );
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await actions(user.id)).toEqual(['account.two-factor-enable', 'account.recovery-codes']);
    const first = await passwordSignIn(user.email, ip);
    const old = await call('POST', '/api/login/two-factor', { cookie: first.cookie, ip, body: { code: codes[1] } });
    expect(old.status).toBe(400);
    await json(await call('POST', '/api/login/two-factor', { cookie: first.cookie, ip, body: { code: fresh[1] } }));
  });
});

describe('REQUIRE_ADMIN_TWO_FACTOR', () => {
  afterEach(() => {
    config.requireAdminTwoFactor = false;
  });

  it('is read from the environment, off unless set to 1', () => {
    expect(readConfig({}).requireAdminTwoFactor).toBe(false);
    expect(readConfig({ REQUIRE_ADMIN_TWO_FACTOR: '1' }).requireAdminTwoFactor).toBe(true);
    expect(() => readConfig({ REQUIRE_ADMIN_TWO_FACTOR: 'yes' })).toThrow(/REQUIRE_ADMIN_TWO_FACTOR/);
  });

  it('refuses every admin call to an isAdmin account without two-factor, leaving its account page open', async () => {
    const { cookie } = await signedIn({ isAdmin: true, role: 'admin' });
    expect((await call('GET', '/api/admin/stats', { cookie })).status).toBe(200);
    config.requireAdminTwoFactor = true;
    const refused = await call('GET', '/api/admin/stats', { cookie });
    expect([refused.status, await refused.text()]).toEqual([403, ACCOUNT_MSG.adminTwoFactorRequired]);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
    const setup = await json<{ secret: string }>(
      await call('POST', '/api/account/two-factor/setup', { cookie, ip: freshIp() }),
    );
    await json(
      await call('POST', '/api/account/two-factor/enable', {
        cookie,
        ip: freshIp(),
        body: { code: codeFor(setup.secret) },
      }),
    );
    expect((await call('GET', '/api/admin/stats', { cookie })).status).toBe(200);
  });

  it("is shown in the admin's Settings", async () => {
    const { cookie } = await signedIn({ isAdmin: true, role: 'admin' });
    const off = await json<{ adminTwoFactor: unknown }>(await call('GET', '/api/admin/settings', { cookie }));
    expect(off.adminTwoFactor).toEqual({ required: false });
    config.requireAdminTwoFactor = true;
    const { cookie: enrolledAdmin } = await signedIn({ isAdmin: true, role: 'admin', twoFactorEnabledAt: new Date() });
    const on = await json<{ adminTwoFactor: unknown }>(
      await call('GET', '/api/admin/settings', { cookie: enrolledAdmin }),
    );
    expect(on.adminTwoFactor).toEqual({ required: true });
  });

  it('leaves staff roles without the isAdmin flag as they are', async () => {
    config.requireAdminTwoFactor = true;
    const { cookie } = await signedIn({ role: 'staff' });
    expect((await call('GET', '/api/admin/stats', { cookie })).status).toBe(200);
  });
});
