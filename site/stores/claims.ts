// The claim screen's calls (docs/decisions/0099): the member's claims, the tool being claimed, starting a claim, the
// e-mail code, and "Check now". Each change fetches the member's claims again.
import { api, apiUrl, type Answer, type ApiRequest } from '../../lib/api-client';
import { createFetcherStore, revalidateKeys, signedInKey } from './user';

export type MemberClaim = Answer<'GET /api/claims'>[number];
export type StartedClaim = Answer<'POST /api/claims'>;
export type ClaimOutcome = Answer<'POST /api/claims/:id/check'>;
export type ClaimedTool = Answer<'GET /api/tools/slug/:slug'>;

const CLAIMS_KEY = apiUrl('GET /api/claims');

/** The member's claims, newest first (nothing is asked while signed out). */
export const $claims = createFetcherStore<MemberClaim[]>([signedInKey(CLAIMS_KEY)]);

/** A change to a claim: the list is fetched again, and the call's answer handed back. */
async function refreshed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } finally {
    await revalidateKeys(CLAIMS_KEY);
  }
}

/** The listed tool the screen's ?tool= names; a tool that is not listed throws the API's 404. */
export function fetchClaimedTool(slug: string): Promise<ClaimedTool> {
  return api('GET /api/tools/slug/:slug', { params: { slug } });
}

/** Starts (or starts again) a DNS, meta or file claim: the token is in this answer only. */
export function startClaim(body: ApiRequest<'POST /api/claims'>['body']): Promise<StartedClaim> {
  return refreshed(api('POST /api/claims', { body }));
}

/** E-mails a code to an address on the tool's domain. */
export function sendClaimCode(body: ApiRequest<'POST /api/claims/email'>['body']): Promise<ClaimOutcome> {
  return refreshed(api('POST /api/claims/email', { body }));
}

/** The code from that e-mail. */
export function confirmClaimCode(body: ApiRequest<'POST /api/claims/email/confirm'>['body']): Promise<ClaimOutcome> {
  return refreshed(api('POST /api/claims/email/confirm', { body }));
}

/** "Check now": looks for the claim's token where its method puts it. */
export function checkClaim(id: number): Promise<ClaimOutcome> {
  return refreshed(api('POST /api/claims/:id/check', { params: { id } }));
}
