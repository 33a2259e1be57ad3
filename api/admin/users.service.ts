// User management: the admin list and the PATCH of role, admin flag, premium and account status,
// with the rules that keep the panel safe (who may change what, reasons, session ends, the last
// isAdmin account, nobody demoting or blocking themselves: docs/decisions/0023-roles-and-admin-flag.md).
import { and, count, desc, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { db, type Transaction } from '../../db/client';
import { users, type User } from '../../db/schema';
import type { AdminUser, AdminUserAccount, UserUpdateInput } from '../../lib/contract';
import { deletionDate } from '../account/closing';
import { MSG } from '../../lib/messages';
import { accountRefusal, blockRefusal, roleChangeRefusal, type Actor } from '../../lib/permissions';
import { publicUser } from '../auth/service';
import { premiumQuota } from '../premium/service';
import { accountBlock, cutUserSessions, signInBlock } from '../auth/sessions';
import { badRequest, conflict, notFound, refuse } from '../plugins/errors';
import { changedFields, recordAudit } from '../audit';
import { sendResetByAdmin } from '../account/password';

/** What the User Management tab reads: never the password hash or payment ids. */
function adminUser(user: User): AdminUser {
  const { permissions: _permissions, ...shown } = publicUser(user);
  return { ...shown, suspendedUntil: user.suspendedUntil, suspensionReason: user.suspensionReason };
}

export async function listUsers(): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(adminUser);
}

/** GET /api/admin/users/accounts: each account's verified address, two-factor sign-in and closing, by id. */
export async function listUserAccounts(): Promise<AdminUserAccount[]> {
  const rows = await db
    .select({
      id: users.id,
      emailVerifiedAt: users.emailVerifiedAt,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      closedAt: users.closedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((row) => ({
    id: row.id,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    closedAt: row.closedAt,
    deletionDate: row.closedAt && deletionDate(row.closedAt),
    deleted: row.deletedAt !== null,
  }));
}

/**
 * POST /api/admin/users/{id}/password-reset: the member gets a reset link by e-mail, under the rules of the Manage
 * dialog (an isAdmin account only by an isAdmin one). The admin never sees or sets a password.
 */
export async function sendPasswordReset(targetId: number, actor: Actor): Promise<void> {
  const target = await db.query.users.findFirst({ where: eq(users.id, targetId) });
  if (!target) throw notFound(MSG.userNotFound);
  refuse(accountRefusal(actor, target));
  await sendResetByAdmin(target, actor.id);
}

type AdminFields = Pick<User, 'isAdmin' | 'accountStatus' | 'suspendedUntil' | 'suspensionReason'>;
/**
 * An isAdmin account that may act now (a lapsed suspension counts as active, as at sign-in). Only these
 * can hand out roles and the flag, so without one the site could never get an administrator back.
 */
const isActiveAdmin = (user: AdminFields) => user.isAdmin && signInBlock(user) === null;

async function otherActiveAdmins(tx: Transaction, exceptUserId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        eq(users.isAdmin, true),
        // A closed account acts no more (docs/decisions/0097).
        isNull(users.closedAt),
        or(
          eq(users.accountStatus, 'active'),
          and(
            eq(users.accountStatus, 'suspended'),
            isNotNull(users.suspendedUntil),
            lte(users.suspendedUntil, new Date()),
          ),
        ),
      ),
    );
  return row.n;
}

type Editable = Pick<
  User,
  'role' | 'isAdmin' | 'isPremium' | 'premiumToolsAllowed' | 'accountStatus' | 'suspendedUntil' | 'suspensionReason'
>;

/** The user's fields after the change, with the rules on who may change what and the account-status rules applied. */
function nextState(target: User, input: UserUpdateInput, actor: Actor): Editable {
  refuse(accountRefusal(actor, target));
  // Only real changes are checked: the dialog may send a value the user already has.
  if (
    (input.role !== undefined && input.role !== target.role) ||
    (input.isAdmin !== undefined && input.isAdmin !== target.isAdmin)
  ) {
    refuse(roleChangeRefusal(actor, target));
  }
  const next: Editable = {
    role: input.role ?? target.role,
    isAdmin: input.isAdmin ?? target.isAdmin,
    isPremium: input.isPremium ?? target.isPremium,
    premiumToolsAllowed: target.premiumToolsAllowed,
    accountStatus: input.accountStatus ?? target.accountStatus,
    suspendedUntil: input.suspendedUntil !== undefined ? input.suspendedUntil : target.suspendedUntil,
    suspensionReason:
      input.suspensionReason !== undefined ? input.suspensionReason?.trim() || null : target.suspensionReason,
  };
  if (input.isPremium === true) next.premiumToolsAllowed = premiumQuota(target.premiumToolsAllowed);

  // The status rules are checked when the request touches the status, so an unrelated change (say,
  // premium) to a user whose suspension has lapsed is not refused.
  const touchesStatus =
    input.accountStatus !== undefined || input.suspendedUntil !== undefined || input.suspensionReason !== undefined;
  if (next.accountStatus === 'active') {
    next.suspendedUntil = null;
    next.suspensionReason = null;
  } else if (touchesStatus) {
    refuse(blockRefusal(actor, target));
    if (next.accountStatus === 'suspended') {
      if (!next.suspensionReason) throw badRequest(MSG.suspensionNeedsReason);
      if (!next.suspendedUntil || next.suspendedUntil.getTime() <= Date.now())
        throw badRequest(MSG.suspensionNeedsFutureEnd);
    } else {
      if (!next.suspensionReason) throw badRequest(MSG.banNeedsReason);
      next.suspendedUntil = null; // a ban has no end date
    }
  }
  return next;
}

/** PATCH /api/admin/users/{id}: only the fields sent change; one transaction with the session ends and the audit row. */
export async function updateUser(targetId: number, input: UserUpdateInput, actor: Actor): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const target = await tx.query.users.findFirst({ where: eq(users.id, targetId) });
    if (!target) throw notFound(MSG.userNotFound);
    const next = nextState(target, input, actor);
    // Reachable only in a race (two admins blocking each other at once): the rules above keep the actor, an active isAdmin account, in place.
    if (isActiveAdmin(target) && !isActiveAdmin(next) && (await otherActiveAdmins(tx, target.id)) === 0) {
      throw conflict(MSG.lastAdmin);
    }
    const { before, after } = changedFields(target, next);
    if (Object.keys(after).length === 0) return adminUser(target);
    const [updated] = await tx
      .update(users)
      .set({ ...(after as Partial<User>), updatedAt: new Date() })
      .where(eq(users.id, targetId))
      .returning();
    // Suspending or banning signs the user out everywhere at once; each browser's next call is told why.
    if (accountBlock(updated)) await cutUserSessions(updated.id, tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.update',
      entityType: 'user',
      entityId: targetId,
      before,
      after,
    });
    return adminUser(updated);
  });
}
