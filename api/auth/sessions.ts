// Database sessions: a random token in the cookie, its SHA-256 hash as the row's sid.
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { db, prepared, readDb, type Database, type Executor } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { config } from '../config';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { MSG } from '../../lib/messages';

/** How long a session lives without use, and at most (docs/decisions/0002-sessions.md). */
const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The idle expiry moves forward at most once in this window, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** The session cookie's name: in production a __Host- cookie (HTTPS only, this host only, path /). */
export const sessionCookieName = (production: boolean) => (production ? '__Host-sid' : 'sid');
export const SESSION_COOKIE = sessionCookieName(config.isProduction);

export function cookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

/** SHA-256 (hex) of a random token: what the database keeps of a cookie or a link, never the token itself. */
export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex');
}

/** A fresh random token for a cookie or a link. */
export function newToken(): string {
  // 256 bits from the system CSPRNG, base64url.
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export interface NewSession {
  token: string;
  expire: Date;
}

export async function createSession(
  userId: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<NewSession> {
  const token = newToken();
  const now = Date.now();
  const expire = new Date(now + IDLE_LIFETIME_MS);
  await db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    sess: meta,
    createdAt: new Date(now),
    lastUsedAt: new Date(now),
    expire,
    absoluteExpire: new Date(now + ABSOLUTE_LIFETIME_MS),
  });
  return { token, expire };
}

/** What a session cookie stands for: its user, an account that is suspended or banned (with the reason), or nobody. */
export type SessionLookup = { user: User } | { blocked: string } | null;

/**
 * A session's row by the hash of its token, then its user by id: the reads behind every signed-in request. Two
 * keyed reads, not a join: SQLite (through bun:sqlite) answers the join of the two rows in about 20 µs and the two
 * lookups in about 5 µs together (measured at 10,000 tools), and nothing here needs them in one snapshot: a session
 * ended between them is already being answered as live by a request in flight.
 */
const sessionRow = (database: Database) =>
  database
    .select({ userId: sessions.userId, expire: sessions.expire, absoluteExpire: sessions.absoluteExpire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare();
const userRow = (database: Database) =>
  database
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();

/**
 * The user of a live session, sliding its idle expiry forward. A session of a suspended or banned
 * account is ended (if still live) and answers the reason, also once ended: suspending keeps the
 * rows (see cutUserSessions) so the browser's next call learns why it was signed out
 * (docs/decisions/0010-blocked-accounts.md). Any other ended session is nobody.
 */
export async function sessionFor(token: string | undefined): Promise<SessionLookup> {
  if (!token) return null;
  const sid = hashToken(token);
  const now = new Date();
  const row = await prepared(readDb(), sessionRow).get({ sid });
  if (!row) return null;
  const user = await prepared(readDb(), userRow).get({ id: row.userId });
  if (!user) return null;
  const live = row.expire > now && row.absoluteExpire > now;
  const blocked = accountBlock(user);
  if (blocked) {
    if (live) await db.update(sessions).set({ expire: now }).where(eq(sessions.sid, sid));
    return { blocked };
  }
  if (!live) return null;
  if (row.expire.getTime() - now.getTime() < IDLE_LIFETIME_MS - TOUCH_INTERVAL_MS) {
    const next = Math.min(now.getTime() + IDLE_LIFETIME_MS, row.absoluteExpire.getTime());
    await db
      .update(sessions)
      .set({ expire: new Date(next), lastUsedAt: now })
      .where(eq(sessions.sid, sid));
  }
  return { user };
}

export async function deleteSession(token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

/** Ends every session of a user at once and forgets them (password change, account linking); pass a transaction to do it atomically with the change. */
export async function deleteUserSessions(userId: number, tx: Executor): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but the one `keepToken` stands for (a password change, "Sign out everywhere else"). */
export async function deleteOtherSessions(userId: number, keepToken: string | undefined, tx: Executor): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keepToken
        ? and(eq(sessions.userId, userId), ne(sessions.sid, hashToken(keepToken)))
        : eq(sessions.userId, userId),
    );
}

/**
 * Ends every session of a user being suspended or banned, in the caller's transaction. The rows stay,
 * expired, until the purge, so the browser's next call is answered with the reason rather than a bare
 * 401; an ended row never becomes live again, whatever later happens to the account.
 */
export async function cutUserSessions(userId: number, tx: Executor): Promise<void> {
  const now = new Date();
  await tx
    .update(sessions)
    .set({ expire: now })
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)));
}

export async function purgeExpiredSessions(): Promise<void> {
  const now = new Date();
  await db.delete(sessions).where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)));
}

/**
 * Why an account may not act now, or null when it may. A closed account is refused like a banned one (its stray
 * session ends with the reason); its sign-in is not refused here but leads to the restore step (api/account/restore-step.ts).
 */
export function accountBlock(
  user: Pick<User, 'accountStatus' | 'suspendedUntil' | 'suspensionReason' | 'closedAt'>,
): string | null {
  return signInBlock(user) ?? (user.closedAt ? ACCOUNT_MSG.accountClosed : null);
}

/** Why an account may not sign in at all (suspended or banned), or null when it may. */
export function signInBlock(user: Pick<User, 'accountStatus' | 'suspendedUntil' | 'suspensionReason'>): string | null {
  if (user.accountStatus === 'banned') {
    return user.suspensionReason ? `${MSG.accountBanned}: ${user.suspensionReason}` : MSG.accountBanned;
  }
  if (user.accountStatus === 'suspended') {
    if (user.suspendedUntil && user.suspendedUntil.getTime() <= Date.now()) return null;
    const until = user.suspendedUntil ? ` until ${user.suspendedUntil.toISOString().slice(0, 10)}` : '';
    const reason = user.suspensionReason ? `: ${user.suspensionReason}` : '';
    return `${MSG.accountSuspended}${until}${reason}`;
  }
  return null;
}
