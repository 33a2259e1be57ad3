import { api, apiUrl, type Answer, type ApiRequest } from '../../lib/api-client';
import { createFetcherStore, signedInKey, mutateCache } from './user';

export type AccountEmail = Answer<'GET /api/account/email'>;

const ACCOUNT_EMAIL_KEY = apiUrl('GET /api/account/email');

export const $accountEmail = createFetcherStore<AccountEmail>([signedInKey(ACCOUNT_EMAIL_KEY)]);

function keep(answer: AccountEmail): AccountEmail {
  mutateCache(ACCOUNT_EMAIL_KEY, answer);
  return answer;
}

/** Sends the verification link and code again (a few an hour; a verified address: 409). */
export async function resendVerification(): Promise<AccountEmail> {
  return keep(await api('POST /api/account/email/verification'));
}

/** Asks to change the address: nothing changes until the new address opens the link sent to it. */
export async function requestEmailChange(values: ApiRequest<'POST /api/account/email'>['body']): Promise<AccountEmail> {
  return keep(await api('POST /api/account/email', { body: values }));
}

/** Cancels the change waiting for its link. */
export async function cancelEmailChange(): Promise<AccountEmail> {
  return keep(await api('DELETE /api/account/email/change'));
}
