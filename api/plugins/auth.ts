// The auth plugin: resolves the signed-in user from the session cookie. Routes opt in with
// `auth: true` (401 when signed out), `verifiedEmail: true` (also 403 until the address is verified), `permission: '...'` (401 signed out, 403 without it) or
// `anyPermission: [...]` (403 without every one of them). A suspended or banned account is refused
// with 403 and the reason the login form gives, so the browser whose session was cut learns why
// (docs/decisions/0010-blocked-accounts.md).
//
// The check runs in the transform phase, before the request's schemas are validated: a signed-out
// caller learns it is signed out (401), not what was wrong with its body (400). Resolve then hands
// the user it found to the handler. Each also states its need in the route's OpenAPI security (the
// session cookie, with the permission as its scope).
import { Elysia } from 'elysia';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { MSG } from '../../lib/messages';
import { can, type Permission } from '../../lib/permissions';
import type { User } from '../../db/schema';
import { SESSION_COOKIE, sessionFor } from '../auth/sessions';
import { config } from '../config';
import { HttpError, forbidden } from './errors';

type Cookies = Record<string, { value?: unknown }>;

/** The user each request's transform found, for its resolve. */
const signedIn = new WeakMap<Request, User>();

/** The signed-in user; throws 401 without a live session, 403 with the reason for a blocked account. */
async function requireUser(cookie: Cookies, request: Request): Promise<User> {
  const session = await sessionFor(cookie[SESSION_COOKIE]?.value as string | undefined);
  if (!session) throw new HttpError(401, MSG.unauthorized);
  if ('blocked' in session) throw new HttpError(403, session.blocked);
  signedIn.set(request, session.user);
  return session.user;
}

/**
 * The signed-in user, or null when signed out, expired or blocked: for a route anyone may call whose answer depends on
 * who asks (a contact message's sender, a private upload's viewer, the health check's detail).
 */
export async function optionalUser(cookie: Cookies): Promise<User | null> {
  const session = await sessionFor(cookie[SESSION_COOKIE]?.value as string | undefined);
  return session && 'user' in session ? session.user : null;
}

/**
 * 403 unless the user holds one of the permissions. With REQUIRE_ADMIN_TWO_FACTOR, an isAdmin account without
 * two-factor holds none (decision 0095): its refusal says where to turn it on, and /account needs no permission.
 */
function requirePermission(user: User, permissions: readonly Permission[]): void {
  if (!permissions.some((p) => can(user, p))) throw forbidden(MSG.forbidden);
  if (config.requireAdminTwoFactor && user.isAdmin && !user.twoFactorEnabledAt)
    throw forbidden(ACCOUNT_MSG.adminTwoFactorRequired);
}

/**
 * 403 for a member whose address is not verified yet, saying how to verify it: for the calls that act in the name of a
 * real person (claiming a listing, ...). Write no second check of emailVerifiedAt; call this, or use `verifiedEmail: true`.
 */
export function requireVerifiedEmail(user: Pick<User, 'emailVerifiedAt'>): void {
  if (!user.emailVerifiedAt) throw forbidden(MSG.emailVerificationRequired);
}

function userOf(request: Request): { user: User } {
  const user = signedIn.get(request);
  // Only reachable if a route's transform did not run: a bug, not a signed-out caller.
  if (!user) throw new Error('auth: resolve ran without its transform');
  return { user };
}

/** The OpenAPI security scheme of the session cookie; a permission a route needs is its role-style scope there. */
export const SESSION_SCHEME = 'session';

export const auth = new Elysia({ name: 'auth' }).macro({
  auth: {
    detail: { security: [{ [SESSION_SCHEME]: [] }] },
    async transform({ cookie, request }) {
      await requireUser(cookie, request);
    },
    resolve: ({ request }) => userOf(request),
  },
  permission: (permission: Permission) => ({
    detail: { security: [{ [SESSION_SCHEME]: [permission] }] },
    async transform({ cookie, request }) {
      requirePermission(await requireUser(cookie, request), [permission]);
    },
    resolve: ({ request }) => userOf(request),
  }),
  /** Signed in (401) with a verified address (403 saying how to verify, requireVerifiedEmail). */
  verifiedEmail: {
    detail: { security: [{ [SESSION_SCHEME]: [] }] },
    async transform({ cookie, request }) {
      requireVerifiedEmail(await requireUser(cookie, request));
    },
    resolve: ({ request }) => userOf(request),
  },
  /** For a route open to several permissions (the history is read by editors and by reviewers). */
  anyPermission: (permissions: readonly Permission[]) => ({
    detail: { security: [{ [SESSION_SCHEME]: [...permissions] }] },
    async transform({ cookie, request }) {
      requirePermission(await requireUser(cookie, request), permissions);
    },
    resolve: ({ request }) => userOf(request),
  }),
});
