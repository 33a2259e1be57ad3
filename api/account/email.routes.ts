// Account routes: the address (docs/decisions/0094). GET /api/account/email; verifying it with the e-mailed code and
// asking for a new one; changing it and cancelling a change; the e-mailed link (GET /auth/verify-link/{token}); and the
// /auth/verify form posted without JavaScript.
import { Elysia, type Context } from 'elysia';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import {
  accountEmailSchema,
  changeEmailSchema,
  verifyEmailCodeSchema,
  verifyLinkParamsSchema,
} from '../../lib/contract';
import {
  FORM_ACTIONS,
  VERIFY_RESEND_INTENT,
  VERIFY_SENT_PARAM,
  verifyDonePath,
  type VerifyFormState,
} from '../../lib/form-pages';
import { withNext } from '../../lib/return-to';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth, optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';
import {
  cancelEmailChange,
  emailStatus,
  openVerifyLink,
  requestEmailChange,
  resendVerification,
  verifyCode,
} from './email';

type PageContext = Pick<Context, 'request' | 'set'> & { ip: string };

/** The /auth/verify page again with the refusal's message and status (a dead link, a wrong code). */
const verifyPageWith = (error: unknown, { request, set, ip }: PageContext) =>
  refusedPost({
    error,
    request,
    ip,
    set,
    page: FORM_ACTIONS.verifyEmail,
    locals: (message) => ({ verifyForm: { error: message } satisfies VerifyFormState }),
  });

export const emailRoutes = new Elysia({ name: 'account-email-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/account/email', ({ user }) => emailStatus(user), { auth: true, response: answer(accountEmailSchema) })
  .post('/api/account/email', ({ user, body }) => requestEmailChange(user, body), {
    auth: true,
    body: jsonBody(changeEmailSchema),
    response: answer(accountEmailSchema),
  })
  .delete('/api/account/email/change', ({ user }) => cancelEmailChange(user), {
    auth: true,
    response: answer(accountEmailSchema),
  })
  .post('/api/account/email/verify', ({ user, body }) => verifyCode(user, body.code), {
    auth: true,
    body: jsonBody(verifyEmailCodeSchema),
    response: answer(accountEmailSchema),
  })
  .post('/api/account/email/verification', ({ user }) => resendVerification(user), {
    auth: true,
    response: answer(accountEmailSchema),
  })
  // The e-mailed link, signed in or not: 303 to the page saying what it did, or that page with the one message.
  .get(
    '/auth/verify-link/:token',
    async ({ params, redirect, request, set, ip }) => {
      try {
        // Counted before the token is hashed or looked up.
        await requireAttempt([rateKey('verify-link-address', addressBucket(ip))], ACCOUNT_MSG.tooManyCodes);
        return redirect(verifyDonePath(await openVerifyLink(params.token)), 303);
      } catch (error) {
        return verifyPageWith(error, { request, set, ip });
      }
    },
    { params: verifyLinkParamsSchema },
  )
  // The code form and its "Send a new code" button without JavaScript: signed out, to sign-in and back here.
  .post(FORM_ACTIONS.verifyEmail, async ({ body, cookie, redirect, request, set, ip }) => {
    const user = await optionalUser(cookie);
    if (!user) return redirect(withNext('/auth', FORM_ACTIONS.verifyEmail), 303);
    const fields = formFields(body);
    try {
      if (fields.intent === VERIFY_RESEND_INTENT) {
        await resendVerification(user);
        return redirect(`${FORM_ACTIONS.verifyEmail}?${VERIFY_SENT_PARAM}=1`, 303);
      }
      await verifyCode(user, verifyEmailCodeSchema.parse(fields).code);
      return redirect(verifyDonePath('verified'), 303);
    } catch (error) {
      return verifyPageWith(error, { request, set, ip });
    }
  });
