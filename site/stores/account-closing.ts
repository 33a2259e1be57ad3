// Closing an account (docs/decisions/0097): the Close section's calls, and how the sign-in form tells that a closed
// account must go through /auth/restore.
import { api, type Answer, type ApiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import { ACCOUNT_CLOSED_HEADER, FORM_ACTIONS } from '../../lib/form-pages';

/** How this account confirms closing: its password, or a code e-mailed to it (a Google-only account). */
export function loadClosingState(): Promise<Answer<'GET /api/account/close'>> {
  return api('GET /api/account/close');
}

/** E-mails the code (a Google-only account); answers the message to show. */
export async function sendCloseCode(): Promise<string> {
  return (await api('POST /api/account/close/code')).message;
}

/** Closes the account: the server signs out everywhere (this browser too) and answers the deletion date. */
export function closeAccount(
  body: ApiRequest<'POST /api/account/close'>['body'],
): Promise<Answer<'POST /api/account/close'>> {
  return api('POST /api/account/close', { body });
}

/** Whether a refused sign-in was a closed account's, whose next step is /auth/restore (the cookie is set). */
export function isRestoreStep(error: unknown): boolean {
  return error instanceof ApiError && error.headers.get(ACCOUNT_CLOSED_HEADER) === 'restore';
}

/** Where a closed account's sign-in continues. */
export const RESTORE_PAGE = FORM_ACTIONS.restore;
