// Account routes: password (docs/decisions/0093). "Forgot password?" (JSON and the /auth/forgot form), the e-mail's
// reset link, the /auth/reset form, and on /account the change, "Set a password" and whether there is one.
import { Elysia, type Context } from 'elysia';
import type { User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  messageSchema,
  passwordStateSchema,
  resetPasswordSchema,
} from '../../lib/contract';
import { FORGOT_SENT_PATH, FORM_ACTIONS } from '../../lib/form-pages';
import { answer } from '../answer';
import { config } from '../config';
import { cookieOptions, SESSION_COOKIE } from '../auth/sessions';
import { beginSignIn } from '../auth/sign-in-step';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { HttpError, errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';
import {
  RESET_LINK_PREFIX,
  changePassword,
  requestPasswordReset,
  resetLinkUser,
  resetPassword,
  sendSetPasswordLink,
} from './password';
import { PROOFS } from './proofs';

/**
 * The reset link's token between the e-mail and the new password: httpOnly, sent only to /auth/reset (the page and its
 * form post), never in the page or the address bar.
 */
const RESET_COOKIE = config.isProduction ? '__Secure-reset' : 'reset';
const resetCookie = (maxAgeSeconds: number) => ({
  ...cookieOptions(maxAgeSeconds),
  sameSite: 'strict' as const,
  path: FORM_ACTIONS.resetPassword,
});

type FormContext = Pick<Context, 'body' | 'cookie' | 'request' | 'redirect' | 'set'> & { ip: string };

/**
 * Signs the account in on this device after a reset and sends the browser on, as a sign-in is (decision 0092): the
 * reset proved the address, not the authenticator, so an account with two-factor on is asked its code first, and a
 * closed account is offered the restore.
 */
async function signInAfterReset({ cookie, request, ip, redirect }: FormContext, user: User) {
  return redirect((await beginSignIn({ cookie, request, ip }, user, undefined)).to, 303);
}

/** The reset page again with a refusal; a used or expired link says so, with the way to ask for a new one. */
function resetRefused({ request, ip, set }: FormContext, error: unknown) {
  const linkInvalid = error instanceof HttpError && error.message === ACCOUNT_MSG.linkInvalid;
  return refusedPost({
    error,
    request,
    ip,
    set,
    page: FORM_ACTIONS.resetPassword,
    locals: (message) => ({ resetForm: { error: message, linkInvalid } }),
  });
}

export const passwordRoutes = new Elysia({ name: 'account-password-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/account/password/forgot',
    async ({ body, ip }) => {
      await requestPasswordReset(body.email, ip);
      return { message: ACCOUNT_MSG.resetRequested };
    },
    { body: jsonBody(forgotPasswordSchema), response: answer(messageSchema) },
  )
  // The same form posted without JavaScript (docs/decisions/0068): 303 to the page saying the link is on its way, or
  // the page again with the message and the address.
  .post(FORM_ACTIONS.forgotPassword, async ({ body, request, ip, redirect, set }) => {
    const fields = formFields(body);
    try {
      await requestPasswordReset(forgotPasswordSchema.parse(fields).email, ip);
      return redirect(FORGOT_SENT_PATH, 303);
    } catch (error) {
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: FORM_ACTIONS.forgotPassword,
        locals: (message) => ({ forgotForm: { email: fields.email ?? '', error: message } }),
      });
    }
  })
  .get(`${RESET_LINK_PREFIX}:token`, async (context) => {
    const { params, cookie, ip, redirect } = context;
    try {
      await requireAttempt([rateKey('reset-link-address', addressBucket(ip))], ACCOUNT_MSG.resetTooMany);
      if (!(await resetLinkUser(params.token))) throw new HttpError(400, ACCOUNT_MSG.linkInvalid);
    } catch (error) {
      return resetRefused({ ...context, body: undefined }, error);
    }
    cookie[RESET_COOKIE].set({ value: params.token, ...resetCookie(PROOFS['reset-password'].lifetimeMs / 1000) });
    return redirect(FORM_ACTIONS.resetPassword, 303);
  })
  .post(FORM_ACTIONS.resetPassword, async (context) => {
    const token = context.cookie[RESET_COOKIE]?.value as string | undefined;
    try {
      const { password } = resetPasswordSchema.parse(formFields(context.body));
      const user = await resetPassword(token, password, context.ip);
      context.cookie[RESET_COOKIE].set({ value: '', ...resetCookie(0) });
      return await signInAfterReset(context, user);
    } catch (error) {
      return resetRefused(context, error);
    }
  })
  .get('/api/account/password', ({ user }) => ({ hasPassword: user.password !== null }), {
    auth: true,
    response: answer(passwordStateSchema),
  })
  .post(
    '/api/account/password',
    async ({ body, user, cookie, ip }) => {
      await changePassword(user, body, cookie[SESSION_COOKIE]?.value as string | undefined, ip);
      return { message: ACCOUNT_MSG.passwordChanged };
    },
    { auth: true, body: jsonBody(changePasswordSchema), response: answer(messageSchema) },
  )
  .post(
    '/api/account/password/set-link',
    async ({ user, ip }) => {
      await sendSetPasswordLink(user, ip);
      return { message: ACCOUNT_MSG.setPasswordSent };
    },
    { auth: true, response: answer(messageSchema) },
  );
