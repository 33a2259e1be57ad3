// The daily deletion (docs/decisions/0097): accounts closed more than ACCOUNT_DELETION_DAYS ago lose their personal
// data, as the legal pages promise. The row stays (approved tools still point to it as submittedById), holding no name,
// address, password, photo, sign-in or payment link; it can never sign in or be restored again.
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages, emailOutbox, recoveryCodes, users, type User } from '../../db/schema';
import { ACCOUNT_DELETION_DAYS } from '../../lib/constants';
import { recordAudit } from '../audit';
import { log } from '../log';
import { revokePremium } from '../premium/service';
import { deleteUserSessions } from '../auth/sessions';
import { removeAvatar } from '../services/uploads';
import { dropProofs } from './proofs';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address a deleted account keeps: unique (the column is), and .invalid never receives mail (RFC 2606). */
export const deletedEmail = (userId: number) => `deleted-${userId}@invalid`;

/** Removes one closed account's personal data in one transaction; false when it was restored or deleted meanwhile. */
async function deleteAccount(user: User, now: Date): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(users)
      .set({
        email: deletedEmail(user.id),
        password: null,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        googleId: null,
        stripeCustomerId: null,
        paymentCustomerId: null,
        twoFactorSecret: null,
        twoFactorEnabledAt: null,
        emailVerifiedAt: null,
        suspensionReason: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt), lte(users.closedAt, user.closedAt as Date)))
      .returning({ id: users.id });
    if (!cleared) return false;
    // Premium ends with the account: with its Stripe link gone no event could end it later (its tools stay listed).
    if (user.isPremium || user.stripeSubscriptionId) await revokePremium(user.id, true, tx);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await deleteUserSessions(user.id, tx);
    await dropProofs(tx, user.id);
    await tx
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email)));
    await tx.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
    await recordAudit(tx, {
      actorId: null,
      action: 'account.delete',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { deletedAt: now },
    });
    return true;
  });
  if (done) await removeAvatar(user.profileImageUrl);
  return done;
}

/** Deletes the personal data of every account closed ACCOUNT_DELETION_DAYS or more before `now`; returns how many. */
export async function deleteClosedAccounts(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - ACCOUNT_DELETION_DAYS * DAY_MS);
  const due = await db.query.users.findMany({ where: and(lte(users.closedAt, cutoff), isNull(users.deletedAt)) });
  let deleted = 0;
  for (const user of due) if (await deleteAccount(user, new Date(now))) deleted++;
  if (deleted > 0) log.info({ deleted }, 'closed accounts deleted');
  return deleted;
}

/** Runs the deletion now and once a day (in the worker lease's holder, api/singletons.ts); returns what stops it. */
export function startDailyDeletion(): () => void {
  const run = () =>
    deleteClosedAccounts().catch((error) => log.error({ err: error }, 'deleting closed accounts failed'));
  void run();
  const timer = setInterval(run, DAY_MS);
  return () => clearInterval(timer);
}
