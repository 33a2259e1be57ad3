// The signed-in user's own tools (GET /api/user/tools): fetched only when signed in, no retry.
import { computed } from 'nanostores';
import { $user, createFetcherStore } from './user';

export interface MyTool {
  id: number;
  name: string;
  slug: string;
  url: string;
  description: string;
  tags: string[];
  pricingModel: string | null;
  targetAudience: string[];
  status: string;
  isPremium: boolean;
  rejectionReason: string | null;
  submittedAt: string;
  pendingChangeRequest: boolean | number | null;
}

export const MY_TOOLS_KEY = '/api/user/tools';

const $key = computed($user, ({ data }) => (data ? MY_TOOLS_KEY : null));

export const $myTools = createFetcherStore<MyTool[]>([$key]);
