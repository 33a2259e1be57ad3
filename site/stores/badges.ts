// The member's tools that may carry a badge (docs/decisions/0109): GET /api/user/badges, for the dashboard's snippets.
import { apiUrl, type Answer } from '../../lib/api-client';
import { createFetcherStore, signedInKey } from './user';

export type BadgeToolRow = Answer<'GET /api/user/badges'>[number];

export const $badgeTools = createFetcherStore<Answer<'GET /api/user/badges'>>([
  signedInKey(apiUrl('GET /api/user/badges')),
]);
