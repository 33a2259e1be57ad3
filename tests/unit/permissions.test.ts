// The role table of SPEC.md section 6: what each role may do in the admin panel, and the rules on
// who may change whose account and who may judge a tool (docs/decisions/0023-roles-and-admin-flag.md).
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/messages';
import {
  PERMISSIONS,
  accountRefusal,
  blockRefusal,
  can,
  canOpenAdmin,
  ownPicksRefusal,
  ownToolRefusal,
  permissionsOf,
  roleChangeRefusal,
  type Permission,
} from '../../lib/permissions';

const as = (role: string, isAdmin = false) => ({ role, isAdmin });

describe('permissionsOf and can', () => {
  it('gives a plain user nothing', () => {
    expect(permissionsOf(as('user'))).toEqual([]);
    for (const permission of PERMISSIONS) expect(can(as('user'), permission)).toBe(false);
  });

  it('lets a guest reviewer read stats and pending tools, and nothing else', () => {
    const guest = as('guest_reviewer');
    expect([...permissionsOf(guest)].sort()).toEqual(['read:pending-tools', 'read:stats']);
    expect(can(guest, 'moderate:tools')).toBe(false);
    expect(can(guest, 'edit:tools')).toBe(false);
  });

  it('lets staff moderate and edit tools and review change requests, but not users, blog or settings', () => {
    const staff = as('staff');
    const allowed: Permission[] = [
      'read:stats',
      'read:pending-tools',
      'moderate:tools',
      'edit:tools',
      'review:change-requests',
    ];
    for (const permission of allowed) expect(can(staff, permission)).toBe(true);
    for (const permission of ['manage:users', 'manage:roles', 'manage:blog', 'read:settings'] as const) {
      expect(can(staff, permission)).toBe(false);
    }
  });

  it('gives the admin role every permission but handing out roles and the admin flag', () => {
    expect([...permissionsOf(as('admin'))].sort()).toEqual(PERMISSIONS.filter((p) => p !== 'manage:roles').sort());
    expect(can(as('admin'), 'manage:roles')).toBe(false);
    expect(can(as('user', true), 'manage:roles')).toBe(true);
  });

  it('gives every permission to isAdmin, whatever the role', () => {
    for (const role of ['user', 'guest_reviewer', 'staff', 'admin', 'unknown']) {
      for (const permission of PERMISSIONS) expect(can(as(role, true), permission)).toBe(true);
    }
  });

  it('gives nothing to a visitor or an unknown role', () => {
    expect(permissionsOf(null)).toEqual([]);
    expect(permissionsOf(undefined)).toEqual([]);
    expect(permissionsOf(as('superuser'))).toEqual([]);
    expect(can(null, 'read:stats')).toBe(false);
    expect(can(as('toString'), 'read:stats')).toBe(false);
    expect(canOpenAdmin(as('constructor'))).toBe(false);
  });
});

describe('canOpenAdmin', () => {
  it('lets reviewing roles and isAdmin open the panel', () => {
    expect(canOpenAdmin(as('guest_reviewer'))).toBe(true);
    expect(canOpenAdmin(as('staff'))).toBe(true);
    expect(canOpenAdmin(as('admin'))).toBe(true);
    expect(canOpenAdmin(as('user', true))).toBe(true);
  });

  it('keeps users and visitors out', () => {
    expect(canOpenAdmin(as('user'))).toBe(false);
    expect(canOpenAdmin(as('nobody'))).toBe(false);
    expect(canOpenAdmin(null)).toBe(false);
    expect(canOpenAdmin(undefined)).toBe(false);
  });
});

describe('who may change whose account', () => {
  const owner = { id: 1, role: 'user', isAdmin: true };
  const otherOwner = { id: 2, role: 'admin', isAdmin: true };
  const roleAdmin = { id: 3, role: 'admin', isAdmin: false };
  const staff = { id: 4, role: 'staff', isAdmin: false };
  const member = { id: 5, role: 'user', isAdmin: false };

  it('lets only isAdmin accounts change roles and the flag, and never their own', () => {
    expect(roleChangeRefusal(owner, member)).toBeNull();
    expect(roleChangeRefusal(owner, otherOwner)).toBeNull();
    expect(roleChangeRefusal(owner, owner)).toEqual({ status: 409, message: MSG.cannotChangeOwnRole });
    expect(roleChangeRefusal(roleAdmin, member)).toEqual({ status: 403, message: MSG.rolesNeedAdmin });
    expect(roleChangeRefusal(roleAdmin, roleAdmin)).toEqual({ status: 403, message: MSG.rolesNeedAdmin });
  });

  it('keeps isAdmin accounts out of reach of the admin role, and everyone out of reach of staff', () => {
    expect(accountRefusal(roleAdmin, member)).toBeNull();
    expect(accountRefusal(roleAdmin, otherOwner)).toEqual({ status: 403, message: MSG.adminAccountNeedsAdmin });
    expect(accountRefusal(owner, otherOwner)).toBeNull();
    expect(accountRefusal(staff, member)).toEqual({ status: 403, message: MSG.forbidden });
  });

  it('lets nobody suspend or ban themselves', () => {
    expect(blockRefusal(owner, owner)).toEqual({ status: 409, message: MSG.cannotBlockSelf });
    expect(blockRefusal(owner, member)).toBeNull();
  });

  it('lets staff and the admin role judge only tools others submitted; isAdmin accounts judge their own too', () => {
    expect(ownToolRefusal(staff, { submittedById: staff.id })).toEqual({ status: 403, message: MSG.ownToolModeration });
    expect(ownToolRefusal(roleAdmin, { submittedById: roleAdmin.id })).toEqual({
      status: 403,
      message: MSG.ownToolModeration,
    });
    expect(ownToolRefusal(staff, { submittedById: member.id })).toBeNull();
    expect(ownToolRefusal(owner, { submittedById: owner.id })).toBeNull();
  });

  it("keeps staff from picking alternatives for their own tool or picking their own tool for another's; isAdmin accounts may", () => {
    const refused = { status: 403, message: MSG.ownToolAlternatives };
    expect(ownPicksRefusal(staff, { submittedById: staff.id }, [])).toEqual(refused);
    expect(
      ownPicksRefusal(staff, { submittedById: member.id }, [{ submittedById: member.id }, { submittedById: staff.id }]),
    ).toEqual(refused);
    expect(ownPicksRefusal(staff, { submittedById: member.id }, [{ submittedById: member.id }])).toBeNull();
    expect(ownPicksRefusal(owner, { submittedById: owner.id }, [{ submittedById: owner.id }])).toBeNull();
  });
});
