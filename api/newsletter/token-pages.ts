// The newsletter's pages of one subscriber, opened by the token in their address (docs/decisions/0106): throttled per
// client address, rendered for this client alone (never kept or cached), and kept out of search engines.
import type { Context } from 'elysia';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS, PREFERENCE_PARAMS, type PreferenceOutcome } from '../../lib/form-pages';
import { pageForClient } from '../form-post';
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
