// The Premium benefits (docs/decisions/0110): a member's featured-slot calendar and account manager on the dashboard,
// and the admin Premium tab's flags and account managers; each action refreshes what it changed.
import { api, apiUrl, type Answer } from '../../lib/api-client';
import type { FeatureFlag, FlagAudience } from '../../lib/feature-flags';
import { keyFor } from './permission-key';
import { createFetcherStore, invalidateKeys, premiumKey } from './user';

export type SlotCalendar = Answer<'GET /api/premium/slots'>;
export type AdminPremium = Answer<'GET /api/admin/premium'>;

const CALENDAR_KEY = apiUrl('GET /api/premium/slots');
const MANAGER_KEY = apiUrl('GET /api/premium/account-manager');
const ADMIN_KEY = apiUrl('GET /api/admin/premium');

/** The calendar of coming issues and the member's slots, fetched only for Premium members. */
export const $slotCalendar = createFetcherStore<SlotCalendar>([premiumKey(CALENDAR_KEY)]);

/** The member's account manager (a first name, or none yet), for Premium members. */
export const $accountManager = createFetcherStore<Answer<'GET /api/premium/account-manager'>>([
  premiumKey(MANAGER_KEY),
]);

/** The admin Premium tab's flags, members and staff, for those who may manage Premium. */
export const $adminPremium = createFetcherStore<AdminPremium>([keyFor('manage:premium', ADMIN_KEY)]);

const refreshCalendar = () => invalidateKeys(CALENDAR_KEY);
const refreshAdmin = () => invalidateKeys(ADMIN_KEY);

export async function bookSlot(toolId: number, issueDate: string) {
  const slot = await api('POST /api/premium/slots', { body: { toolId, issueDate } });
  refreshCalendar();
  return slot;
}

export async function moveSlot(id: number, issueDate: string) {
  const slot = await api('PATCH /api/premium/slots/:id', { params: { id }, body: { issueDate } });
  refreshCalendar();
  return slot;
}

export async function cancelSlot(id: number) {
  await api('DELETE /api/premium/slots/:id', { params: { id } });
  refreshCalendar();
}

export function messageManager(message: string) {
  return api('POST /api/premium/account-manager/messages', { body: { message } });
}

export async function setFlag(key: FeatureFlag, audience: FlagAudience) {
  const flag = await api('PUT /api/admin/premium/flags/:key', { params: { key }, body: { audience } });
  refreshAdmin();
  return flag;
}

export async function setAccountManager(memberId: number, managerId: number | null) {
  const member = await api('PUT /api/admin/premium/members/:id/account-manager', {
    params: { id: memberId },
    body: { managerId },
  });
  refreshAdmin();
  return member;
}
