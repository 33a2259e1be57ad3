// The password calls (docs/decisions/0093): "Forgot password?", whether the account has a password, changing it, and
// "Set a password" for a Google-only account; the admin's reset e-mail and the accounts' standing beside the user list.
import { computed } from 'nanostores';
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { can } from '../../lib/permissions';
import { $user, createFetcherStore, signedInKey } from './user';

/** Asks for a reset link; the answer's message never says whether the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await api('POST /api/account/password/forgot', { body: { email } })).message;
}

const PASSWORD_KEY = apiUrl('GET /api/account/password');

/** Whether the signed-in account has a password (a Google-only one has none). */
export const $passwordState = createFetcherStore<Answer<'GET /api/account/password'>>([signedInKey(PASSWORD_KEY)]);

/** Changes the password with the current one; the other devices are signed out. Answers the message to show. */
export async function changePassword(values: {
  currentPassword: string;
  password: string;
  confirmPassword?: string;
}): Promise<string> {
  return (await api('POST /api/account/password', { body: values })).message;
}

/** E-mails the signed-in member a link to set a password. */
export async function sendSetPasswordLink(): Promise<string> {
  return (await api('POST /api/account/password/set-link')).message;
}

export type AdminUserAccount = Answer<'GET /api/admin/users/accounts'>[number];

const ACCOUNTS_KEY = apiUrl('GET /api/admin/users/accounts');

/** Each account's verified address, two-factor sign-in and closing, for User Management (with manage:users only). */
export const $adminUserAccounts = createFetcherStore<AdminUserAccount[]>([
  computed($user, ({ data }) => (data && can(data, 'manage:users') ? ACCOUNTS_KEY : null)),
]);

/** The admin's "Send password reset": the member gets the link by e-mail. Answers the message to show. */
export async function sendPasswordReset(id: number): Promise<string> {
  return (await api('POST /api/admin/users/:id/password-reset', { params: { id } })).message;
}
