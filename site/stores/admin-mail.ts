// The admin panel's mail: the contact form's messages (Messages tab) and, in development mode, the outbox (Settings).
import { computed, type ReadableAtom } from 'nanostores';
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { can, type Permission } from '../../lib/permissions';
import { $user, createFetcherStore, invalidateKeys } from './user';

export type AdminContactMessage = Answer<'GET /api/admin/messages'>[number];
export type OutboxEmail = Answer<'GET /api/admin/outbox'>[number];

const MESSAGES_KEY = apiUrl('GET /api/admin/messages');
const OUTBOX_KEY = apiUrl('GET /api/admin/outbox');

function keyFor(permission: Permission, key: string): ReadableAtom<string | null> {
  return computed($user, ({ data }) => (data && can(data, permission) ? key : null));
}

export const $contactMessages = createFetcherStore<AdminContactMessage[]>([keyFor('manage:messages', MESSAGES_KEY)]);
export const $outbox = createFetcherStore<OutboxEmail[]>([keyFor('read:outbox', OUTBOX_KEY)]);

export async function markMessageHandled(id: number): Promise<void> {
  await api('POST /api/admin/messages/:id/handled', { params: { id } });
  invalidateKeys((key) => key === MESSAGES_KEY);
}

export function refreshOutbox(): void {
  invalidateKeys((key) => key === OUTBOX_KEY);
}
