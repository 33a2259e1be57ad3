// The account page's own changes (docs/decisions/0096): the member's name and avatar, their signed-in devices, and
// the file "Download my data" saves. Plain functions: the routes hand in the user, the session token and the input.
import Bowser from 'bowser';
import { and, asc, desc, eq, gt, inArray, or } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import {
  blogPosts,
  contactMessages,
  sessions,
  subscriptions,
  toolMetricsDaily,
  tools,
  users,
  type Session,
  type User,
} from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { postChangeTags } from '../../lib/cache-tags';
import type { AccountData, CurrentUser, DeviceSession, ProfileInput } from '../../lib/contract';
import { POST_STATUS } from '../../lib/post-status';
import { changedFields, recordAudit } from '../audit';
import { publicUser } from '../auth/service';
import { deleteOtherSessions, hashToken } from '../auth/sessions';
import { notFound } from '../plugins/errors';
import { requestRebuild } from '../publishing/rebuild-queue';
import { rateKey, requireAttempt } from '../rate-limit';
import { prepareAvatar, removeAvatar, storeAvatar } from '../services/uploads';
import { listUserChangeRequests } from '../submissions/service';
import { toolRecord } from '../tools/service';

/** How much of a session's stored hash its handle shows: 64 bits, unique among one account's few sessions. */
const DEVICE_ID_LENGTH = 16;

type Allowance = 'account-profile' | 'account-avatar' | 'account-devices' | 'account-data';
const TOO_MANY: Record<Allowance, string> = {
  'account-profile': ACCOUNT_MSG.profileChangesPerHour,
  'account-avatar': ACCOUNT_MSG.avatarUploadsPerHour,
  'account-devices': ACCOUNT_MSG.devicesPerHour,
  'account-data': ACCOUNT_MSG.dataDownloadsPerHour,
};

/** Counts one request against the account's hour before any work (an upload is not read, a file not built): 429 past it. */
export function takeAllowance(kind: Allowance, userId: number): Promise<void> {
  return requireAttempt([rateKey(kind, userId)], TOO_MANY[kind]);
}

/**
 * Saves the name (an empty one is none). The blog shows an author's name on their published posts, so renaming an
 * author asks those pages to be built again, in the same transaction.
 */
export async function saveProfile(user: User, input: ProfileInput): Promise<User> {
  const next = { firstName: input.firstName || null, lastName: input.lastName || null };
  const { before, after } = changedFields(user, next);
  if (Object.keys(after).length === 0) return user;
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.profile',
      entityType: 'user',
      entityId: user.id,
      before,
      after,
    });
    const posts = await tx
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(eq(blogPosts.authorId, user.id), eq(blogPosts.status, POST_STATUS.published)));
    if (posts.length > 0) await requestRebuild('author renamed', tx, postChangeTags(...posts.map((p) => p.slug)));
    return saved;
  });
}

/** Points the account at a new or no avatar, in one audited write; the file it named before is removed after. */
async function setAvatar(user: User, url: string | null): Promise<User> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ profileImageUrl: url, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.profile',
      entityType: 'user',
      entityId: user.id,
      before: { profileImageUrl: user.profileImageUrl },
      after: { profileImageUrl: url },
    });
    return row;
  });
  await removeAvatar(user.profileImageUrl);
  return saved;
}

/** Checks and re-encodes the image as a square (413, 415, 400 as for a logo), stores it, and makes it the avatar. */
export async function uploadAvatar(user: User, image: Blob): Promise<User> {
  const url = await storeAvatar(await prepareAvatar(image));
  try {
    return await setAvatar(user, url);
  } catch (error) {
    // The row still names the old picture: the new file would be shown to nobody.
    await removeAvatar(url);
    throw error;
  }
}

/** Removes the avatar (the menu shows the initials again); without one, nothing is written. */
export async function deleteAvatar(user: User): Promise<User> {
  return user.profileImageUrl ? setAvatar(user, null) : user;
}

/** "Firefox 131 on Windows" from a user agent; what is unknown is said so. */
function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name
    ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ')
    : 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}

const deviceId = (sid: string) => sid.slice(0, DEVICE_ID_LENGTH);

