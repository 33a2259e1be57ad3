// The preference page (?token=, no sign-in) and its forms, and RFC 8058 one-click unsubscribe (docs/decisions/0106).
import { Elysia } from 'elysia';
import { messageSchema } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS, PREFERENCE_OUTCOMES, PREFERENCE_PARAMS, type PreferenceOutcome } from '../../lib/form-pages';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../lib/newsletter';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { errors, HttpError } from '../plugins/errors';
import { security } from '../plugins/security';
import { applyPreference, preferencesPage, subscriberByManageToken, unsubscribeByToken } from './preferences';
import { preferencesPath, renderTokenPage, requireTokenAttempt } from './token-pages';

const NOTICES: Record<PreferenceOutcome, string> = {
  saved: ENGAGE_MSG.preferencesSaved,
  unfollowed: ENGAGE_MSG.stoppedFollowing,
  unsubscribed: ENGAGE_MSG.unsubscribed,
  confirmed: ENGAGE_MSG.confirmed,
  followed: ENGAGE_MSG.followConfirmed,
};

const noticeOf = (done: unknown): string =>
  PREFERENCE_OUTCOMES.find((outcome) => outcome === done) ? NOTICES[done as PreferenceOutcome] : '';

/**
 * Whether a POST is RFC 8058's one-click: its body holds List-Unsubscribe=One-Click, urlencoded or as a multipart
 * field (the RFC allows both).
 */
function isOneClick(body: unknown): boolean {
  if (formFields(body)['List-Unsubscribe'] === 'One-Click') return true;
  return typeof body === 'string' && /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body);
}

export const preferenceRoutes = new Elysia({ name: 'preference-routes' })
  .use(errors)
  .use(security)
  .get(FORM_ACTIONS.newsletterPreferences, async ({ query, request, ip, set }) => {
    await requireTokenAttempt(ip);
    const token = typeof query[PREFERENCE_PARAMS.token] === 'string' ? query[PREFERENCE_PARAMS.token] : '';
    const state = await preferencesPage(token, noticeOf(query[PREFERENCE_PARAMS.done]));
    return renderTokenPage({
      request,
      ip,
      set,
      page: FORM_ACTIONS.newsletterPreferences,
      locals: {
        preferencesForm: {
          ...state,
          error: state.subscriber ? '' : ENGAGE_MSG.manageLinkInvalid,
          unsubscribeFirst: query[PREFERENCE_PARAMS.unsubscribe] === '1',
        },
      },
      status: state.subscriber ? 200 : 404,
    });
  })
  // Each form of the page (its `intent`): 303 back with a notice, or the page again with the refusal's message.
  .post(FORM_ACTIONS.newsletterPreferences, async ({ body, request, ip, set, redirect }) => {
    const fields = formFields(body);
    const token = fields.token ?? '';
    try {
      await requireTokenAttempt(ip);
      const outcome = await applyPreference(token, fields, new Date());
      return redirect(preferencesPath(token, outcome), 303);
    } catch (error) {
      const state = await preferencesPage(token);
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: FORM_ACTIONS.newsletterPreferences,
        locals: (message) => ({ preferencesForm: { ...state, error: message, unsubscribeFirst: false } }),
      });
    }
  })
  // The List-Unsubscribe link opened in a browser: the preference page with its one-button form first.
  .get(ONE_CLICK_UNSUBSCRIBE_PATH, async ({ query, ip, redirect }) => {
    await requireTokenAttempt(ip);
    const token = typeof query.token === 'string' ? query.token : '';
    if (!(await subscriberByManageToken(token))) throw new HttpError(404, ENGAGE_MSG.manageLinkInvalid);
    return redirect(preferencesPath(token, 'unsubscribe'), 303);
  })
  // RFC 8058: the provider's POST unsubscribes at once and answers 200. Not throttled per client address: one
  // provider posts for all its readers, and the token (192 random bits) is the only key.
  .post(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    async ({ query, body }) => {
      if (!isOneClick(body)) throw new HttpError(400, ENGAGE_MSG.oneClickExpected);
      await unsubscribeByToken(typeof query.token === 'string' ? query.token : '', new Date());
      return { message: ENGAGE_MSG.unsubscribed };
    },
    { response: answer(messageSchema) },
  );
