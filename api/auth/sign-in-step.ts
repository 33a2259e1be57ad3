// The one way a sign-in point (the password, its form without JavaScript, Google) goes on once the account is known:
// a session at once, or, for an account with two-factor on, the code step first (decision 0095). A sign-in that
// another step must finish (a code, later restoring a closed account) is added here, so every point asks for it.
import type { Context } from 'elysia';
import type { User } from '../../db/schema';
import { FORM_ACTIONS } from '../../lib/form-pages';
import { landingAfterSignIn, withNext } from '../../lib/return-to';
import { PROOFS } from '../account/proofs';
import { finishTwoFactorSignIn, startTwoFactorSignIn } from '../account/two-factor';
import { cookieOptions } from './sessions';
import { signIn, type Cookies } from './sign-in';

/** Carries the token of a sign-in waiting for its code, from the password (or Google) to the code step. */
const TWO_FACTOR_COOKIE = 'two_factor_sign_in';

type SignInContext = Pick<Context, 'request'> & { cookie: Cookies; ip: string };

/** Signed in (`to`: where to go), or a step still to take (`to`: its page, `next` riding along). */
export type SignInStep = { signedIn: true; to: string } | { signedIn: false; step: 'two-factor'; to: string };

/** Signs the user in, or starts the code step when the account has two-factor on; `next` is the page to return to. */
export async function beginSignIn(
  { cookie, request, ip }: SignInContext,
  user: User,
  next: string | undefined,
): Promise<SignInStep> {
  if (user.twoFactorEnabledAt && user.twoFactorSecret) {
    const { token } = await startTwoFactorSignIn(user, next);
    cookie[TWO_FACTOR_COOKIE].set({ value: token, ...cookieOptions(PROOFS['two-factor-sign-in'].lifetimeMs / 1000) });
    return { signedIn: false, step: 'two-factor', to: withNext(FORM_ACTIONS.twoFactor, next) };
  }
  await signIn(cookie, request, ip, user);
  return { signedIn: true, to: landingAfterSignIn(user, next) };
}

/** The code step: a right code signs in (and the cookie goes); the user and the page the sign-in was going to. */
export async function finishSignIn({ cookie, request, ip }: SignInContext, code: string) {
  const { user, next } = await finishTwoFactorSignIn(cookie[TWO_FACTOR_COOKIE]?.value as string | undefined, code, ip);
  cookie[TWO_FACTOR_COOKIE].set({ value: '', ...cookieOptions(0) });
  await signIn(cookie, request, ip, user);
  return { user, next };
}
