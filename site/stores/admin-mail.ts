// The admin panel's mail: the contact form's messages (Messages tab) and, in development mode, the outbox (Settings).
import { computed, type ReadableAtom } from 'nanostores';
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { can, type Permission } from '../../lib/permissions';
import { pageStores } from './pages';
import { $user, createFetcherStore, invalidateKeys } from './user';

export type AdminContactMessage = Answer<'GET /api/admin/messages'>[number];
export type OutboxEmail = Answer<'GET /api/admin/outbox'>[number];

/** Messages a page of the tab shows. */
const MESSAGES_PAGE_SIZE = 50;
/** The first page of the tab; each page's answer names the next (its Link header). */
export const FIRST_MESSAGES_PAGE = apiUrl('GET /api/admin/messages', {
  query: { limit: MESSAGES_PAGE_SIZE, offset: 0 },
});

/** Every page's key starts with it. */
const MESSAGES_KEY = apiUrl('GET /api/admin/messages');
const OUTBOX_KEY = apiUrl('GET /api/admin/outbox');

function keyFor(permission: Permission, key: string): ReadableAtom<string | null> {
  return computed($user, ({ data }) => (data && can(data, permission) ? key : null));
}

/** The page of messages at `url`: FIRST_MESSAGES_PAGE, or the `next` of a page; one store per page, kept. */
export const contactMessagesPage = pageStores('GET /api/admin/messages', (url) =>
  keyFor('answer:assigned-messages', url),
);

export const $outbox = createFetcherStore<OutboxEmail[]>([keyFor('read:outbox', OUTBOX_KEY)]);

export async function markMessageHandled(id: number): Promise<void> {
  await api('POST /api/admin/messages/:id/handled', { params: { id } });
  // A handled message moves behind the open ones: every page shown may change.
  invalidateKeys((key) => key.startsWith(MESSAGES_KEY));
}

export function refreshOutbox(): void {
  invalidateKeys((key) => key === OUTBOX_KEY);
}