/** The account's live sessions, the one asking first, then the most recently used. */
async function liveSessions(reader: Executor, userId: number, now: Date): Promise<Session[]> {
  return reader
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now), gt(sessions.absoluteExpire, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

function device(row: Session, currentSid: string | null): DeviceSession {
  return {
    id: deviceId(row.sid),
    device: deviceName(row.sess.userAgent),
    startedAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.sid === currentSid,
  };
}

export async function listDevices(user: User, token: string | undefined, now = new Date()): Promise<DeviceSession[]> {
  const current = token ? hashToken(token) : null;
  const list = (await liveSessions(db, user.id, now)).map((row) => device(row, current));
  return [...list.filter((d) => d.current), ...list.filter((d) => !d.current)];
}

/**
 * Ends one of the account's sessions, named by its handle; another account's handle, or one already ended, is 404
 * and ends nothing. Answers whether it was this browser's (the route then clears its cookies).
 */
export async function signOutDevice(
  user: User,
  id: string,
  token: string | undefined,
  now = new Date(),
): Promise<{ current: boolean }> {
  const current = token ? hashToken(token) : null;
  return db.transaction(async (tx) => {
    const row = (await liveSessions(tx, user.id, now)).find((s) => deviceId(s.sid) === id);
    if (!row) throw notFound(ACCOUNT_MSG.deviceNotFound);
    await tx.delete(sessions).where(eq(sessions.sid, row.sid));
    const { current: isCurrent, ...ended } = device(row, current);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.sign-out-device',
      entityType: 'user',
      entityId: user.id,
      before: { session: ended },
      after: null,
    });
    return { current: isCurrent };
  });
}

/** Ends every session of the account but this browser's; answers how many live ones it ended. */
export async function signOutOthers(user: User, token: string | undefined, now = new Date()): Promise<number> {
  const current = token ? hashToken(token) : null;
  return db.transaction(async (tx) => {
    const others = (await liveSessions(tx, user.id, now)).filter((s) => s.sid !== current).length;
    await deleteOtherSessions(user.id, token, tx);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.sign-out-others',
      entityType: 'user',
      entityId: user.id,
      before: { sessions: others },
      after: { sessions: 0 },
    });
    return others;
  });
}

const withoutPermissions = ({ permissions: _, ...rest }: CurrentUser) => rest;

/**
 * Everything the account holds, as its owner may read it: never the password hash, the authenticator secret, recovery
 * codes, proofs, tokens or payment ids. Contact messages are those sent signed in, and those sent signed out from the
 * address once it is verified (before that, the address proves nobody). Written to the audit log.
 */
export async function accountData(user: User, token: string | undefined, now = new Date()): Promise<AccountData> {
  const current = token ? hashToken(token) : null;
  const own = await db.select().from(tools).where(eq(tools.submittedById, user.id)).orderBy(asc(tools.id));
  const toolIds = own.map((t) => t.id);
  const [changeRequests, messages, subs, metrics, devices] = await Promise.all([
    listUserChangeRequests(user.id),
    db
      .select()
      .from(contactMessages)
      .where(
        user.emailVerifiedAt
          ? or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email))
          : eq(contactMessages.userId, user.id),
      )
      .orderBy(asc(contactMessages.id)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(asc(subscriptions.updatedAt)),
    toolIds.length === 0
      ? []
      : db
          .select()
          .from(toolMetricsDaily)
          .where(inArray(toolMetricsDaily.toolId, toolIds))
          .orderBy(asc(toolMetricsDaily.toolId), asc(toolMetricsDaily.day)),
    liveSessions(db, user.id, now),
  ]);
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: user.id,
      action: 'account.data-download',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: null,
    }),
  );
  return {
    exportedAt: now,
    account: {
      // What the account's own calls show of it (publicUser, the permissions aside), and what only this file adds.
      ...withoutPermissions(publicUser(user)),
      emailVerifiedAt: user.emailVerifiedAt,
      hasPassword: user.password !== null,
      signsInWithGoogle: user.googleId !== null,
      twoFactorEnabledAt: user.twoFactorEnabledAt,
      premiumPlan: user.premiumPlan,
      premiumUntil: user.premiumUntil,
      updatedAt: user.updatedAt,
    },
    tools: own.map(toolRecord),
    changeRequests,
    contactMessages: messages.map(({ id, name, email, topic, message, createdAt, handledAt }) => ({
      id,
      name,
      email,
      topic,
      message,
      createdAt,
      handledAt,
    })),
    subscriptions: subs.map(({ status, plan, currentPeriodEnd, cancelAtPeriodEnd, endedAt, updatedAt }) => ({
      status,
      plan,
      currentPeriodEnd,
      cancelAtPeriodEnd,
      endedAt,
      updatedAt,
    })),
    metrics: metrics.map(({ toolId, day, views, clicks }) => ({ toolId, day, views, clicks })),
    sessions: devices.map((row) => {
      const { id: _id, ...rest } = device(row, current);
      return rest;
    }),
  };
}
