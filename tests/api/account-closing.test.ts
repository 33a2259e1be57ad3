// Closing an account, restoring it, and the daily deletion 30 days later (docs/decisions/0097): each rule as a caller
// sees it, through the app's own routes, with the deletion job's clock passed in.
import { and, eq, ne } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { deleteClosedAccounts, deletedEmail } from '../../api/account/deletion';
import { RESTORE_COOKIE } from '../../api/account/restore-step';
import { app } from '../../api/app';
import { config } from '../../api/config';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { RATE_LIMITS } from '../../api/rate-limit';
import { db } from '../../db/client';
import {
  changeRequests,
  contactMessages,
  emailOutbox,
  recoveryCodes,
  sessions,
  subscriptions,
  users,
  verifications,
} from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { ACCOUNT_DELETION_DAYS } from '../../lib/constants';
import { ACCOUNT_CLOSED_HEADER } from '../../lib/form-pages';
import { TWO_FACTOR_HEADER, TWO_FACTOR_REQUIRED } from '../../lib/two-factor';
import { BASE, call, makeUser, reloadUser, sessionCookie, signedIn } from '../helpers/api';
import { auditOf, emailsTo, makeChangeRequest, makeTool, reloadTool } from '../helpers/admin';
import { useStripeDouble } from '../helpers/stripe';

const DAY = 24 * 60 * 60 * 1000;
let addresses = 0;
const freshIp = () => `198.51.100.${++addresses}`;

const close = (cookie: string, body: unknown) => call('POST', '/api/account/close', { cookie, body });
const login = (email: string, password = 'password123') =>
  call('POST', '/api/login', { body: { email, password }, ip: freshIp() });

