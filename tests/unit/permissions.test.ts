// The role table of SPEC.md section 6: what each role may do in the admin panel.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, canOpenAdmin, permissionsOf, type Permission } from '../../lib/permissions';

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
    const allowed: Permission[] = ['read:stats', 'read:pending-tools', 'moderate:tools', 'edit:tools', 'review:change-requests'];
    for (const permission of allowed) expect(can(staff, permission)).toBe(true);
    for (const permission of ['manage:users', 'manage:blog', 'read:settings'] as const) {
      expect(can(staff, permission)).toBe(false);
    }
  });

  it('gives the admin role every permission', () => {
    expect([...permissionsOf(as('admin'))].sort()).toEqual([...PERMISSIONS].sort());
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
