// The admin Link Health tab's data (docs/decisions/0102): the tools of the chosen list, fetched only for those who
// manage link health, and the tab's actions, each refreshing the list.
import { atom, computed } from 'nanostores';
import { api, apiUrl, type Answer } from '../../lib/api-client';
import type { LinkHealthView } from '../../lib/link-health';
import { send } from '../../lib/http';
import { can } from '../../lib/permissions';
import { updateTool } from './admin';
import { $user, createFetcherStore, invalidateKeys } from './user';

export type LinkHealthRow = Answer<'GET /api/admin/link-health'>[number];
export type LinkRecheck = Answer<'POST /api/admin/link-health/:id/recheck'>;

const LIST_PATH = apiUrl('GET /api/admin/link-health');

/** Which list the tab shows. */
export const $linkHealthView = atom<LinkHealthView>('attention');

export const $linkHealth = createFetcherStore<LinkHealthRow[]>([
  computed([$user, $linkHealthView], ({ data }, show) =>
    data && can(data, 'manage:link-health') ? apiUrl('GET /api/admin/link-health', { query: { show } }) : null,
  ),
]);

const refreshList = () => invalidateKeys((key) => key.startsWith(LIST_PATH));

/** Checks the tool's address now; the answer is the check and the tool's row after it. */
export async function recheckLink(id: number): Promise<LinkRecheck> {
  const result = await api('POST /api/admin/link-health/:id/recheck', { params: { id } });
  refreshList();
  return result;
}

export async function ignoreBlocked(id: number): Promise<void> {
  await api('POST /api/admin/link-health/:id/ignore-blocked', { params: { id } });
  refreshList();
}

/** The admin's tool edit with only the address (checked again at once by the server). */
export async function updateToolUrl(id: number, url: string): Promise<void> {
  await updateTool(id, { url });
  refreshList();
}

/** Marks the tool discontinued (the discontinued-tools call, docs/decisions/0103). */
export async function markDiscontinued(id: number, reason: string): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/discontinue`, { reason });
  refreshList();
}
