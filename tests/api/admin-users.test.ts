// Admin user management: the list, PATCH of only the fields sent, suspension and bans ending sessions
// (and telling the browser why), premium quota, who may change roles and the admin flag, the last
// isAdmin account and nobody demoting or blocking themselves.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { updateUser } from '../../api/admin/users.service';
import { app } from '../../api/app';
import { RATE_LIMITS } from '../../api/rate-limit';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { db } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { ACCOUNT_DELETION_DAYS, PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { call, makeUser, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo } from '../helpers/admin';

let admin: { user: User; cookie: string };

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
});

const patchUser = (id: number, body: unknown, cookie = admin.cookie) =>
  call('PATCH', `/api/admin/users/${id}`, { body, cookie });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('GET /api/admin/users', () => {
  it('lists users with the management fields and never a password hash', async () => {
    const target = await makeUser({ ...NO_PASSWORD, role: 'staff', firstName: 'Sue' });
    const res = await call('GET', '/api/admin/users', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list: Record<string, unknown>[] = await res.json();
    const row = list.find((u) => u.id === target.id)!;
    expect(row).toMatchObject({
      firstName: 'Sue',
      email: target.email,
      role: 'staff',
      isAdmin: false,
      isPremium: false,
      premiumToolsAllowed: 0,
      premiumToolsUsed: 0,
      accountStatus: 'active',
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(row).toHaveProperty('createdAt');
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('stripeCustomerId');
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes only the fields sent and audits them', async () => {
    const target = await makeUser({ ...NO_PASSWORD, firstName: 'Tom' });
    const res = await patchUser(target.id, { role: 'guest_reviewer' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: target.id, role: 'guest_reviewer', isAdmin: false, isPremium: false });
    const stored = (await reloadUser(target.id))!;
    expect(stored).toMatchObject({ role: 'guest_reviewer', isAdmin: false, firstName: 'Tom', accountStatus: 'active' });
    const [audit] = await auditOf('user', target.id);
    expect(audit).toMatchObject({
      action: 'user.update',
      actorId: admin.user.id,
      before: { role: 'user' },
      after: { role: 'guest_reviewer' },
    });
  });

  it('refuses unknown values and unknown users', async () => {
    const target = await makeUser(NO_PASSWORD);
    const res = await patchUser(target.id, { role: 'overlord' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Unknown role');
    const missing = await patchUser(999999, { role: 'staff' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(MSG.userNotFound);
  });

  it('gives a new premium user the premium submission quota, never lowering a larger one', async () => {
    const plain = await makeUser(NO_PASSWORD);
    expect((await patchUser(plain.id, { isPremium: true })).status).toBe(200);
    expect(await reloadUser(plain.id)).toMatchObject({ isPremium: true, premiumToolsAllowed: PREMIUM_SUBMISSIONS });
    const generous = await makeUser({ ...NO_PASSWORD, premiumToolsAllowed: PREMIUM_SUBMISSIONS + 2 });
    await patchUser(generous.id, { isPremium: true });
    expect((await reloadUser(generous.id))?.premiumToolsAllowed).toBe(PREMIUM_SUBMISSIONS + 2);
  });

  it('suspension needs a reason and a future end date', async () => {
    const target = await makeUser(NO_PASSWORD);
    const noReason = await patchUser(target.id, { accountStatus: 'suspended', suspendedUntil: inDays(7) });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toBe(MSG.suspensionNeedsReason);
    for (const suspendedUntil of [undefined, null, inDays(-1)]) {
      const res = await patchUser(target.id, { accountStatus: 'suspended', suspensionReason: 'Spam', suspendedUntil });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(MSG.suspensionNeedsFutureEnd);
    }
    expect((await reloadUser(target.id))?.accountStatus).toBe('active');
  });

  it('suspending ends the user’s sessions at once, and their browser’s next call says why, as the login form does', async () => {
    const target = await signedIn(); // a real password: the login form is asked too
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(200);
    const until = inDays(3);
    const res = await patchUser(target.user.id, {
      accountStatus: 'suspended',
      suspendedUntil: until,
      suspensionReason: 'Spam submissions',
    });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.user.id)).toMatchObject({
      accountStatus: 'suspended',
      suspensionReason: 'Spam submissions',
      suspendedUntil: new Date(until),
    });
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, target.user.id), gt(sessions.expire, new Date())));
    expect(live).toHaveLength(0);

    const login = await call('POST', '/api/login', { body: { email: target.user.email, password: 'password123' } });
    const reason = `${MSG.accountSuspended} until ${until.slice(0, 10)}: Spam submissions`;
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/tools'],
      ['POST', '/api/premium/upgrade'],
    ]) {
      const next = await call(method, path, { cookie: target.cookie });
      expect(next.status, path).toBe(403);
      expect(await next.text(), path).toBe(reason);
    }
    expect(login.status).toBe(403);
    expect(await login.text()).toBe(reason);

    // Lifting the suspension does not bring the ended session back: that browser is simply signed out.
    expect((await patchUser(target.user.id, { accountStatus: 'active' })).status).toBe(200);
    const after = await call('GET', '/api/user', { cookie: target.cookie });
    expect(after.status).toBe(401);
    expect(await after.text()).toBe(MSG.unauthorized);
  });

  it('keeps the sessions and the status when the rest of the change fails', async () => {
    const target = await signedIn(NO_PASSWORD);
    await db.run(
      sql`create trigger fail_user_audit before insert on audit_log when new.action = 'user.update' begin select raise(abort, 'audit unavailable'); end`,
    );
    try {
      const res = await patchUser(target.user.id, { accountStatus: 'banned', suspensionReason: 'Fraud' });
      expect(res.status).toBe(500);
    } finally {
      await db.run(sql`drop trigger fail_user_audit`);
    }
    expect((await reloadUser(target.user.id))?.accountStatus).toBe('active');
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(200);
  });

  it('a ban needs a reason, ends sessions and has no end date', async () => {
    const target = await signedIn(NO_PASSWORD);
    const noReason = await patchUser(target.user.id, { accountStatus: 'banned', suspensionReason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toBe(MSG.banNeedsReason);
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(200);

    const res = await patchUser(target.user.id, {
      accountStatus: 'banned',
      suspensionReason: 'Fraud',
      suspendedUntil: inDays(5),
    });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.user.id)).toMatchObject({
      accountStatus: 'banned',
      suspensionReason: 'Fraud',
      suspendedUntil: null,
    });
    const next = await call('GET', '/api/user', { cookie: target.cookie });
    expect(next.status).toBe(403);
    expect(await next.text()).toBe(`${MSG.accountBanned}: Fraud`);
  });

  it('going back to active clears the end date and the reason', async () => {
    const target = await makeUser({
      ...NO_PASSWORD,
      accountStatus: 'suspended',
      suspendedUntil: new Date(inDays(2)),
      suspensionReason: 'Cooling off',
    });
    const res = await patchUser(target.id, { accountStatus: 'active' });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.id)).toMatchObject({
      accountStatus: 'active',
      suspendedUntil: null,
      suspensionReason: null,
    });
    const [audit] = await auditOf('user', target.id);
    expect(audit.before).toMatchObject({ accountStatus: 'suspended', suspensionReason: 'Cooling off' });
    expect(audit.after).toEqual({ accountStatus: 'active', suspendedUntil: null, suspensionReason: null });
  });

  it('an admin cannot suspend or ban themselves', async () => {
    for (const body of [
      { accountStatus: 'suspended', suspendedUntil: inDays(1), suspensionReason: 'Oops' },
      { accountStatus: 'banned', suspensionReason: 'Oops' },
    ]) {
      const res = await patchUser(admin.user.id, body);
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(MSG.cannotBlockSelf);
    }
    expect((await reloadUser(admin.user.id))?.accountStatus).toBe('active');
  });
});

