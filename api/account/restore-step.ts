// The restore step at the sign-in points (docs/decisions/0097): a closed account whose owner proved who they are gets
// no session but a short-lived httpOnly cookie for /auth/restore, where one button restores it.
import type { Context } from 'elysia';
import type { User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { ACCOUNT_CLOSED_HEADER, FORM_ACTIONS } from '../../lib/form-pages';
import { cookieOptions } from '../auth/sessions';
import type { Cookies } from '../auth/sign-in';
import { HttpError } from '../plugins/errors';
import { restoreProof } from './closing';
import { PROOFS } from './proofs';

/** The cookie holding the restore token, sent only to /auth/restore. */
export const RESTORE_COOKIE = 'account_restore';

/**
 * Called where a sign-in would start a session, after the password or Google (and two-factor): for a closed account,
 * sets the restore cookie and answers true, and the caller sends the browser to /auth/restore instead of signing in.
 */
export async function restoreInstead(cookie: Cookies, user: User): Promise<boolean> {
  const proof = await restoreProof(user);
  if (!proof) return false;
  cookie[RESTORE_COOKIE].set({
    value: proof.token,
    ...cookieOptions(PROOFS['restore-account'].lifetimeMs / 1000),
    path: FORM_ACTIONS.restore,
  });
  return true;
}

/** The JSON sign-in's answer then: 403 with the reason and X-Account-Closed: restore (the answer's shape stays the spec's). */
export function restoreRequired(set: Context['set']): HttpError {
  set.headers[ACCOUNT_CLOSED_HEADER] = 'restore';
  return new HttpError(403, ACCOUNT_MSG.accountClosedRestore);
}

/** Forgets the restore cookie (used, or no longer live). */
export function dropRestoreCookie(cookie: Cookies): void {
  cookie[RESTORE_COOKIE].set({ value: '', ...cookieOptions(0), path: FORM_ACTIONS.restore });
}
