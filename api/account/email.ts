// The account's address (docs/decisions/0094): verifying it by the e-mailed link or code, asking for them again, and
// changing it, which takes effect only once the new address opened its link. Plain functions, no request objects.
import { and, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { users, type User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import type { ChangeEmailInput } from '../../lib/contract';
import type { VerifyOutcome } from '../../lib/form-pages';
import { MSG } from '../../lib/messages';
import { recordAudit } from '../audit';
import {
  emailChangeAppliedEmail,
  emailChangeRequestedEmail,
  emailChangeVerifyEmail,
  verifyEmailEmail,
} from '../emails';
import { HttpError, badRequest, conflict } from '../plugins/errors';
import { rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';
import { consumeCode, consumeProof, dropProofs, issueProof, liveProofOf } from './proofs';

/** The account's address as GET /api/account/email answers it. */
export interface EmailStatus {
  email: string;
  verified: boolean;
  pendingEmail: string | null;
  hasPassword: boolean;
}

export async function emailStatus(user: User, now = Date.now()): Promise<EmailStatus> {
  const pending = await liveProofOf(db, user.id, 'change-email', now);
  return {
    email: user.email,
    verified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.target ?? null,
    hasPassword: user.password !== null,
  };
}

/** The account as it is now (a change just written), for the answer. */
async function reloaded(userId: number): Promise<User> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new HttpError(404, 'Not found');
  return user;
}

/**
 * Issues the account's verification link and code (only the newest works) and queues their e-mail, in the
 * transaction of the change that needs it: the registration, or a request to send them again.
 */
export async function sendVerification(tx: Executor, user: Pick<User, 'id' | 'email' | 'firstName'>): Promise<void> {
  const { token, code } = await issueProof(tx, {
    userId: user.id,
    purpose: 'verify-email',
    target: user.email,
    withCode: true,
  });
  await enqueueEmail(await verifyEmailEmail(user, { token, code: code as string }), tx);
}

/** Sends the link and code again: 409 once verified, a few an hour per account. */
export async function resendVerification(user: User): Promise<EmailStatus> {
  if (user.emailVerifiedAt) throw conflict(ACCOUNT_MSG.alreadyVerified);
  await requireAttempt([rateKey('verify-email-send', user.id)], ACCOUNT_MSG.tooManyEmails);
  await db.transaction((tx) => sendVerification(tx, user));
  return emailStatus(user);
}

/** Marks the address the proof was sent to as verified, if it is still the account's (a change may have moved it). */
async function markVerified(tx: Executor, userId: number, address: string | null, now: number): Promise<boolean> {
  if (!address) return false;
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(users.id, userId), eq(users.email, address)))
    .returning({ id: users.id });
  if (!row) return false;
  await recordAudit(tx, {
    actorId: userId,
    action: 'account.email-verified',
    entityType: 'user',
    entityId: userId,
    before: { emailVerifiedAt: null },
    after: { email: address, emailVerifiedAt: new Date(now) },
  });
  return true;
}

/**
 * The 6-digit code typed by the signed-in member: every try counts against the account first, a wrong one against its
 * proof too (spent after five). Wrong, expired, used or none: one message, nothing changed.
 */
export async function verifyCode(user: User, code: string, now = Date.now()): Promise<EmailStatus> {
  await requireAttempt([rateKey('verify-email-code', user.id)], ACCOUNT_MSG.tooManyCodes);
  // The wrong try's count must commit: the transaction returns, and the refusal comes after it.
  const verified = await db.transaction(async (tx) => {
    const result = await consumeCode(tx, { userId: user.id, purpose: 'verify-email', code, now });
    return result !== null && 'proof' in result && (await markVerified(tx, user.id, result.proof.target, now));
  });
  if (!verified) throw badRequest(ACCOUNT_MSG.linkInvalid);
  return emailStatus(await reloaded(user.id), now);
}

/**
 * An e-mailed link, opened signed in or not (the link alone proves the address): verifies the address it was sent to,
 * or applies the change of address it confirms. Used, expired, unknown or stale: 400 with the one message, nothing
 * changed; the new address taken since the request: 409, nothing changed.
 */
