// Account routes: closing an account and restoring it (docs/decisions/0097). The close calls are JSON calls of the
// /account page; /auth/restore is a page the server renders for the visitor holding the restore cookie, and its form
// posts without JavaScript.
import { Elysia } from 'elysia';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { accountClosedSchema, closeAccountSchema, closingStateSchema, messageSchema } from '../../lib/contract';
import { FORM_ACTIONS } from '../../lib/form-pages';
import { landingAfterSignIn } from '../../lib/return-to';
import { answer } from '../answer';
import { pageForClient, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { signIn, signOut } from '../auth/sign-in';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { closeAccount, closingState, restoreAccount, restoreStep, sendCloseCode } from './closing';
import { RESTORE_COOKIE, dropRestoreCookie } from './restore-step';

export const closingRoutes = new Elysia({ name: 'account-closing-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/account/close', ({ user }) => closingState(user), { auth: true, response: answer(closingStateSchema) })
  .post(
    '/api/account/close/code',
    async ({ user }) => {
      await sendCloseCode(user);
      return { message: ACCOUNT_MSG.closeCodeSent };
    },
    { auth: true, response: answer(messageSchema) },
  )
  .post(
    '/api/account/close',
    async ({ user, body, cookie }) => {
      const closed = await closeAccount(user, body);
      // Every session, this one included, ended with the close: the browser's cookies go too.
      await signOut(cookie);
      return closed;
    },
    { auth: true, body: jsonBody(closeAccountSchema), response: answer(accountClosedSchema) },
  )
  .get(FORM_ACTIONS.restore, async ({ cookie, request, ip, set }) => {
    const step = await restoreStep(cookie[RESTORE_COOKIE]?.value as string | undefined);
    if (!step) dropRestoreCookie(cookie);
    const restoreForm = { deletionDate: null, withdrawnTools: false, ...step, error: '' };
    const page = await pageForClient({
      request,
      ip,
      set,
      page: FORM_ACTIONS.restore,
      locals: { restoreForm },
      status: 200,
    });
    if (page === null) throw new Error('/auth/restore did not render');
    return page;
  })
  .post(FORM_ACTIONS.restore, async ({ cookie, request, ip, set, redirect }) => {
    try {
      const user = await restoreAccount(cookie[RESTORE_COOKIE]?.value as string | undefined, ip);
      dropRestoreCookie(cookie);
      await signIn(cookie, request, ip, user);
      return redirect(landingAfterSignIn(user), 303);
    } catch (error) {
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: FORM_ACTIONS.restore,
        locals: (message) => ({ restoreForm: { deletionDate: null, withdrawnTools: false, error: message } }),
      });
    }
  });
