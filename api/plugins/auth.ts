// The auth plugin: resolves the signed-in user from the session cookie. Routes opt in with
// `auth: true` (401 when signed out) or `permission: '...'` (401 signed out, 403 without it).
// A suspended or banned account is refused with 403 and the reason the login form gives, so the
// browser whose session was cut learns why (docs/decisions/0010-blocked-accounts.md). Each also states its need in
// the route's OpenAPI security (the session cookie, with the permission as its scope).
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { can, type Permission } from '../../lib/permissions';
import type { User } from '../../db/schema';
import { SESSION_COOKIE, sessionFor } from '../auth/sessions';

type Cookies = Record<string, { value?: unknown }>;

/** The signed-in user, or why not: 401 without a live session, 403 with the reason for a blocked account. */
async function signedInUser(cookie: Cookies): Promise<{ user: User } | { code: 401 | 403; message: string }> {
  const session = await sessionFor(cookie[SESSION_COOKIE]?.value as string | undefined);
  if (!session) return { code: 401, message: MSG.unauthorized };
  if ('blocked' in session) return { code: 403, message: session.blocked };
  return { user: session.user };
}

/** The OpenAPI security scheme of the session cookie; a permission a route needs is its role-style scope there. */
export const SESSION_SCHEME = 'session';

export const auth = new Elysia({ name: 'auth' }).macro({
  auth: {
    detail: { security: [{ [SESSION_SCHEME]: [] }] },
    async resolve({ cookie, status }) {
      const found = await signedInUser(cookie);
      if (!('user' in found)) return status(found.code, found.message);
      return { user: found.user };
    },
  },
  permission: (permission: Permission) => ({
    detail: { security: [{ [SESSION_SCHEME]: [permission] }] },
    async resolve({ cookie, status }) {
      const found = await signedInUser(cookie);
      if (!('user' in found)) return status(found.code, found.message);
      if (!can(found.user, permission)) return status(403, MSG.forbidden);
      return { user: found.user };
    },
  }),
});