export async function openVerifyLink(token: string, now = Date.now()): Promise<VerifyOutcome> {
  return db.transaction(async (tx) => {
    const verification = await consumeProof(tx, 'verify-email', token, now);
    if (verification) {
      if (await markVerified(tx, verification.userId, verification.target, now)) return 'verified';
      throw badRequest(ACCOUNT_MSG.linkInvalid);
    }
    const change = await consumeProof(tx, 'change-email', token, now);
    if (!change?.target) throw badRequest(ACCOUNT_MSG.linkInvalid);
    await applyEmailChange(tx, change.userId, change.target, now);
    return 'changed';
  });
}

/** Whether another account has the address (checked when a change is asked for and again when it applies). */
async function takenByAnother(tx: Executor, email: string, userId: number): Promise<boolean> {
  const other = await tx.query.users.findFirst({
    columns: { id: true },
    where: and(eq(users.email, email), ne(users.id, userId)),
  });
  return other !== undefined;
}

async function applyEmailChange(tx: Executor, userId: number, newEmail: string, now: number): Promise<void> {
  if (await takenByAnother(tx, newEmail, userId)) throw conflict(MSG.emailTaken);
  const before = await tx.query.users.findFirst({ where: eq(users.id, userId) });
  if (!before) throw badRequest(ACCOUNT_MSG.linkInvalid);
  await tx
    .update(users)
    .set({ email: newEmail, emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(users.id, userId));
  // Links sent to the old address no longer speak for the account.
  await dropProofs(tx, userId, 'verify-email');
  await dropProofs(tx, userId, 'reset-password');
  await recordAudit(tx, {
    actorId: userId,
    action: 'account.email-change',
    entityType: 'user',
    entityId: userId,
    before: { email: before.email, emailVerifiedAt: before.emailVerifiedAt },
    after: { email: newEmail, emailVerifiedAt: new Date(now) },
  });
  await enqueueEmail(await emailChangeAppliedEmail(before, newEmail), tx);
}

/**
 * Asks to change the address: throttled per account before any hashing; the current password where the account has
 * one (a Google-only account has none: the new address proves itself by its link, and the old one is told). Nothing
 * changes until the link sent to the new address is opened.
 */
export async function requestEmailChange(user: User, input: ChangeEmailInput, now = Date.now()): Promise<EmailStatus> {
  await requireAttempt([rateKey('email-change-account', user.id)], ACCOUNT_MSG.tooManyChanges);
  if (input.email === user.email) throw badRequest(ACCOUNT_MSG.emailUnchanged);
  if (user.password) {
    if (!input.currentPassword) throw badRequest(ACCOUNT_MSG.currentPasswordRequired);
    if (!(await Bun.password.verify(input.currentPassword, user.password)))
      throw badRequest(ACCOUNT_MSG.currentPasswordWrong);
  }
  if (await takenByAnother(db, input.email, user.id)) throw conflict(MSG.emailTaken);
  await db.transaction(async (tx) => {
    const { token } = await issueProof(tx, { userId: user.id, purpose: 'change-email', target: input.email, now });
    await enqueueEmail(await emailChangeVerifyEmail(user, input.email, token), tx);
    await enqueueEmail(await emailChangeRequestedEmail(user, input.email), tx);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.email-change-requested',
      entityType: 'user',
      entityId: user.id,
      before: { email: user.email },
      after: { pendingEmail: input.email },
    });
  });
  return emailStatus(user, now);
}

/** Cancels a pending change: its link stops working. Nothing pending: the answer as it is. */
export async function cancelEmailChange(user: User, now = Date.now()): Promise<EmailStatus> {
  await requireAttempt([rateKey('email-change-account', user.id)], ACCOUNT_MSG.tooManyChanges);
  const { pendingEmail } = await emailStatus(user, now);
  if (pendingEmail) {
    await db.transaction(async (tx) => {
      await dropProofs(tx, user.id, 'change-email');
      await recordAudit(tx, {
        actorId: user.id,
        action: 'account.email-change-requested',
        entityType: 'user',
        entityId: user.id,
        before: { pendingEmail },
        after: { pendingEmail: null },
      });
    });
  }
  return emailStatus(user, now);
}
