// Subscribing (the footer's form, /newsletter's and an island's JSON call) and the confirmation page, whose button
// confirms with a POST so a mail scanner opening the link subscribes nobody (docs/decisions/0106).
import { Elysia } from 'elysia';
import { messageSchema, subscribeSchema } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS, SUBSCRIBE_SENT_PATH } from '../../lib/form-pages';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth, optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { confirmSubscription, pendingByToken } from './subscribers';
import { confirmationPageRoutes, preferencesPath } from './token-pages';
import { subscribe } from './subscribe';

export const subscribeRoutes = new Elysia({ name: 'subscribe-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/newsletter/subscribe',
    async ({ body, cookie, ip, status }) => {
      const done = await subscribe(body, await optionalUser(cookie), ip, new Date());
      return status(202, { message: done.kind === 'member' ? ENGAGE_MSG.confirmed : ENGAGE_MSG.subscribeSent });
    },
    { body: jsonBody(subscribeSchema), response: { 202: answer(messageSchema) } },
  )
  // The same form posted without JavaScript: 303 to "check your inbox" (a member: their preference page), or
  // /newsletter again with the message and the address as typed.
  .post(FORM_ACTIONS.subscribe, async ({ body, cookie, request, ip, set, redirect }) => {
    const fields = formFields(body);
    try {
      const done = await subscribe(subscribeSchema.parse(fields), await optionalUser(cookie), ip, new Date());
      return redirect(
        done.kind === 'member' ? preferencesPath(done.manageToken, 'confirmed') : SUBSCRIBE_SENT_PATH,
        303,
      );
    } catch (error) {
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: FORM_ACTIONS.subscribe,
        locals: (message) => ({ subscribeForm: { email: fields.email ?? '', error: message } }),
      });
    }
  })
  // The e-mail's link: the page and its button; opening it changes nothing.
  .use(
    confirmationPageRoutes({
      path: FORM_ACTIONS.newsletterConfirm,
      find: pendingByToken,
      confirm: confirmSubscription,
      done: 'confirmed',
      invalid: ENGAGE_MSG.confirmLinkInvalid,
      locals: (token, pending, error) => ({ confirmForm: { token, valid: pending !== undefined, error } }),
    }),
  );
