// Starting and ending a browser's session: the session cookie and the hint cookie beside it.
import type { Cookie } from 'elysia';
import type { User } from '../../db/schema';
import { ABSOLUTE_LIFETIME_MS, SESSION_COOKIE, cookieOptions, createSession, deleteSession } from './sessions';

export type Cookies = Record<string, Cookie<unknown>>;

/** Not a credential: lets the static home page show the dashboard before first paint. */
const SIGNED_IN_HINT = 'signed_in';

/** Starts a new session for the user, replacing any the browser had (no session fixation). */
export async function signIn(cookie: Cookies, request: Request, ip: string, user: User): Promise<void> {
  await deleteSession(cookie[SESSION_COOKIE]?.value as string | undefined);
  const session = await createSession(user.id, { userAgent: request.headers.get('user-agent') ?? undefined, ip });
  cookie[SESSION_COOKIE].set({ value: session.token, ...cookieOptions(ABSOLUTE_LIFETIME_MS / 1000) });
  cookie[SIGNED_IN_HINT].set({ value: '1', ...cookieOptions(ABSOLUTE_LIFETIME_MS / 1000), httpOnly: false });
}

/** Ends this browser's session and clears both cookies. */
export async function signOut(cookie: Cookies): Promise<void> {
  await deleteSession(cookie[SESSION_COOKIE]?.value as string | undefined);
  cookie[SESSION_COOKIE].set({ value: '', ...cookieOptions(0) });
  cookie[SIGNED_IN_HINT].set({ value: '', ...cookieOptions(0), httpOnly: false });
}
