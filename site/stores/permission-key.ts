// A fetcher store's key that exists only for those who may make the call (no request they would get a 403 for).
import { computed, type ReadableAtom } from 'nanostores';
import { can, type Permission } from '../../lib/permissions';
import { $user } from './user';

/** The key when the signed-in user holds the permission, else null. */
export function keyFor(permission: Permission, key: string): ReadableAtom<string | null> {
  return computed($user, ({ data }) => (data && can(data, permission) ? key : null));
}
