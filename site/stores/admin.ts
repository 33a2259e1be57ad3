// The admin panel's data: one fetcher store per admin list (fetched only when the signed-in user may
// read it) and the actions that change them, each refreshing the lists it affects.
import { atom } from 'nanostores';
import { api, apiUrl, type Answer, type ApiRequest, type Endpoint } from '../../lib/api-client';
import { $user, createFetcherStore, invalidateKeys, invalidateUser } from './user';
import { keyFor } from './permission-key';

// ---- What the admin API answers: the contract's types of the same names, as JSON carries them (dates as ISO text). ----

export type AdminStats = Answer<'GET /api/admin/stats'>;
export type AdminPendingTool = Answer<'GET /api/admin/tools/pending'>[number];
export type PendingRejection = Answer<'GET /api/admin/tools/pending/rejections'>[number];
export type AdminQueueEntry = Answer<'GET /api/admin/tools/pending/queue'>[number];
export type AdminApprovedTool = Answer<'GET /api/admin/tools/approved'>[number];
export type ClosedOwnerTool = Answer<'GET /api/admin/tools/closed-owners'>[number];
export type ToolHistory = Answer<'GET /api/admin/tools/:id/history'>;
export type AdminChangeRequest = Answer<'GET /api/admin/change-requests'>[number];
export type AdminUser = Answer<'GET /api/admin/users'>[number];
export type AdminPost = Answer<'GET /api/admin/blog/posts'>[number];
export type AdminSettings = Answer<'GET /api/admin/settings'>;

// ---- Keys ----

const ADMIN_KEYS = {
  stats: apiUrl('GET /api/admin/stats'),
  pending: apiUrl('GET /api/admin/tools/pending'),
  pendingRejections: apiUrl('GET /api/admin/tools/pending/rejections'),
  pendingQueue: apiUrl('GET /api/admin/tools/pending/queue'),
  approved: apiUrl('GET /api/admin/tools/approved'),
  closedOwners: apiUrl('GET /api/admin/tools/closed-owners'),
  changeRequests: apiUrl('GET /api/admin/change-requests'),
  users: apiUrl('GET /api/admin/users'),
  posts: apiUrl('GET /api/admin/blog/posts'),
  settings: apiUrl('GET /api/admin/settings'),
} as const;

const HISTORY_PREFIX = '/api/admin/tools/';
const HISTORY_SUFFIX = '/history';
const isHistoryKey = (key: string) => key.startsWith(HISTORY_PREFIX) && key.endsWith(HISTORY_SUFFIX);

export const $stats = createFetcherStore<AdminStats>([keyFor('read:stats', ADMIN_KEYS.stats)]);
export const $pendingTools = createFetcherStore<AdminPendingTool[]>([keyFor('read:pending-tools', ADMIN_KEYS.pending)]);
/** The earlier rejections of resubmitted pending tools, shown beside them. */
export const $pendingRejections = createFetcherStore<PendingRejection[]>([
  keyFor('read:pending-tools', ADMIN_KEYS.pendingRejections),
]);
/** Each pending tool's place in the queue, Premium, and the changes asked for (docs/decisions/0104). */
export const $pendingQueue = createFetcherStore<AdminQueueEntry[]>([
  keyFor('read:pending-tools', ADMIN_KEYS.pendingQueue),
]);
export const $approvedTools = createFetcherStore<AdminApprovedTool[]>([keyFor('edit:tools', ADMIN_KEYS.approved)]);
/** The approved tools whose owner closed the account, marked in the approved list. */
export const $closedOwnerTools = createFetcherStore<ClosedOwnerTool[]>([keyFor('edit:tools', ADMIN_KEYS.closedOwners)]);
export const $changeRequests = createFetcherStore<AdminChangeRequest[]>([
  keyFor('review:change-requests', ADMIN_KEYS.changeRequests),
]);
export const $adminUsers = createFetcherStore<AdminUser[]>([keyFor('manage:users', ADMIN_KEYS.users)]);
export const $adminPosts = createFetcherStore<AdminPost[]>([keyFor('manage:blog', ADMIN_KEYS.posts)]);
export const $adminSettings = createFetcherStore<AdminSettings>([keyFor('read:settings', ADMIN_KEYS.settings)]);

/** The tool whose history the View dialog shows (its id as text), or null when the dialog is closed. */
export const $historyToolId = atom<string | null>(null);
export const $toolHistory = createFetcherStore<ToolHistory>([HISTORY_PREFIX, $historyToolId, HISTORY_SUFFIX]);

function refresh(...keys: string[]): void {
  invalidateKeys((key) => keys.includes(key));
}

function refreshToolLists(): void {
  invalidateKeys(
    (key) =>
      key === ADMIN_KEYS.stats ||
      key === ADMIN_KEYS.pending ||
      key === ADMIN_KEYS.pendingRejections ||
      key === ADMIN_KEYS.pendingQueue ||
      key === ADMIN_KEYS.approved ||
      key === ADMIN_KEYS.closedOwners ||
      isHistoryKey(key),
  );
}

/** What an action sends: the body of its call. */
type Body<E extends Endpoint> = NonNullable<ApiRequest<E>['body']>;

// ---- Actions: each throws the API's 'status: body' error; the panel turns it into a toast. ----