describe('who may change roles and the admin flag', () => {
  it('only an isAdmin account: the admin role without the flag cannot change a role or the flag', async () => {
    const roleAdmin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const target = await makeUser(NO_PASSWORD);
    for (const body of [{ role: 'staff' }, { isAdmin: true }, { role: 'admin', isPremium: true }]) {
      const res = await patchUser(target.id, body, roleAdmin.cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(MSG.rolesNeedAdmin);
    }
    expect(await reloadUser(target.id)).toMatchObject({ role: 'user', isAdmin: false, isPremium: false });
    // Nor their own: no promoting oneself to the flag.
    const self = await patchUser(roleAdmin.user.id, { isAdmin: true }, roleAdmin.cookie);
    expect(self.status).toBe(403);
    expect((await reloadUser(roleAdmin.user.id))?.isAdmin).toBe(false);
  });

  it('the admin role cannot change anything of an isAdmin account, so it cannot lock one out', async () => {
    const roleAdmin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const owner = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    for (const body of [
      { isAdmin: false },
      { accountStatus: 'banned', suspensionReason: 'Takeover' },
      { accountStatus: 'suspended', suspendedUntil: inDays(3), suspensionReason: 'Takeover' },
      { isPremium: true },
    ]) {
      const res = await patchUser(owner.user.id, body, roleAdmin.cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(MSG.adminAccountNeedsAdmin);
    }
    expect(await reloadUser(owner.user.id)).toMatchObject({ isAdmin: true, accountStatus: 'active', isPremium: false });
    expect((await call('GET', '/api/user', { cookie: owner.cookie })).status).toBe(200);
  });

  it('the admin role still manages premium and the status of other accounts, and a value the user already has is no change', async () => {
    const roleAdmin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const target = await makeUser({ ...NO_PASSWORD, role: 'staff' });
    expect(
      (await patchUser(target.id, { role: 'staff', isAdmin: false, isPremium: true }, roleAdmin.cookie)).status,
    ).toBe(200);
    expect(
      (await patchUser(target.id, { accountStatus: 'banned', suspensionReason: 'Spam' }, roleAdmin.cookie)).status,
    ).toBe(200);
    expect(await reloadUser(target.id)).toMatchObject({ role: 'staff', isPremium: true, accountStatus: 'banned' });
  });

  it('an isAdmin account changes other accounts’ roles and flags, never its own', async () => {
    const colleague = await makeUser({ ...NO_PASSWORD, isAdmin: true });
    const target = await makeUser(NO_PASSWORD);
    expect((await patchUser(target.id, { role: 'admin', isAdmin: true })).status).toBe(200);
    expect(await reloadUser(target.id)).toMatchObject({ role: 'admin', isAdmin: true });
    for (const body of [{ isAdmin: false }, { role: 'staff' }]) {
      const res = await patchUser(admin.user.id, body);
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(MSG.cannotChangeOwnRole);
    }
    expect(await reloadUser(admin.user.id)).toMatchObject({ isAdmin: true, role: 'user' });
    // Another isAdmin account may take the flag away.
    expect((await patchUser(colleague.id, { isAdmin: false })).status).toBe(200);
  });
});

describe('the last isAdmin account', () => {
  it('cannot be demoted or blocked, even by two admins acting at once', async () => {
    // This test needs a known set of admins: the signed-in one and a colleague.
    await db.update(users).set({ isAdmin: false, role: 'user' }).where(ne(users.id, admin.user.id));
    const colleague = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    // The colleague bans the admin while the admin's own request, already past sign-in, bans the colleague.
    expect(
      (await patchUser(admin.user.id, { accountStatus: 'banned', suspensionReason: 'Rogue admin' }, colleague.cookie))
        .status,
    ).toBe(200);
    const late = updateUser(
      colleague.user.id,
      { accountStatus: 'banned', suspensionReason: 'Rogue admin' },
      admin.user,
    );
    await expect(late).rejects.toMatchObject({ status: 409, message: MSG.lastAdmin });
    await expect(updateUser(colleague.user.id, { isAdmin: false }, admin.user)).rejects.toMatchObject({
      status: 409,
      message: MSG.lastAdmin,
    });
    expect(await reloadUser(colleague.user.id)).toMatchObject({ isAdmin: true, accountStatus: 'active' });

    // An admin by role only does not count: it could never hand the flag out again.
    await signedIn({ ...NO_PASSWORD, role: 'admin' });
    await expect(updateUser(colleague.user.id, { isAdmin: false }, admin.user)).rejects.toMatchObject({
      status: 409,
      message: MSG.lastAdmin,
    });

    // Once the banned admin is active again (a lapsed suspension counts), either may step down.
    await db
      .update(users)
      .set({ accountStatus: 'suspended', suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, admin.user.id));
    expect((await patchUser(admin.user.id, { isAdmin: false }, colleague.cookie)).status).toBe(200);
  });
});

// The admin's side of accounts (docs/decisions/0093): a reset e-mail for a member, each account's standing, and no
// call that sees or sets a password.
describe('User Management and passwords', () => {
  const resetOf = (id: number, cookie: string, body?: unknown) =>
    call('POST', `/api/admin/users/${id}/password-reset`, { cookie, body });

  it('sends the member a reset link and audits it; the admin sees no link', async () => {
    const chief = await signedIn({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
    const member = await makeUser(NO_PASSWORD);
    const res = await resetOf(member.id, chief.cookie);
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(JSON.parse(answer)).toEqual({ message: ACCOUNT_MSG.resetSentByAdmin });
    const [mail] = await emailsTo(member.email);
    expect(mail).toMatchObject({ kind: 'reset-password' });
    const token = mail.text.match(/\/auth\/reset-link\/([A-Za-z0-9_-]+)/)![1];
    expect(answer).not.toContain(token);
    const [audit] = await auditOf('user', member.id);
    expect(audit).toMatchObject({ action: 'account.password-reset-sent', actorId: chief.user.id });
  });

  it('needs manage:users, keeps isAdmin accounts to isAdmin ones, and is throttled per account', async () => {
    const member = await makeUser(NO_PASSWORD);
    const staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    expect((await resetOf(member.id, staff.cookie)).status).toBe(403);
    expect((await call('POST', `/api/admin/users/${member.id}/password-reset`)).status).toBe(401);
    const roleAdmin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const flagged = await makeUser({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
    const refused = await resetOf(flagged.id, roleAdmin.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(MSG.adminAccountNeedsAdmin);
    expect((await resetOf(999_999, roleAdmin.cookie)).status).toBe(404);
    expect(await emailsTo(member.email)).toHaveLength(0);
    expect(await emailsTo(flagged.email)).toHaveLength(0);

    for (let i = 0; i < RATE_LIMITS['admin-reset-account'].limit; i++)
      expect((await resetOf(member.id, roleAdmin.cookie)).status).toBe(200);
    expect((await resetOf(member.id, roleAdmin.cookie)).status).toBe(429);
    expect(await emailsTo(member.email)).toHaveLength(RATE_LIMITS['admin-reset-account'].limit);
  });

  it('no admin call sets a password: a password sent along is ignored, and no admin route takes one', async () => {
    const chief = await signedIn({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
    const member = await makeUser(NO_PASSWORD);
    expect((await patchUser(member.id, { password: 'chosen-by-admin' }, chief.cookie)).status).toBe(200);
    expect((await resetOf(member.id, chief.cookie, { password: 'chosen-by-admin' })).status).toBe(200);
    expect((await reloadUser(member.id))!.password).toBe(NO_PASSWORD.password);
    const takesPassword = app.routes.filter((route) => {
      if (!route.path.startsWith('/api/admin/')) return false;
      const body = (route.hooks as { body?: unknown } | undefined)?.body;
      if (!(body instanceof z.ZodType)) return false;
      return JSON.stringify(z.toJSONSchema(body, { unrepresentable: 'any', io: 'input' })).includes('password');
    });
    expect(takesPassword.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("GET /api/admin/users/accounts: each account's verified address, two-factor and closing, with manage:users", async () => {
    const chief = await signedIn({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
    const closedAt = new Date('2026-11-01T10:00:00Z');
    const verified = await makeUser({ ...NO_PASSWORD, emailVerifiedAt: new Date(), twoFactorEnabledAt: new Date() });
    const closed = await makeUser({ ...NO_PASSWORD, closedAt });
    const deleted = await makeUser({ ...NO_PASSWORD, closedAt, deletedAt: new Date() });
    const res = await call('GET', '/api/admin/users/accounts', { cookie: chief.cookie });
    expect(res.status).toBe(200);
    const rows: Record<string, unknown>[] = await res.json();
    const row = (id: number) => rows.find((r) => r.id === id);
    expect(row(verified.id)).toEqual({
      id: verified.id,
      emailVerified: true,
      twoFactorEnabled: true,
      closedAt: null,
      deletionDate: null,
      deleted: false,
    });
    expect(row(closed.id)).toMatchObject({
      emailVerified: false,
      twoFactorEnabled: false,
      closedAt: closedAt.toISOString(),
      deletionDate: new Date(closedAt.getTime() + ACCOUNT_DELETION_DAYS * 86_400_000).toISOString(),
      deleted: false,
    });
    expect(row(deleted.id)).toMatchObject({ deleted: true });
    const staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    expect((await call('GET', '/api/admin/users/accounts', { cookie: staff.cookie })).status).toBe(403);
    expect((await call('GET', '/api/admin/users/accounts')).status).toBe(401);
  });
});
