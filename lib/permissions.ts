// The one permission table: which role may do what in the admin panel. Used by every admin
// route (api/plugins/auth.ts) and by the panel to choose what to show, with the rules on who may
// change whose account and who may judge a tool (docs/decisions/0023-roles-and-admin-flag.md).
import type { Role } from './categories';
import { MSG } from './messages';

export const PERMISSIONS = [
  'read:stats',
  'read:pending-tools',
  'moderate:tools', // approve and reject pending tools
  'edit:tools', // approved tools: edit, premium, unlist/list, follow-up reviews
  'review:change-requests',
  'manage:users', // premium and account status of accounts other than isAdmin ones
  'manage:roles', // roles and the isAdmin flag, and isAdmin accounts: held by isAdmin accounts only
  'manage:blog',
  'read:settings',
  'run:rebuild', // Rebuild Now in Settings: queue a site rebuild
  'manage:messages', // the Messages tab: contact form messages, and marking them handled
  'read:outbox', // Settings in development mode: the e-mails kept in the outbox, with their bodies
  'manage:reports', // the Reports tab: acknowledge, resolve, merge and dismiss reader reports
  'manage:link-health', // the Link Health tab: recheck, update the address, ignore "blocked"
  'manage:claims', // verified owners: see every claim, revoke one with a reason
  'discontinue:tools', // mark a tool discontinued, or bring it back
  'manage:newsletter', // the Newsletter tab: draft the weekly digest from the data, edit, preview, test, schedule
  'manage:premium', // the Premium tab: early-access flags, account managers, featured slots
  'answer:assigned-messages', // the Messages tab, showing only the messages of the Premium members one manages
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GUEST_REVIEWER: readonly Permission[] = ['read:stats', 'read:pending-tools'];
const STAFF: readonly Permission[] = [
  ...GUEST_REVIEWER,
  'moderate:tools',
  'edit:tools',
  'review:change-requests',
  'manage:reports',
  'manage:link-health',
  'answer:assigned-messages',
];
/** What only the isAdmin flag gives: a role is something an isAdmin account hands out, so no role may hand out roles. */
const ADMIN_FLAG_ONLY: readonly Permission[] = ['manage:roles'];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  user: [],
  guest_reviewer: GUEST_REVIEWER,
  staff: STAFF,
  admin: PERMISSIONS.filter((p) => !ADMIN_FLAG_ONLY.includes(p)),
};

export interface PermissionSubject {
  role: string;
  isAdmin: boolean;
}

export function permissionsOf(user: PermissionSubject | null | undefined): readonly Permission[] {
  if (!user) return [];
  if (user.isAdmin) return PERMISSIONS;
  // Own keys only: a stored role such as 'constructor' must not reach Object.prototype.
  return Object.hasOwn(ROLE_PERMISSIONS, user.role) ? ROLE_PERMISSIONS[user.role as Role] : [];
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  return permissionsOf(user).includes(permission);
}

/** Anyone with a reviewing role or isAdmin may open /admin. */
export function canOpenAdmin(user: PermissionSubject | null | undefined): boolean {
  return permissionsOf(user).length > 0;
}

/** A signed-in person as the rules below see them. */
export interface Actor extends PermissionSubject {
  id: number;
}

/** Why a request is refused: 403 when the actor lacks the power, 409 when the change itself is not allowed. */
interface Refusal {
  status: 403 | 409;
  message: string;
}

/** Whether the actor may change anything of this account at all: an isAdmin account only by an isAdmin account. */
export function accountRefusal(actor: Actor, target: PermissionSubject): Refusal | null {
  if (!can(actor, 'manage:users')) return { status: 403, message: MSG.forbidden };
  if (target.isAdmin && !can(actor, 'manage:roles')) return { status: 403, message: MSG.adminAccountNeedsAdmin };
  return null;
}

/** Whether the actor may change the target's role or isAdmin flag: isAdmin accounts only, and never their own. */
export function roleChangeRefusal(actor: Actor, target: Actor): Refusal | null {
  if (!can(actor, 'manage:roles')) return { status: 403, message: MSG.rolesNeedAdmin };
  if (actor.id === target.id) return { status: 409, message: MSG.cannotChangeOwnRole };
  return null;
}

/** Whether the actor may suspend or ban the target: never themselves. */
export function blockRefusal(actor: Actor, target: Actor): Refusal | null {
  return actor.id === target.id ? { status: 409, message: MSG.cannotBlockSelf } : null;
}

/**
 * Whether the actor may judge this tool (approve, score, list again, premium, apply change requests): not one they submitted,
 * unless they hold the isAdmin flag, since a one-admin directory has nobody else to approve the owner's entries.
 */
export function ownToolRefusal(actor: Actor, tool: { submittedById: number | null }): Refusal | null {
  return !actor.isAdmin && tool.submittedById === actor.id ? { status: 403, message: MSG.ownToolModeration } : null;
}

/**
 * Whether the actor may set these picks on this tool: not on a tool they submitted, nor with a tool they submitted among
 * the picks (that places it on a competitor's page). isAdmin accounts may, as for judging (ownToolRefusal).
 */
export function ownPicksRefusal(
  actor: Actor,
  tool: { submittedById: number | null },
  picks: readonly { submittedById: number | null }[],
): Refusal | null {
  if (actor.isAdmin) return null;
  const own = (t: { submittedById: number | null }) => t.submittedById === actor.id;
  return own(tool) || picks.some(own) ? { status: 403, message: MSG.ownToolAlternatives } : null;
}
