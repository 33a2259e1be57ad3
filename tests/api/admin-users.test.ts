// Admin user management: the list, PATCH of only the fields sent, suspension and bans ending sessions,
// premium quota, the last admin and no self-suspension.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, ne, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { call, makeUser, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf } from '../helpers/admin';

let admin: { user: User; cookie: string };

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
});

const patchUser = (id: number, body: unknown, cookie = admin.cookie) => call('PATCH', `/api/admin/users/${id}`, { body, cookie });
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
    expect(audit).toMatchObject({ action: 'user.update', actorId: admin.user.id, before: { role: 'user' }, after: { role: 'guest_reviewer' } });
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

  it('suspending ends the user’s sessions at once', async () => {
    const target = await signedIn(NO_PASSWORD);
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(200);
    const until = inDays(3);
    const res = await patchUser(target.user.id, { accountStatus: 'suspended', suspendedUntil: until, suspensionReason: 'Spam submissions' });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.user.id)).toMatchObject({ accountStatus: 'suspended', suspensionReason: 'Spam submissions', suspendedUntil: new Date(until) });
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(0);
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(401);
  });

  it('keeps the sessions and the status when the rest of the change fails', async () => {
    const target = await signedIn(NO_PASSWORD);
    await db.run(sql`create trigger fail_user_audit before insert on audit_log when new.action = 'user.update' begin select raise(abort, 'audit unavailable'); end`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // the 500 is logged on purpose
    try {
      const res = await patchUser(target.user.id, { accountStatus: 'banned', suspensionReason: 'Fraud' });
      expect(res.status).toBe(500);
    } finally {
      await db.run(sql`drop trigger fail_user_audit`);
      logged.mockRestore();
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

    const res = await patchUser(target.user.id, { accountStatus: 'banned', suspensionReason: 'Fraud', suspendedUntil: inDays(5) });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.user.id)).toMatchObject({ accountStatus: 'banned', suspensionReason: 'Fraud', suspendedUntil: null });
    expect((await call('GET', '/api/user', { cookie: target.cookie })).status).toBe(401);
  });

  it('going back to active clears the end date and the reason', async () => {
    const target = await makeUser({ ...NO_PASSWORD, accountStatus: 'suspended', suspendedUntil: new Date(inDays(2)), suspensionReason: 'Cooling off' });
    const res = await patchUser(target.id, { accountStatus: 'active' });
    expect(res.status).toBe(200);
    expect(await reloadUser(target.id)).toMatchObject({ accountStatus: 'active', suspendedUntil: null, suspensionReason: null });
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

describe('the last admin', () => {
  it('cannot be removed; another admin can', async () => {
    // This test needs a known set of admins: only the signed-in one remains.
    await db.update(users).set({ isAdmin: false, role: 'user' }).where(ne(users.id, admin.user.id));
    const alone = await patchUser(admin.user.id, { isAdmin: false });
    expect(alone.status).toBe(409);
    expect(await alone.text()).toBe(MSG.lastAdmin);
    expect((await reloadUser(admin.user.id))?.isAdmin).toBe(true);

    // A second admin by role: now either can go, but not both.
    const second = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    expect((await patchUser(admin.user.id, { isAdmin: false }, second.cookie)).status).toBe(200);
    const demoteSelf = await patchUser(second.user.id, { role: 'staff' }, second.cookie);
    expect(demoteSelf.status).toBe(409);
    expect(await demoteSelf.text()).toBe(MSG.lastAdmin);
    expect((await reloadUser(second.user.id))?.role).toBe('admin');

    // A suspended admin does not count as one that remains.
    await db.update(users).set({ isAdmin: true, accountStatus: 'suspended', suspendedUntil: new Date(inDays(3)), suspensionReason: 'x' }).where(eq(users.id, admin.user.id));
    expect((await patchUser(second.user.id, { role: 'user' }, second.cookie)).status).toBe(409);
    // Once that suspension has lapsed, they are an admin again and the other may step down.
    await db.update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, admin.user.id));
    expect((await patchUser(second.user.id, { role: 'user' }, second.cookie)).status).toBe(200);
  });
});
