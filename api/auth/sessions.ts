// Database sessions: a random token in the cookie, its SHA-256 hash as the row's sid.
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { config } from '../config';
import { MSG } from '../../lib/messages';

/** How long a session lives without use, and at most (docs/decisions/0002-sessions.md). */
export const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The idle expiry moves forward at most once in this window, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export const SESSION_COOKIE = config.isProduction ? '__Host-sid' : 'sid';

export function cookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex');
}

function newToken(): string {
  // 256 bits from the system CSPRNG, base64url.
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export interface NewSession {
  token: string;
  expire: Date;
}

export async function createSession(userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<NewSession> {
  const token = newToken();
  const now = Date.now();
  const expire = new Date(now + IDLE_LIFETIME_MS);
  await db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    sess: meta,
    createdAt: new Date(now),
    expire,
    absoluteExpire: new Date(now + ABSOLUTE_LIFETIME_MS),
  });
  return { token, expire };
}

/** The user of a live session, or null; slides the idle expiry forward. */
export async function userForToken(token: string | undefined): Promise<User | null> {
  if (!token) return null;
  const sid = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ user: users, expire: sessions.expire, absoluteExpire: sessions.absoluteExpire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now), gt(sessions.absoluteExpire, now)))
    .limit(1);
  if (!row) return null;
  if (accountBlock(row.user)) {
    await deleteSession(token);
    return null;
  }
  if (row.expire.getTime() - now.getTime() < IDLE_LIFETIME_MS - TOUCH_INTERVAL_MS) {
    const next = Math.min(now.getTime() + IDLE_LIFETIME_MS, row.absoluteExpire.getTime());
    await db.update(sessions).set({ expire: new Date(next) }).where(eq(sessions.sid, sid));
  }
  return row.user;
}

export async function deleteSession(token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

/** Ends every session of a user at once (suspension, ban, password change); pass a transaction to do it atomically with the change. */
export async function deleteUserSessions(userId: number, tx: Pick<typeof db, 'delete'> = db): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(): Promise<void> {
  const now = new Date();
  await db.delete(sessions).where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)));
}

/** Why an account may not sign in or act now, or null when it may. */
export function accountBlock(user: Pick<User, 'accountStatus' | 'suspendedUntil' | 'suspensionReason'>): string | null {
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
