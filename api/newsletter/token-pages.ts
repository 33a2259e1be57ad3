// The newsletter's pages of one subscriber, opened by the token in their address (docs/decisions/0106): throttled per
// client address, rendered for this client alone (never kept or cached), and kept out of search engines.
import { type Context, Elysia } from 'elysia';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS, PREFERENCE_PARAMS, type PreferenceOutcome } from '../../lib/form-pages';
import { formFields, pageForClient, refusedPost } from '../form-post';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { rateKey, requireAttempt } from '../rate-limit';

/** Every token lookup from one client address counts (a page, a post): guessing tokens is slow and loud. */
export const requireTokenAttempt = (ip: string) =>
  requireAttempt([rateKey('newsletter-token-address', ip)], ENGAGE_MSG.tokenTooMany);

/** The preference page of a token, saying what was just done (or, from an e-mail's unsubscribe link, that first). */
export function preferencesPath(token: string, done?: PreferenceOutcome | 'unsubscribe'): string {
  const query = new URLSearchParams({ [PREFERENCE_PARAMS.token]: token });
  if (done === 'unsubscribe') query.set(PREFERENCE_PARAMS.unsubscribe, '1');
  else if (done) query.set(PREFERENCE_PARAMS.done, done);
  return `${FORM_ACTIONS.newsletterPreferences}?${query}`;
}

/** The page rendered for this client with `locals` and `status`, marked noindex. */
export async function renderTokenPage(options: {
  request: Request;
  ip: string;
  set: Context['set'];
  page: string;
  locals: App.Locals;
  status: number;
}): Promise<Response | string> {
  const page = await pageForClient(options);
  if (page === null) throw new Error(`${options.page} did not render`);
  if (typeof page === 'string') options.set.headers['x-robots-tag'] = 'noindex';
  return page;
}

/** A page an e-mail's confirmation link opens: what its token confirms, and how. */
interface ConfirmationPage<Found> {
  path: string;
  /** What a live token would confirm; undefined for a dead one (unknown, used, expired). */
  find: (token: string, now: Date) => Promise<Found | undefined>;
  /** The button: confirms, or throws (a dead token: 404 with its message). */
  confirm: (token: string, now: Date) => Promise<{ manageToken: string }>;
  /** What the preference page says after it. */
  done: PreferenceOutcome;
  /** The message of a dead link. */
  invalid: string;
  /** The page's locals: the token, what it confirms (undefined: dead), and the message shown. */
  locals: (token: string, found: Found | undefined, error: string) => App.Locals;
}

/**
 * The routes of a confirmation link's page (docs/decisions/0106, 0112): opening it changes nothing (mail scanners open
 * links), a dead link renders the page with its message and status 404; its button's POST confirms and answers 303 to
 * the address's preference page, or renders the page again with the refusal.
 */
export const confirmationPageRoutes = <Found>(page: ConfirmationPage<Found>) =>
  new Elysia({ name: `confirmation-page:${page.path}` })
    .use(errors)
    .use(security)
    .get(page.path, async ({ query, request, ip, set }) => {
      await requireTokenAttempt(ip);
      const token = typeof query.token === 'string' ? query.token : '';
      const found = await page.find(token, new Date());
      return renderTokenPage({
        request,
        ip,
        set,
        page: page.path,
        locals: page.locals(token, found, found === undefined ? page.invalid : ''),
        status: found === undefined ? 404 : 200,
      });
    })
    .post(page.path, async ({ body, request, ip, set, redirect }) => {
      const { token = '' } = formFields(body);
      try {
        await requireTokenAttempt(ip);
        const confirmed = await page.confirm(token, new Date());
        return redirect(preferencesPath(confirmed.manageToken, page.done), 303);
      } catch (error) {
        return refusedPost({
          error,
          request,
          ip,
          set,
          page: page.path,
          locals: (message) => page.locals(token, undefined, message),
        });
      }
    });
