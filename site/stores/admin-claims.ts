// The admin's Claims tab data (docs/decisions/0099): every claim of a listing (admins only), and revoking one.
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { keyFor } from './permission-key';
import { createFetcherStore, invalidateKeys } from './user';

export type AdminClaim = Answer<'GET /api/admin/claims'>[number];

const CLAIMS_KEY = apiUrl('GET /api/admin/claims');

export const $adminClaims = createFetcherStore<AdminClaim[]>([keyFor('manage:claims', CLAIMS_KEY)]);

/** Revokes a claim with the reason the member is e-mailed; the list is fetched afresh. */
export async function revokeClaim(id: number, reason: string): Promise<void> {
  await api('POST /api/admin/claims/:id/revoke', { params: { id }, body: { reason } });
  invalidateKeys((key) => key === CLAIMS_KEY);
}
