// The current user, shared by every island: GET /api/user, a 401 means signed out (null); so does a
// 403 for a suspended or banned account, whose reason is shown instead of the generic toast.
// Cached for 5 minutes, no retry, no refetch on focus (SPEC.md section 7).
import { atom, computed } from 'nanostores';
import { nanoquery } from '@nanostores/query';
import { CURRENT_USER_CACHE_MS, UNAUTHORIZED_REDIRECT_MS } from '../../lib/constants';
import { api, apiUrl, type Answer, type ApiRequest } from '../../lib/api-client';
import { ApiError, accountBlockReason, getJson, isUnauthorized } from '../../lib/http';
import { TOAST } from '../../lib/messages';
import { withNext } from '../../lib/return-to';
import { dropSignInHint, hasSignInHint } from './sign-in-hint';
import { showToast } from './toast';

/** The signed-in user as GET /api/user answers it. */
export type CurrentUser = Answer<'GET /api/user'>;

export const [createFetcherStore, , { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...keys) => getJson(keys.join('')),
  dedupeTime: CURRENT_USER_CACHE_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: false,
});

const USER_KEY = apiUrl('GET /api/user');

// No key (so no fetch) while pages are rendered at build time.
const $userKey = atom<string | null>(typeof window === 'undefined' ? null : USER_KEY);

type ToastText = { title: string; description: string };

/** Why the server ended this browser's session (suspended or banned), once a call has said so. */
let blockedToast: ToastText | null = null;

function accountBlocked(reason: string): ToastText {
  dropSignInHint();
  blockedToast = { title: TOAST.signedOutBlocked, description: reason };
  return blockedToast;
}

export const $user = createFetcherStore<CurrentUser | null>([$userKey], {
  fetcher: async () => {
    // Without the sign-in hint cookie (set with the session) the visitor is signed out: no call at all.
    if (!hasSignInHint()) return null;
    try {
      return await api('GET /api/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        dropSignInHint();
        return null;
      }
      const reason = accountBlockReason(error);
      if (reason) {
        // Said on every page, public ones too: the visitor may not be sent to log in at all.
        showToast({ ...accountBlocked(reason), variant: 'destructive' });
        return null;
      }
      throw error;
    }
  },
});

/** A fetcher key that exists only while someone is signed in: the stores of a member's own data ask nothing before. */
export const signedInKey = (key: string) => computed($user, ({ data }) => (data ? key : null));
/** The key for a Premium member, else null (a call only Premium members may make). */
export const premiumKey = (key: string) => computed($user, ({ data }) => (data?.isPremium ? key : null));

/** Forget the cached user (after login, logout, upgrade). */
export function invalidateUser(): void {
  invalidateKeys(USER_KEY);
}

/** The login endpoint (SPEC.md section 7): it answers with a redirect to /auth. */
const LOGIN_PATH = '/api/login';

/**
 * The unauthorized toast, then the login endpoint (or `to`) after 500 ms (SPEC.md section 8). When the
 * account was suspended or banned, the toast says so and why instead, whichever toast the caller chose.
 */
export function redirectToLogin(toast: ToastText = TOAST.unauthorized, to = LOGIN_PATH): ReturnType<typeof setTimeout> {
  // GET /api/login answers with a redirect to /auth: the toast is carried to that page, and the page the visitor is on
  // rides along, so signing in returns here (lib/return-to.ts).
  const login = to === LOGIN_PATH;
  showToast({ ...(blockedToast ?? toast), variant: 'destructive' }, { next: login ? '/auth' : to });
  const target = login ? withNext(to, window.location.pathname + window.location.search) : to;
  return setTimeout(() => window.location.assign(target), UNAUTHORIZED_REDIRECT_MS);
}

/**
 * For a failed call of an island: a suspended or banned account is told why, a signed-out visitor gets `toast` (the
 * unauthorized one by default), and both go to log in; true then. Any other failure is the caller's to show: false.
 */
export function sentToLogin(error: unknown, toast: ToastText = TOAST.unauthorized): boolean {
  const reason = accountBlockReason(error);
  if (reason) {
    accountBlocked(reason);
    invalidateUser();
  } else if (!isUnauthorized(error)) {
    return false;
  }
  redirectToLogin(toast);
  return true;
}

/** POST /api/login: the session's cookie is set; the caller forgets the cached user once it has chosen where to go. */
export function signIn(values: ApiRequest<'POST /api/login'>['body']): Promise<Answer<'POST /api/login'>> {
  return api('POST /api/login', { body: values });
}

/** POST /api/register: the account is made and signed in, as signIn. */
export function createAccount(values: ApiRequest<'POST /api/register'>['body']): Promise<Answer<'POST /api/register'>> {
  return api('POST /api/register', { body: values });
}

/** POST /api/logout, then go home, also when the call fails. */
export async function signOut(): Promise<void> {
  try {
    await api('POST /api/logout');
  } catch (error) {
    console.error(error);
  }
  window.location.href = '/';
}
