// The auth plugin: resolves the signed-in user from the session cookie. Routes opt in with
// `auth: true` (401 when signed out) or `permission: '...'` (401 signed out, 403 without it).
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { can, type Permission } from '../../lib/permissions';
import { SESSION_COOKIE, accountBlock, userForToken } from '../auth/sessions';

export const auth = new Elysia({ name: 'auth' }).macro({
  auth: {
    async resolve({ cookie, status }) {
      const user = await userForToken(cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!user) return status(401, MSG.unauthorized);
      return { user };
    },
  },
  /** Signed in and allowed to act: not suspended or banned (a lapsed suspension has ended). */
  activeUser: {
    async resolve({ cookie, status }) {
      const user = await userForToken(cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!user) return status(401, MSG.unauthorized);
      const blocked = accountBlock(user);
      if (blocked) return status(403, blocked);
      return { user };
    },
  },
  permission: (permission: Permission) => ({
    async resolve({ cookie, status }) {
      const user = await userForToken(cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!user) return status(401, MSG.unauthorized);
      if (!can(user, permission)) return status(403, MSG.forbidden);
      return { user };
    },
  }),
});
