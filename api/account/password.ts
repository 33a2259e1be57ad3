// Passwords of an account (docs/decisions/0093): the reset link ("Forgot password?", "Set a password", the admin's
// "Send password reset"), a new password through that link, and a change on /account with the current one.
import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { users, type User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import type { ChangePasswordInput } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { recordAudit } from '../audit';
import { passwordChangedEmail, resetPasswordEmail } from '../emails';
import { siteLink } from '../emails/layout';
import { hashPassword } from '../auth/service';
import { deleteOtherSessions, deleteUserSessions, signInBlock } from '../auth/sessions';
import { HttpError, badRequest } from '../plugins/errors';
import { addressBucket, forget, giveBack, rateKey, take, isOver, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';
import { consumeProof, findProof, issueProof } from './proofs';

/** Where a reset e-mail's link points: the API checks it and moves its token into a cookie (routes). */
export const RESET_LINK_PREFIX = '/auth/reset-link/';

/** Throws 429 unless the client and the e-mail address may ask for another reset e-mail (counted for unknown ones too). */
async function takeResetRequest(ip: string, email: string): Promise<void> {
  await requireAttempt(
    [rateKey('reset-request-address', addressBucket(ip)), rateKey('reset-request-email', email)],
    ACCOUNT_MSG.resetTooMany,
  );
}

/**
 * Issues a reset link for the user (replacing any earlier one) and queues its e-mail, in `tx`. The e-mail is rendered
 * before, as the caller may do the same work for an address with no account.
 */
async function queueResetLink(tx: Executor, user: User, byAdmin: boolean, now: number): Promise<void> {
  const { token } = await issueProof(tx, { userId: user.id, purpose: 'reset-password', now });
  await enqueueEmail(await resetPasswordEmail(user, siteLink(`${RESET_LINK_PREFIX}${token}`), byAdmin), tx);
}

/**
 * "Forgot password?": throttled per client and per e-mail address first; then an account that exists and is not
 * deleted gets the link (a closed one too: its owner signs in with it to restore it). The caller answers
 * ACCOUNT_MSG.resetRequested either way; an unknown address costs the same rendering, so the timing tells nothing.
 */
export async function requestPasswordReset(email: string, ip: string, now = Date.now()): Promise<void> {
  await takeResetRequest(ip, email);
  const user = await db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
  if (!user || user.deletedAt) {
    await resetPasswordEmail({ email, firstName: null }, siteLink(`${RESET_LINK_PREFIX}unused`));
    return;
  }
  await db.transaction((tx) => queueResetLink(tx, user, false, now));
}

/** "Set a password" of a Google-only account on /account: its own reset link, throttled as "Forgot password?". */
export async function sendSetPasswordLink(user: User, ip: string, now = Date.now()): Promise<void> {
  await takeResetRequest(ip, user.email);
  await db.transaction((tx) => queueResetLink(tx, user, false, now));
}

/**
 * The admin's "Send password reset": the member gets the link (the admin never sees it, nor any password), audited.
 * Throttled per account, so a member's inbox is not flooded.
 */
export async function sendResetByAdmin(target: User, actorId: number, now = Date.now()): Promise<void> {
  if (target.deletedAt) throw badRequest(ACCOUNT_MSG.accountDeleted);
  await requireAttempt([rateKey('admin-reset-account', target.id)], ACCOUNT_MSG.resetTooMany);
  await db.transaction(async (tx) => {
    await queueResetLink(tx, target, true, now);
    await recordAudit(tx, {
      actorId,
      action: 'account.password-reset-sent',
      entityType: 'user',
      entityId: target.id,
      before: null,
      after: null,
    });
  });
}

/** The account a reset link's token stands for while it is live (the link's GET), or null. */
export async function resetLinkUser(token: string, now = Date.now()): Promise<User | null> {
  const proof = await findProof('reset-password', token, now);
  if (!proof) return null;
  const user = await db.query.users.findFirst({ where: eq(users.id, proof.userId) });
  return user && !user.deletedAt ? user : null;
}

/**
 * A new password through a reset link: throttled per client, the link checked before any hashing, then in one
 * transaction the link used up, the password set, every session ended, the address verified (the link proved it),
 * the audit row and the notice. A used, expired or foreign token answers ACCOUNT_MSG.linkInvalid and changes nothing.
 * Answers the account, for the caller to sign in.
 */
export async function resetPassword(token: string | undefined, password: string, ip: string, now = Date.now()) {
  await requireAttempt([rateKey('reset-post-address', addressBucket(ip))]);
  const owner = token ? await resetLinkUser(token, now) : null;
  if (!owner) throw badRequest(ACCOUNT_MSG.linkInvalid);
  const blocked = signInBlock(owner);
  if (blocked) throw new HttpError(403, blocked);
  const hash = await hashPassword(password);
  const notice = await passwordChangedEmail(owner, 'reset');
  const user = await db.transaction(async (tx) => {
    const proof = await consumeProof(tx, 'reset-password', token, now);
    // Used meanwhile by a request racing this one.
    if (proof?.userId !== owner.id) return null;
    const [updated] = await tx
      .update(users)
      .set({ password: hash, emailVerifiedAt: owner.emailVerifiedAt ?? new Date(now), updatedAt: new Date(now) })
      .where(eq(users.id, owner.id))
      .returning();
    await deleteUserSessions(owner.id, tx);
    await recordAudit(tx, {
      actorId: owner.id,
      action: 'account.password-reset',
      entityType: 'user',
      entityId: owner.id,
      before: null,
      after: owner.emailVerifiedAt ? null : { emailVerified: true },
    });
    await enqueueEmail(notice, tx);
    return updated;
  });
  if (!user) throw badRequest(ACCOUNT_MSG.linkInvalid);
  return user;
}

/**
 * "Change password" on /account: the current password checked after the throttle (per account and per client, as a
 * sign-in), then the new one set, every other session ended (this one stays), audited, and the notice sent.
 */
export async function changePassword(
  user: User,
  input: ChangePasswordInput,
  keepSessionToken: string | undefined,
  ip: string,
): Promise<void> {
  const accountKey = rateKey('password-change-account', user.id);
  const addressKey = rateKey('password-change-address', addressBucket(ip));
  const [accountCount, addressCount] = await take([accountKey, addressKey]);
  if (isOver(accountKey, accountCount) || isOver(addressKey, addressCount))
    throw new HttpError(429, MSG.tooManyAttempts);
  // A Google-only account has no current password to give: it sets one through its own reset link.
  if (!user.password || !(await Bun.password.verify(input.currentPassword, user.password)))
    throw badRequest(ACCOUNT_MSG.currentPasswordWrong);
  await forget(accountKey);
  await giveBack([addressKey]);
  if (input.password === input.currentPassword) throw badRequest(ACCOUNT_MSG.passwordUnchanged);
  const hash = await hashPassword(input.password);
  const notice = await passwordChangedEmail(user, 'change');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteOtherSessions(user.id, keepSessionToken, tx);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.password-change',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: null,
    });
    await enqueueEmail(notice, tx);
  });
}
