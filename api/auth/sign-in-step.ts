// The one way a sign-in point (the password, its form without JavaScript, Google, a password reset) goes on once the
// account is known (decision 0092): the authenticator code first when two-factor is on (decision 0095), then "Restore
// my account" when the account is closed (decision 0097), and only then a session.
import type { Context } from 'elysia';
import type { User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { FORM_ACTIONS } from '../../lib/form-pages';
import { landingAfterSignIn, withNext } from '../../lib/return-to';
import { TWO_FACTOR_HEADER, TWO_FACTOR_REQUIRED } from '../../lib/two-factor';
import { PROOFS } from '../account/proofs';
import { restoreInstead, restoreRequired } from '../account/restore-step';
import { finishTwoFactorSignIn, startTwoFactorSignIn } from '../account/two-factor';
import { HttpError } from '../plugins/errors';
import { cookieOptions } from './sessions';
import { signIn, type Cookies } from './sign-in';

/** Carries the token of a sign-in waiting for its code, from the password (or Google) to the code step. */
const TWO_FACTOR_COOKIE = 'two_factor_sign_in';

type SignInContext = Pick<Context, 'request'> & { cookie: Cookies; ip: string };

/** Signed in (`to`: where to go), or a step still to take (`to`: its page, `next` riding along). */
export type SignInStep =
  | { signedIn: true; to: string }
  | { signedIn: false; step: 'two-factor' | 'restore'; to: string };

/** After every factor: the restore step for a closed account, else a session. */
async function afterFactors(
  { cookie, request, ip }: SignInContext,
  user: User,
  next: string | undefined,
): Promise<SignInStep> {
  if (await restoreInstead(cookie, user)) return { signedIn: false, step: 'restore', to: FORM_ACTIONS.restore };
  await signIn(cookie, request, ip, user);
  return { signedIn: true, to: landingAfterSignIn(user, next) };
}

/** Signs the user in, or starts the step the account needs first; `next` is the page to return to. */
export async function beginSignIn(context: SignInContext, user: User, next: string | undefined): Promise<SignInStep> {
  if (user.twoFactorEnabledAt && user.twoFactorSecret) {
    const { token } = await startTwoFactorSignIn(user, next);
    context.cookie[TWO_FACTOR_COOKIE].set({
      value: token,
      ...cookieOptions(PROOFS['two-factor-sign-in'].lifetimeMs / 1000),
    });
    return { signedIn: false, step: 'two-factor', to: withNext(FORM_ACTIONS.twoFactor, next) };
  }
  return afterFactors(context, user, next);
}

/** The code step: a right code goes on (the cookie goes); the user and the step after it. */
export async function finishSignIn(context: SignInContext, code: string, fallbackNext?: string) {
  const { cookie, ip } = context;
  const { user, next } = await finishTwoFactorSignIn(cookie[TWO_FACTOR_COOKIE]?.value as string | undefined, code, ip);
  cookie[TWO_FACTOR_COOKIE].set({ value: '', ...cookieOptions(0) });
  return { user, step: await afterFactors(context, user, next ?? fallbackNext) };
}

/**
 * What a JSON sign-in call answers when a step is still to take: the spec's refusal shape, with a header naming the
 * step (X-Two-Factor: required on a 401; X-Account-Closed: restore on a 403), so the island goes on to its page.
 */
export function stepRefusal(step: Exclude<SignInStep, { signedIn: true }>, set: Context['set']): HttpError {
  if (step.step === 'restore') return restoreRequired(set);
  set.headers[TWO_FACTOR_HEADER] = TWO_FACTOR_REQUIRED;
  return new HttpError(401, ACCOUNT_MSG.twoFactorRequired);
}
