// The admin panel's data: one fetcher store per admin list (fetched only when the signed-in user may
// read it) and the actions that change them, each refreshing the lists it affects.
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { AdminStats } from '../../lib/contract';
import { ApiError, getJson, send } from '../../lib/http';
import type { FieldChange } from '../../lib/change-text';
import { can, type Permission } from '../../lib/permissions';
import type { EditorialReviewInput, ToolUpdateInput, UserUpdateInput } from '../../lib/schemas';
import { $user, createFetcherStore, invalidateKeys, invalidateUser } from './user';

// ---- What the admin API answers (api/admin/*); dates arrive as ISO text. ----

export type { AdminStats };

export interface Person {
  name: string;
  email: string | null;
}

export interface PendingTool {
  id: number;
  name: string;
  slug?: string;
  url: string;
  description?: string;
  logoUrl?: string | null;
  tags: string[];
  isPremium?: boolean;
  submittedById: number;
  submittedBy?: Person | null;
  submittedAt: string;
}

export interface EditorialReview {
  id: number;
  toolId?: number;
  curatorTake: string;
  qualityScore: number;
  reviewedBy: number | null;
  reviewerName?: string | null;
  reviewedAt: string;
  isFollowUp: boolean;
}

export interface ApprovedTool {
  id: number;
  name: string;
  slug: string;
  url: string;
  description: string;
  logoUrl?: string | null;
  tags: string[];
  pricingModel: string | null;
  targetAudience: string[];
  screenshots: string[];
  videoUrl: string | null;
  status: string;
  isPremium: boolean;
  curatorTake: string | null;
  qualityScore: number | null;
  unlistReason: string | null;
  submittedById: number;
  submittedAt?: string;
  approvedAt: string | null;
  editorialReviews: EditorialReview[];
}

export interface AuditRow {
  id: number;
  action: string;
  entityType: string;
  entityId: number;
  actorId: number | null;
  actorName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface ToolHistory {
  toolId: number;
  editorialReviews: EditorialReview[];
  auditLog: AuditRow[];
}

export interface ChangeRequest {
  id: number;
  toolId: number;
  toolName: string;
  toolSlug?: string;
  toolSubmittedById: number;
  status: string;
  requester: Person | string | null;
  submittedAt?: string;
  date?: string;
  reviewedAt?: string | null;
  requestData: Record<string, unknown>;
  changes: string;
  diff: FieldChange[];
}

export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isAdmin: boolean;
  isPremium: boolean;
  accountStatus: string;
  suspendedUntil: string | null;
  suspensionReason: string | null;
  createdAt?: string;
}

export interface AdminPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  status: string;
  publishedAt: string | null;
  createdAt?: string;
}

export interface SiteBuild {
  id?: number;
  status: string;
  reason?: string;
  requestedAt?: string;
  finishedAt: string | null;
  error: string | null;
  /** Builds tried for this request so far. */
  attempts?: number;
  /** When a failed build is tried again (queued after a failure), else null. */
  nextAttemptAt?: string | null;
  /** What the build that ran this request did, once it succeeded. */
  stats?: BuildFigures | null;
}

/** What a site build did: every page, those rendered again and those reused unchanged from the previous build. */
export interface BuildFigures {
  pages: number;
  rendered: number;
  reused: number;
  seconds: number;
}

/** The build the site serves now (its `_build.json`). */
export interface LiveBuild extends BuildFigures {
  startedAt: string;
  finishedAt: string;
}

/** A request waiting for a build (queued) or in one (running). */
export interface QueuedBuild {
  id: number;
  reason: string;
  status: string;
  requestedAt: string;
  attempts: number;
  nextAttemptAt: string | null;
}

/** GET /api/admin/settings; the fields after the first ones are extras an older server may not send. */
export interface AdminSettings {
  email: { provider: string; configured: boolean; from?: string; outbox?: Record<string, number> };
  payments: { provider: string; configured: boolean; webhook?: boolean };
  google?: { configured: boolean };
  build: SiteBuild | null;
  rebuilds?: SiteBuild[];
  /** The newest failed build no later build has made good; willRetry until its tries run out. */
  lastFailure?: (SiteBuild & { willRetry: boolean }) | null;
  /** Builds tried per request before it is given up on. */
  maxAttempts?: number;
  /** The live build; null before the first one. */
  live?: LiveBuild | null;
  /** The requests not built yet: how many, how many the build running now covers, and the first few (running first). */
  queue?: { count: number; running: number; jobs: QueuedBuild[] };
  /** The pages rendered on demand until the next build lands: how many, and the first ones. */
  onDemand?: { count: number; paths: string[] };
}

export interface PostValues {
  title: string;
  slug: string | null;
  excerpt: string | null;
  content: string;
  status: 'published' | 'draft';
}

// ---- Keys ----

export const ADMIN_KEYS = {
  stats: '/api/admin/stats',
  pending: '/api/admin/tools/pending',
  approved: '/api/admin/tools/approved',
  changeRequests: '/api/admin/change-requests',
  users: '/api/admin/users',
  posts: '/api/admin/blog/posts',
  settings: '/api/admin/settings',
} as const;

