// User management: the admin list and the PATCH of role, admin flag, premium and account status,
// with the rules that keep the panel safe (reasons, session ends, the last admin, no self-suspension).
import { and, count, desc, eq, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { ROLES } from '../../lib/categories';
import { MSG } from '../../lib/messages';
import { ROLE_PERMISSIONS, can } from '../../lib/permissions';
import type { UserUpdateInput } from '../../lib/schemas';
import { publicUser } from '../auth/service';
import { premiumQuota } from '../premium/service';
import { accountBlock, deleteUserSessions } from '../auth/sessions';
import { badRequest, conflict, notFound } from '../plugins/errors';
import { changedFields, recordAudit } from '../services/audit';
import type { Tx } from './shared';

/** What the User Management tab reads: never the password hash or payment ids. */
export function adminUser(user: User) {
  const { permissions: _permissions, ...shown } = publicUser(user);
  return { ...shown, suspendedUntil: user.suspendedUntil, suspensionReason: user.suspensionReason };
}
export type AdminUser = ReturnType<typeof adminUser>;

export async function listUsers(): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(adminUser);
}

/** An "admin" here is whoever may manage users: the roles the permission table gives it, or isAdmin. */
const ADMIN_ROLES = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('manage:users'));

type AdminFields = Pick<User, 'role' | 'isAdmin' | 'accountStatus' | 'suspendedUntil' | 'suspensionReason'>;
/** May act as an admin now: the permission, and not blocked (a lapsed suspension counts as active, as at sign-in). */
const isActiveAdmin = (user: AdminFields) => can(user, 'manage:users') && accountBlock(user) === null;

async function otherActiveAdmins(tx: Tx, exceptUserId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        or(eq(users.isAdmin, true), inArray(users.role, [...ADMIN_ROLES])),
        or(
          eq(users.accountStatus, 'active'),
          and(eq(users.accountStatus, 'suspended'), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, new Date())),
        ),
      ),
    );
  return row.n;
}

type Editable = Pick<User, 'role' | 'isAdmin' | 'isPremium' | 'premiumToolsAllowed' | 'accountStatus' | 'suspendedUntil' | 'suspensionReason'>;

/** The user's fields after the change, with the account-status rules applied. */
function nextState(target: User, input: UserUpdateInput, actorId: number): Editable {
  const next: Editable = {
    role: input.role ?? target.role,
    isAdmin: input.isAdmin ?? target.isAdmin,
    isPremium: input.isPremium ?? target.isPremium,
    premiumToolsAllowed: target.premiumToolsAllowed,
    accountStatus: input.accountStatus ?? target.accountStatus,
    suspendedUntil: input.suspendedUntil !== undefined ? input.suspendedUntil : target.suspendedUntil,
    suspensionReason: input.suspensionReason !== undefined ? input.suspensionReason?.trim() || null : target.suspensionReason,
  };
  if (input.isPremium === true) next.premiumToolsAllowed = premiumQuota(target.premiumToolsAllowed);

  // The status rules are checked when the request touches the status, so an unrelated change (say,
  // premium) to a user whose suspension has lapsed is not refused.
  const touchesStatus = input.accountStatus !== undefined || input.suspendedUntil !== undefined || input.suspensionReason !== undefined;
  if (next.accountStatus === 'active') {
    next.suspendedUntil = null;
    next.suspensionReason = null;
  } else if (touchesStatus) {
    if (target.id === actorId) throw conflict(MSG.cannotBlockSelf);
    if (next.accountStatus === 'suspended') {
      if (!next.suspensionReason) throw badRequest(MSG.suspensionNeedsReason);
      if (!next.suspendedUntil || next.suspendedUntil.getTime() <= Date.now()) throw badRequest(MSG.suspensionNeedsFutureEnd);
    } else {
      if (!next.suspensionReason) throw badRequest(MSG.banNeedsReason);
      next.suspendedUntil = null; // a ban has no end date
    }
  }
  return next;
}

/** PATCH /api/admin/users/{id}: only the fields sent change; one transaction with the session ends and the audit row. */
export async function updateUser(targetId: number, input: UserUpdateInput, actorId: number): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const target = await tx.query.users.findFirst({ where: eq(users.id, targetId) });
    if (!target) throw notFound(MSG.userNotFound);
    const next = nextState(target, input, actorId);
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
    // Suspending or banning signs the user out everywhere at once.
    if (accountBlock(updated)) await deleteUserSessions(updated.id, tx);
    await recordAudit(tx, { actorId, action: 'user.update', entityType: 'user', entityId: targetId, before, after });
    return adminUser(updated);
  });
}
