import { api, apiUrl, type Answer } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import { TWO_FACTOR_HEADER, TWO_FACTOR_REQUIRED } from '../../lib/two-factor';
import { createFetcherStore, signedInKey, mutateCache } from './user';

export type TwoFactorStatus = Answer<'GET /api/account/two-factor'>;
export type TwoFactorSetup = Answer<'POST /api/account/two-factor/setup'>;

/** Whether a refused POST /api/login means the password was right and the account's code is next. */
export function needsTwoFactor(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 401 && error.headers.get(TWO_FACTOR_HEADER) === TWO_FACTOR_REQUIRED
  );
}

/** Whether the code step was refused because no sign-in waits for it any more (expired, or spent by wrong codes). */
export function signInExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The code step: a right authenticator or recovery code signs in, answering the user as POST /api/login does. */
export function finishTwoFactorSignIn(code: string): Promise<Answer<'POST /api/login/two-factor'>> {
  return api('POST /api/login/two-factor', { body: { code } });
}

const STATUS_KEY = apiUrl('GET /api/account/two-factor');

/** Whether two-factor is on, since when, and how many recovery codes are left. */
export const $twoFactorStatus = createFetcherStore<TwoFactorStatus>([signedInKey(STATUS_KEY)]);

/** A new secret to scan (the QR code) or type; two-factor is on once enableTwoFactor confirms a code for it. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api('POST /api/account/two-factor/setup');
}

/** Confirms the app's first code: two-factor is on, and the ten recovery codes come back this once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const { recoveryCodes } = await api('POST /api/account/two-factor/enable', { body: { code } });
  $twoFactorStatus.revalidate();
  return recoveryCodes;
}

export async function disableTwoFactor(code: string): Promise<void> {
  mutateCache(STATUS_KEY, await api('POST /api/account/two-factor/disable', { body: { code } }));
}

/** Ten new recovery codes for a right code; the old ones stop working. */
export async function newRecoveryCodes(code: string): Promise<string[]> {
  const { recoveryCodes } = await api('POST /api/account/two-factor/recovery-codes', { body: { code } });
  $twoFactorStatus.revalidate();
  return recoveryCodes;
}
