// The admin Premium tab (docs/decisions/0110): the early-access flags, the Premium members with their account
// managers, and assigning or clearing a manager (staff or admin accounts only), audited.
import { and, asc, count, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db } from '../../db/client';
import { newsletterSlots, users } from '../../db/schema';
import { ROLES } from '../../lib/categories';
import type { AdminPremium, AdminPremiumMember } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { displayName } from '../../lib/format';
import { nextIssueDates } from '../../lib/newsletter';
import { ROLE_PERMISSIONS } from '../../lib/permissions';
import { recordAudit } from '../audit';
import { allFlags } from '../premium/early-access';
import { badRequest, conflict, notFound } from '../plugins/errors';

/** The roles that answer their members' messages (lib/permissions.ts): staff and admins. */
const MANAGER_ROLES = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('answer:assigned-messages'));

/** Who may be an account manager: whoever answers their members' messages (by role or the isAdmin flag); never a
 * closed account. */
const staffCondition = and(
  or(inArray(users.role, MANAGER_ROLES), eq(users.isAdmin, true)),
  eq(users.accountStatus, 'active'),
  isNull(users.closedAt),
);

const manager = alias(users, 'manager');

/** The Premium members (or the one `memberId`) with their managers and how many coming slots each has booked. */
async function premiumMembers(memberId?: number): Promise<AdminPremiumMember[]> {
  const now = new Date();
  const [rows, coming] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        plan: users.premiumPlan,
        manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email },
      })
      .from(users)
      .leftJoin(manager, eq(manager.id, users.accountManagerId))
      .where(memberId === undefined ? eq(users.isPremium, true) : eq(users.id, memberId))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    db
      .select({ userId: newsletterSlots.userId, n: count() })
      .from(newsletterSlots)
      .where(
        and(
          gte(newsletterSlots.issueDate, nextIssueDates(now, 1)[0]),
          memberId === undefined ? undefined : eq(newsletterSlots.userId, memberId),
        ),
      )
      .groupBy(newsletterSlots.userId),
  ]);
  const slots = new Map(coming.map((c) => [c.userId, c.n]));
  return rows.map((row) => ({
    id: row.id,
    name: displayName(row),
    email: row.email,
    plan: row.plan,
    accountManager: row.manager?.id ? { id: row.manager.id, name: displayName(row.manager) } : null,
    comingSlots: slots.get(row.id) ?? 0,
  }));
}

export async function adminPremium(): Promise<AdminPremium> {
  const [flags, members, staff] = await Promise.all([
    allFlags(),
    premiumMembers(),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(staffCondition)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);
  return { flags, members, staff: staff.map((s) => ({ id: s.id, name: displayName(s) })) };
}

/** Assigns a staff member as a Premium member's account manager, or clears it (null). */
export async function setAccountManager(
  memberId: number,
  managerId: number | null,
  actorId: number,
): Promise<AdminPremiumMember> {
  const member = await db.query.users.findFirst({ where: eq(users.id, memberId) });
  if (!member) throw notFound(ENGAGE_MSG.memberNotFound);
  if (managerId !== null) {
    if (!member.isPremium) throw conflict(ENGAGE_MSG.managerNotPremium);
    const [staff] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, managerId), staffCondition));
    if (!staff || managerId === memberId) throw badRequest(ENGAGE_MSG.managerNotStaff);
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ accountManagerId: managerId, updatedAt: new Date() }).where(eq(users.id, memberId));
    await recordAudit(tx, {
      actorId,
      action: 'user.account-manager',
      entityType: 'user',
      entityId: memberId,
      before: { accountManagerId: member.accountManagerId },
      after: { accountManagerId: managerId },
    });
  });
  const [row] = await premiumMembers(memberId);
  return row;
}