const HISTORY_PREFIX = '/api/admin/tools/';
const HISTORY_SUFFIX = '/history';
const isHistoryKey = (key: string) => key.startsWith(HISTORY_PREFIX) && key.endsWith(HISTORY_SUFFIX);

/** The key when the signed-in user holds the permission, else null: no call they would get a 403 for. */
function keyFor(permission: Permission, key: string): ReadableAtom<string | null> {
  return computed($user, ({ data }) => (data && can(data, permission) ? key : null));
}

export const $stats = createFetcherStore<AdminStats>([keyFor('read:stats', ADMIN_KEYS.stats)]);
export const $pendingTools = createFetcherStore<PendingTool[]>([keyFor('read:pending-tools', ADMIN_KEYS.pending)]);
export const $approvedTools = createFetcherStore<ApprovedTool[]>([keyFor('edit:tools', ADMIN_KEYS.approved)]);
export const $changeRequests = createFetcherStore<ChangeRequest[]>([keyFor('review:change-requests', ADMIN_KEYS.changeRequests)]);
export const $adminUsers = createFetcherStore<AdminUser[]>([keyFor('manage:users', ADMIN_KEYS.users)]);
export const $adminPosts = createFetcherStore<AdminPost[]>([keyFor('manage:blog', ADMIN_KEYS.posts)]);

/** The settings call may not exist on an older server: a 404 is "no settings to show", not an error. */
export const $adminSettings = createFetcherStore<AdminSettings | null>([keyFor('read:settings', ADMIN_KEYS.settings)], {
  fetcher: async (...keys) => {
    try {
      return await getJson<AdminSettings>(keys.join(''));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

/** The tool whose history the View dialog shows (its id as text), or null when the dialog is closed. */
export const $historyToolId = atom<string | null>(null);
export const $toolHistory = createFetcherStore<ToolHistory>([HISTORY_PREFIX, $historyToolId, HISTORY_SUFFIX]);

function refresh(...keys: string[]): void {
  invalidateKeys((key) => keys.includes(key));
}

function refreshToolLists(): void {
  invalidateKeys((key) => key === ADMIN_KEYS.stats || key === ADMIN_KEYS.pending || key === ADMIN_KEYS.approved || isHistoryKey(key));
}

// ---- Actions: each throws the API's 'status: body' error; the panel turns it into a toast. ----

export async function approveTool(id: number, review: EditorialReviewInput): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/approve`, review);
  refreshToolLists();
}

export async function rejectTool(id: number, rejectionReason: string): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/reject`, { rejectionReason });
  refreshToolLists();
}

export async function updateTool(id: number, values: ToolUpdateInput): Promise<void> {
  await send('PATCH', `/api/admin/tools/${id}`, values);
  refreshToolLists();
}

export async function setToolPremium(id: number, isPremium: boolean): Promise<{ isPremium: boolean; name: string }> {
  const result = await send<{ isPremium: boolean; name: string }>('POST', `/api/admin/tools/${id}/premium`, { isPremium });
  refreshToolLists();
  return result;
}

export async function unlistTool(id: number, reason: string): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/unlist`, reason.trim() ? { reason: reason.trim() } : {});
  refreshToolLists();
}

export async function listTool(id: number): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/list`);
  refreshToolLists();
}

export async function addReview(id: number, review: EditorialReviewInput): Promise<void> {
  await send('POST', `/api/admin/tools/${id}/review`, review);
  refreshToolLists();
}

export async function approveChangeRequest(id: number): Promise<void> {
  await send('POST', `/api/admin/change-requests/${id}/approve`);
  refresh(ADMIN_KEYS.changeRequests);
  refreshToolLists();
}

export async function rejectChangeRequest(id: number, reason: string): Promise<void> {
  await send('POST', `/api/admin/change-requests/${id}/reject`, reason.trim() ? { reason: reason.trim() } : {});
  refresh(ADMIN_KEYS.changeRequests);
  invalidateKeys(isHistoryKey);
}

export async function updateUser(id: number, changes: UserUpdateInput): Promise<void> {
  await send('PATCH', `/api/admin/users/${id}`, changes);
  refresh(ADMIN_KEYS.users, ADMIN_KEYS.stats);
  // An admin who changed their own account (premium; never their role: docs/decisions/0023) sees it at once.
  if ($user.get().data?.id === id) invalidateUser();
}

/** Rebuild Now: queues a site rebuild; Settings follows it. */
export async function rebuildSite(): Promise<{ message: string }> {
  const result = await send<{ message: string }>('POST', '/api/admin/rebuild');
  refresh(ADMIN_KEYS.settings);
  return result;
}

/** Fetches the settings again, to follow a build in progress. */
export function refreshSettings(): void {
  refresh(ADMIN_KEYS.settings);
}

export async function createPost(values: PostValues): Promise<void> {
  await send('POST', '/api/admin/blog/posts', values);
  refresh(ADMIN_KEYS.posts);
}

export async function updatePost(id: number, values: PostValues): Promise<void> {
  await send('PATCH', `/api/admin/blog/posts/${id}`, values);
  refresh(ADMIN_KEYS.posts);
}