export async function approveTool(id: number, review: Body<'POST /api/admin/tools/:id/approve'>): Promise<void> {
  await api('POST /api/admin/tools/:id/approve', { params: { id }, body: review });
  refreshToolLists();
}

export async function rejectTool(id: number, rejection: Body<'POST /api/admin/tools/:id/reject'>): Promise<void> {
  await api('POST /api/admin/tools/:id/reject', { params: { id }, body: rejection });
  refreshToolLists();
}

export async function requestToolChanges(id: number, note: string): Promise<void> {
  await api('POST /api/admin/tools/:id/request-changes', { params: { id }, body: { note } });
  refreshToolLists();
}

export async function updateTool(id: number, values: Body<'PATCH /api/admin/tools/:id'>): Promise<void> {
  await api('PATCH /api/admin/tools/:id', { params: { id }, body: values });
  refreshToolLists();
}

export async function setToolPremium(
  id: number,
  isPremium: boolean,
): Promise<Answer<'POST /api/admin/tools/:id/premium'>> {
  const result = await api('POST /api/admin/tools/:id/premium', { params: { id }, body: { isPremium } });
  refreshToolLists();
  return result;
}

export async function unlistTool(id: number, reason: string): Promise<void> {
  await api('POST /api/admin/tools/:id/unlist', {
    params: { id },
    body: reason.trim() ? { reason: reason.trim() } : {},
  });
  refreshToolLists();
}

export async function listTool(id: number): Promise<void> {
  await api('POST /api/admin/tools/:id/list', { params: { id } });
  refreshToolLists();
}

/** Marks a tool discontinued (admins only): its page stays, it leaves the lists (docs/decisions/0103). */
export async function discontinueTool(id: number, body: Body<'POST /api/admin/tools/:id/discontinue'>): Promise<void> {
  await api('POST /api/admin/tools/:id/discontinue', { params: { id }, body });
  refreshToolLists();
}

/** Lists a discontinued tool again. */
export async function reviveTool(id: number): Promise<void> {
  await api('POST /api/admin/tools/:id/revive', { params: { id } });
  refreshToolLists();
}

export async function addReview(id: number, review: Body<'POST /api/admin/tools/:id/review'>): Promise<void> {
  await api('POST /api/admin/tools/:id/review', { params: { id }, body: review });
  refreshToolLists();
}

export async function approveChangeRequest(id: number): Promise<void> {
  await api('POST /api/admin/change-requests/:id/approve', { params: { id } });
  refresh(ADMIN_KEYS.changeRequests);
  refreshToolLists();
}

export async function rejectChangeRequest(id: number, reason: string): Promise<void> {
  await api('POST /api/admin/change-requests/:id/reject', {
    params: { id },
    body: reason.trim() ? { reason: reason.trim() } : {},
  });
  refresh(ADMIN_KEYS.changeRequests);
  invalidateKeys(isHistoryKey);
}

export async function updateUser(id: number, changes: Body<'PATCH /api/admin/users/:id'>): Promise<void> {
  await api('PATCH /api/admin/users/:id', { params: { id }, body: changes });
  refresh(ADMIN_KEYS.users, ADMIN_KEYS.stats);
  // An admin who changed their own account (premium; never their role: docs/decisions/0023) sees it at once.
  if ($user.get().data?.id === id) invalidateUser();
}

/** Rebuild Now: queues a site rebuild; Settings follows it. */
export async function rebuildSite(): Promise<Answer<'POST /api/admin/rebuild'>> {
  const result = await api('POST /api/admin/rebuild');
  refresh(ADMIN_KEYS.settings);
  return result;
}

/** Fetches the settings again, to follow a build in progress. */
export function refreshSettings(): void {
  refresh(ADMIN_KEYS.settings);
}

export async function createPost(values: Body<'POST /api/admin/blog/posts'>): Promise<void> {
  await api('POST /api/admin/blog/posts', { body: values });
  refresh(ADMIN_KEYS.posts);
}

export async function updatePost(id: number, values: Body<'PATCH /api/admin/blog/posts/:id'>): Promise<void> {
  await api('PATCH /api/admin/blog/posts/:id', { params: { id }, body: values });
  refresh(ADMIN_KEYS.posts);
}

/** What saving the post would store of its text (sanitised content, excerpt, read time); saves nothing. */
export function previewPost(
  values: Body<'POST /api/admin/blog/preview'>,
): Promise<Answer<'POST /api/admin/blog/preview'>> {
  return api('POST /api/admin/blog/preview', { body: values });
}

/** The editor's picked alternatives of a tool, in order (docs/decisions/0045). */
export function fetchCuratedAlternatives(id: number): Promise<Answer<'GET /api/admin/tools/:id/alternatives'>> {
  return api('GET /api/admin/tools/:id/alternatives', { params: { id } });
}

/** Saves the picks in this order; the answer is the picks as stored. */
export function saveCuratedAlternatives(
  id: number,
  alternativeIds: number[],
): Promise<Answer<'PUT /api/admin/tools/:id/alternatives'>> {
  return api('PUT /api/admin/tools/:id/alternatives', { params: { id }, body: { alternativeIds } });
}

/** Uploads a featured image; the answer's url is the post's featuredImage. */
export async function uploadPostImage(file: File): Promise<string> {
  const body = new FormData();
  body.set('image', file);
  return (await api('POST /api/admin/blog/images', { body })).url;
}
