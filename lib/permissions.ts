// The one permission table: which role may do what in the admin panel. Used by every admin
// route (api/plugins/auth.ts) and by the panel to choose what to show.
import type { Role } from './categories';

export const PERMISSIONS = [
  'read:stats',
  'read:pending-tools',
  'moderate:tools', // approve and reject pending tools
  'edit:tools', // approved tools: edit, premium, unlist/list, follow-up reviews
  'review:change-requests',
  'manage:users',
  'manage:blog',
  'read:settings',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GUEST_REVIEWER: readonly Permission[] = ['read:stats', 'read:pending-tools'];
const STAFF: readonly Permission[] = [...GUEST_REVIEWER, 'moderate:tools', 'edit:tools', 'review:change-requests'];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  user: [],
  guest_reviewer: GUEST_REVIEWER,
  staff: STAFF,
  admin: PERMISSIONS,
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