/** The Cookie header of the restore cookie a response set. */
function restoreCookie(res: Response): string | undefined {
  const match = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${RESTORE_COOKIE}=`));
  return match && match !== `${RESTORE_COOKIE}=` ? match : undefined;
}

/** A browser's request to /auth/restore (a page, or its form's post), holding `cookie`. */
function restorePage(method: 'GET' | 'POST', cookie?: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: freshIp(), accept: 'text/html', origin: BASE });
  if (cookie) headers.set('cookie', cookie);
  if (method === 'POST') headers.set('content-type', 'application/x-www-form-urlencoded');
  return app.handle(
    new Request(`${BASE}/auth/restore`, {
      method,
      headers,
      body: method === 'POST' ? '' : undefined,
      redirect: 'manual',
    }),
  );
}

/** A member with a password, signed in on two devices. */
async function memberOnTwoDevices(values: Parameters<typeof signedIn>[0] = {}) {
  const { user, cookie } = await signedIn(values);
  const other = sessionCookie(await login(user.email));
  expect(other).toBeDefined();
  return { user, cookie, other: other as string };
}

const liveSessions = async (userId: number) => db.select().from(sessions).where(eq(sessions.userId, userId));

describe('closing an account', () => {
  it('needs the current password: none or a wrong one is refused and changes nothing', async () => {
    const { user, cookie } = await signedIn();
    const none = await close(cookie, {});
    expect(none.status).toBe(400);
    expect(await none.text()).toBe(ACCOUNT_MSG.closePasswordRequired);
    const wrong = await close(cookie, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toBe(ACCOUNT_MSG.closeWrongPassword);
    expect((await reloadUser(user.id))?.closedAt).toBeNull();
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
  });

  it('is throttled per account before the password is hashed', async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < RATE_LIMITS['close-account'].limit; i++) {
      expect((await close(cookie, { password: 'wrong-password' })).status).toBe(400);
    }
    const refused = await close(cookie, { password: 'password123' });
    expect(refused.status).toBe(429);
    expect((await reloadUser(user.id))?.closedAt).toBeNull();
  });

  it('ends every session at once, withdraws pending tools and change requests, keeps approved tools, audits', async () => {
    const { user, cookie, other } = await memberOnTwoDevices();
    const pending = await makeTool({ submittedById: user.id });
    const approved = await makeTool({ submittedById: user.id, status: 'approved' });
    const request = await makeChangeRequest(approved, { description: 'A better description of the tool.' });
    await db.insert(verifications).values({
      userId: user.id,
      purpose: 'verify-email',
      tokenHash: 'x'.repeat(64),
      expiresAt: new Date(Date.now() + DAY),
    });

    const res = await close(cookie, { password: 'password123' });
    expect(res.status).toBe(200);
    const { deletionDate } = await res.json();
    const closedAt = (await reloadUser(user.id))?.closedAt as Date;
    expect(closedAt).toBeInstanceOf(Date);
    expect(new Date(deletionDate).getTime()).toBe(closedAt.getTime() + ACCOUNT_DELETION_DAYS * DAY);
    // This browser's cookie is cleared; every session, the other device's too, is gone.
    expect(res.headers.getSetCookie().some((c) => /^(__Host-)?sid=;/.test(c))).toBe(true);
    expect(await liveSessions(user.id)).toHaveLength(0);
    const stray = await call('GET', '/api/user', { cookie: other });
    expect(stray.status).toBe(401);
    expect(await db.select().from(verifications).where(eq(verifications.userId, user.id))).toHaveLength(0);

    const withdrawn = await reloadTool(pending.id);
    expect(withdrawn?.status).toBe('rejected');
    expect(withdrawn?.rejectionReason).toBe(ACCOUNT_MSG.toolWithdrawnByClosing);
    expect((await reloadTool(approved.id))?.status).toBe('approved');
    const [req] = await db.select().from(changeRequests).where(eq(changeRequests.id, request.id));
    expect(req.status).toBe('rejected');

    const [audit] = await auditOf('user', user.id);
    expect(audit.action).toBe('account.close');
    expect(audit.after).toMatchObject({ withdrawnTools: [pending.id], withdrawnChangeRequests: [request.id] });
    const [mail] = await emailsTo(user.email);
    expect(mail.kind).toBe('account-closed');
    expect(mail.text).toContain('Restore');
  });

  it('refuses the last isAdmin account that is not closed, and allows it while another admin remains', async () => {
    const { user: admin, cookie } = await signedIn({ isAdmin: true, role: 'admin' });
    // Every other administrator is closed: this one is the last.
    await db
      .update(users)
      .set({ closedAt: new Date() })
      .where(and(eq(users.isAdmin, true), ne(users.id, admin.id)));
    const refused = await close(cookie, { password: 'password123' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe(ACCOUNT_MSG.lastAdminCannotClose);
    expect((await reloadUser(admin.id))?.closedAt).toBeNull();
    expect(await liveSessions(admin.id)).toHaveLength(1);

    await makeUser({ isAdmin: true, role: 'admin' });
    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
  });

  it('a Google-only account confirms with a code e-mailed to it, single-use', async () => {
    const { user, cookie } = await signedIn({ googleId: `g-${crypto.randomUUID()}` });
    await db.update(users).set({ password: null }).where(eq(users.id, user.id));
    expect(await (await call('GET', '/api/account/close', { cookie })).json()).toEqual({
      confirmWith: 'code',
      deletionDays: ACCOUNT_DELETION_DAYS,
    });
    const noCode = await close(cookie, {});
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toBe(ACCOUNT_MSG.closeCodeRequired);
    // No code sent yet: any code is refused.
    expect((await close(cookie, { code: '123456' })).status).toBe(400);

    const sent = await call('POST', '/api/account/close/code', { cookie });
    expect(sent.status).toBe(200);
    const [mail] = await emailsTo(user.email);
    expect(mail.kind).toBe('close-account-code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] as string;
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await close(cookie, { code: wrong });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await reloadUser(user.id))?.closedAt).toBeNull();

    expect((await close(cookie, { code })).status).toBe(200);
    expect((await reloadUser(user.id))?.closedAt).toBeInstanceOf(Date);
  });

  it('an account with a password is not sent a code', async () => {
    const { cookie } = await signedIn();
    const res = await call('POST', '/api/account/close/code', { cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(ACCOUNT_MSG.closeCodeNotNeeded);
  });

  it('development mode records the cancellation on the subscription row (no Stripe to ask)', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, stripeSubscriptionId: 'sub_dev_1' });
    await db
      .insert(subscriptions)
      .values({ id: 'sub_dev_1', userId: user.id, status: 'active', eventCreatedAt: new Date() });
    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, 'sub_dev_1'));
    expect(row.cancelAtPeriodEnd).toBe(true);
    expect((await auditOf('user', user.id))[0].after).toMatchObject({ subscription: 'cancel-at-period-end' });
  });
});

describe('closing an account with Stripe configured', () => {
  const stripe = useStripeDouble();

  it('cancels the subscription at period end through the SDK', async () => {
    config.stripe.secretKey = 'sk_test_123';
    try {
      const { user, cookie } = await signedIn({ isPremium: true, stripeSubscriptionId: 'sub_close_1' });
      await db
        .insert(subscriptions)
        .values({ id: 'sub_close_1', userId: user.id, status: 'active', eventCreatedAt: new Date() });
      expect((await close(cookie, { password: 'password123' })).status).toBe(200);
      const update = stripe.calls.find((c) => c.path === '/v1/subscriptions/sub_close_1');
      expect(update?.body.get('cancel_at_period_end')).toBe('true');
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, 'sub_close_1'));
      expect(row.cancelAtPeriodEnd).toBe(true);
      // Premium lasts until the period ends: Stripe's webhook ends it.
      expect((await reloadUser(user.id))?.isPremium).toBe(true);
    } finally {
      config.stripe.secretKey = '';
    }
  });
});

describe('a closed account signing in', () => {
  async function closedMember() {
    const { user, cookie } = await signedIn();
    const pending = await makeTool({ submittedById: user.id });
    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    return { user, pending };
  }

  it('gets no session: the JSON sign-in answers 403 with X-Account-Closed and a restore cookie', async () => {
    const { user } = await closedMember();
    const res = await login(user.email);
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(ACCOUNT_MSG.accountClosedRestore);
    expect(res.headers.get(ACCOUNT_CLOSED_HEADER)).toBe('restore');
    expect(sessionCookie(res)).toBeUndefined();
    expect(restoreCookie(res)).toBeDefined();
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${RESTORE_COOKIE}=`))).toMatch(/HttpOnly/i);
    expect(await liveSessions(user.id)).toHaveLength(0);
  });

  it('with two-factor on, asks for the code first, then for the restore (decision 0092: password, code, restore)', async () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const { user, cookie } = await signedIn({ twoFactorSecret: secret, twoFactorEnabledAt: new Date() });
    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    const first = await login(user.email);
    expect(first.status).toBe(401);
    expect(first.headers.get(TWO_FACTOR_HEADER)).toBe(TWO_FACTOR_REQUIRED);
    expect(restoreCookie(first)).toBeUndefined();
    const stepCookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('two_factor_sign_in='));
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret) });
    const second = await call('POST', '/api/login/two-factor', { body: { code }, cookie: stepCookie, ip: freshIp() });
    expect(second.status).toBe(403);
    expect(second.headers.get(ACCOUNT_CLOSED_HEADER)).toBe('restore');
    expect(sessionCookie(second)).toBeUndefined();
    expect(restoreCookie(second)).toBeDefined();
    expect(await liveSessions(user.id)).toHaveLength(0);
  });

  it('a wrong password still gets the spec answer, and no restore step', async () => {
    const { user } = await closedMember();
    const res = await login(user.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect(restoreCookie(res)).toBeUndefined();
    expect(res.headers.get(ACCOUNT_CLOSED_HEADER)).toBeNull();
  });

  it('the form sign-in without JavaScript goes to /auth/restore', async () => {
    const { user } = await closedMember();
    const res = await app.handle(
      new Request(`${BASE}/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: BASE,
          [CLIENT_IP_HEADER]: freshIp(),
        },
        body: new URLSearchParams({ email: user.email, password: 'password123' }).toString(),
        redirect: 'manual',
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/restore');
    expect(sessionCookie(res)).toBeUndefined();
    expect(restoreCookie(res)).toBeDefined();
  });

  it('/auth/restore shows the deletion date and a form that posts; restoring signs in, withdrawn tools stay', async () => {
    const { user, pending } = await closedMember();
    const cookie = restoreCookie(await login(user.email)) as string;
    const page = await restorePage('GET', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    const closedAt = (await reloadUser(user.id))?.closedAt as Date;
    const date = new Date(closedAt.getTime() + ACCOUNT_DELETION_DAYS * DAY).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(html).toContain(`will be deleted on <strong>${date}</strong>`);
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/auth\/restore"|<form[^>]*action="\/auth\/restore"[^>]*method="post"/,
    );
    expect(html).toContain('stay withdrawn');

    const restored = await restorePage('POST', cookie);
    expect(restored.status).toBe(303);
    expect(restored.headers.get('location')).toBe('/dashboard');
    const session = sessionCookie(restored) as string;
    expect((await call('GET', '/api/user', { cookie: session })).status).toBe(200);
    expect((await reloadUser(user.id))?.closedAt).toBeNull();
    expect((await auditOf('user', user.id))[0].action).toBe('account.restore');
    expect((await reloadTool(pending.id))?.status).toBe('rejected');

    // The step is used up: the same cookie restores nothing again.
    const again = await restorePage('POST', cookie);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(ACCOUNT_MSG.restoreExpired);
  });

  it('/auth/restore without a live restore step offers to sign in, and its post changes nothing', async () => {
    const page = await restorePage('GET');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('href="/auth"');
    const post = await restorePage('POST', `${RESTORE_COOKIE}=not-a-token`);
    expect(post.status).toBe(400);
    expect(sessionCookie(post)).toBeUndefined();
  });
});

describe('the daily deletion', () => {
  async function closedWithData() {
    const { user, cookie } = await signedIn({
      googleId: `g-${crypto.randomUUID()}`,
      stripeCustomerId: 'cus_del',
      profileImageUrl: 'https://lh3.googleusercontent.com/photo.jpg',
      // A secret left from an enrolment never confirmed: the deletion clears it too (signing in asks no code).
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    });
    await db.insert(recoveryCodes).values({ userId: user.id, codeHash: 'a'.repeat(64) });
    await db.insert(contactMessages).values({
      name: 'Ada',
      email: user.email,
      topic: 'support',
      message: 'Hello there, a question.',
      userId: user.id,
    });
    const approved = await makeTool({ submittedById: user.id, status: 'approved' });
    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    return { user, approved, closedAt: (await reloadUser(user.id))?.closedAt as Date };
  }

  it('29 days after closing changes nothing; the account can still be restored', async () => {
    const { user, closedAt } = await closedWithData();
    await deleteClosedAccounts(closedAt.getTime() + 29 * DAY);
    const kept = await reloadUser(user.id);
    expect(kept?.email).toBe(user.email);
    expect(kept?.deletedAt).toBeNull();
    expect((await login(user.email)).status).toBe(403);
  });

  it('30 days later removes the personal data; the tools stay listed; the account can never sign in again', async () => {
    const { user, approved, closedAt } = await closedWithData();
    expect(await deleteClosedAccounts(closedAt.getTime() + 31 * DAY)).toBeGreaterThanOrEqual(1);
    const gone = await reloadUser(user.id);
    expect(gone).toMatchObject({
      email: deletedEmail(user.id),
      password: null,
      firstName: null,
      lastName: null,
      googleId: null,
      profileImageUrl: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      twoFactorSecret: null,
    });
    expect(gone?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, user.email))).toHaveLength(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
    const [audit] = await auditOf('user', user.id);
    expect(audit.action).toBe('account.delete');
    expect(JSON.stringify(audit)).not.toContain(user.email);
    expect((await reloadTool(approved.id))?.status).toBe('approved');

    const signIn = await login(user.email);
    expect(signIn.status).toBe(401);
    expect(restoreCookie(signIn)).toBeUndefined();
    // Running again finds nothing more to do.
    expect(await deleteClosedAccounts(closedAt.getTime() + 32 * DAY)).toBe(0);
  });

  it('a restored account is not deleted', async () => {
    const { user, closedAt } = await closedWithData();
    const cookie = restoreCookie(await login(user.email)) as string;
    expect((await restorePage('POST', cookie)).status).toBe(303);
    await deleteClosedAccounts(closedAt.getTime() + 31 * DAY);
    expect((await reloadUser(user.id))?.deletedAt).toBeNull();
  });
});

describe('a stray session of a closed account', () => {
  it('is refused with a clear message, like a banned one', async () => {
    const { user, cookie } = await signedIn();
    // A session that outlived the close (a race with it): ended at its next use, with the reason.
    await db.update(users).set({ closedAt: new Date() }).where(eq(users.id, user.id));
    const res = await call('GET', '/api/user', { cookie });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(ACCOUNT_MSG.accountClosed);
    const [row] = await liveSessions(user.id);
    expect(row.expire.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('the admin lists', () => {
  it('name the approved tools whose owner closed the account, and whether its data is gone (the list keeps its shape)', async () => {
    const { cookie: admin } = await signedIn({ isAdmin: true, role: 'admin' });
    const { user, cookie } = await signedIn();
    const approved = await makeTool({ submittedById: user.id, status: 'approved' });
    const unlisted = await makeTool({ submittedById: user.id, status: 'unlisted' });
    const pending = await makeTool({ submittedById: user.id, status: 'pending' });
    const { user: other } = await signedIn();
    const othersTool = await makeTool({ submittedById: other.id, status: 'approved' });
    type ClosedOwner = { toolId: number; closedAt: string; deleted: boolean };
    const closedOwners = async () => {
      const res = await call('GET', '/api/admin/tools/closed-owners', { cookie: admin });
      expect(res.status).toBe(200);
      return (await res.json()) as ClosedOwner[];
    };
    const mine = (rows: ClosedOwner[]) =>
      rows.filter((r) => [approved.id, unlisted.id, pending.id].includes(r.toolId)).sort((a, b) => a.toolId - b.toolId);
    expect(mine(await closedOwners())).toEqual([]);

    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    const closedAt = (await reloadUser(user.id))?.closedAt as Date;
    const rows = await closedOwners();
    expect(mine(rows)).toEqual([
      { toolId: approved.id, closedAt: closedAt.toISOString(), deleted: false },
      { toolId: unlisted.id, closedAt: closedAt.toISOString(), deleted: false },
    ]);
    expect(rows.some((r) => r.toolId === othersTool.id)).toBe(false);
    // The approved list itself answers as it always did, the tools still in it.
    const list = (await (await call('GET', '/api/admin/tools/approved', { cookie: admin })).json()) as { id: number }[];
    expect(list.find((t) => t.id === approved.id)).not.toHaveProperty('closedAt');

    await deleteClosedAccounts(closedAt.getTime() + 31 * DAY);
    expect(mine(await closedOwners()).map((r) => r.deleted)).toEqual([true, true]);
  });

  it("of closed owners are the approved list's: a member is refused", async () => {
    const { cookie } = await signedIn();
    expect((await call('GET', '/api/admin/tools/closed-owners', { cookie })).status).toBe(403);
    expect((await call('GET', '/api/admin/tools/closed-owners')).status).toBe(401);
  });

  it('show a closed owner as "owner account closed", without name or address', async () => {
    const { cookie: admin } = await signedIn({ isAdmin: true, role: 'admin' });
    const { user, cookie } = await signedIn();
    const approved = await makeTool({ submittedById: user.id, status: 'approved' });
    const request = await makeChangeRequest(approved, { description: 'A clearer description of the tool.' });
    const before = (await (await call('GET', '/api/admin/change-requests', { cookie: admin })).json()) as {
      id: number;
      requester: { name: string; email: string | null };
    }[];
    expect(before.find((r) => r.id === request.id)?.requester.email).toBe(user.email);

    expect((await close(cookie, { password: 'password123' })).status).toBe(200);
    const after = (await (await call('GET', '/api/admin/change-requests', { cookie: admin })).json()) as typeof before;
    expect(after.find((r) => r.id === request.id)?.requester).toEqual({
      name: ACCOUNT_MSG.ownerAccountClosed,
      email: null,
    });
  });
});
