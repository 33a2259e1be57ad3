// Closing an account and restoring it (docs/decisions/0097): confirmed with the password or an e-mailed code, it signs
// out everywhere, withdraws what awaits review, stops the renewal of a Stripe subscription and tells the member when
// the personal data goes (api/account/deletion.ts); until then signing in leads to restoring it.
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { db, type Transaction } from '../../db/client';
import { changeRequests, subscriptions, tools, users, type User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { ACCOUNT_DELETION_DAYS } from '../../lib/constants';
import type { AccountClosed, ClosingState, CloseAccountInput } from '../../lib/contract';
import { CHANGE_REQUEST_STATUS, TOOL_STATUS } from '../../lib/tool-status';
import { recordAudit } from '../audit';
import { deleteUserSessions, signInBlock } from '../auth/sessions';
import { accountClosedEmail, closeAccountCodeEmail } from '../emails';
import { log } from '../log';
import { HttpError, badRequest, conflict } from '../plugins/errors';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';
import { cancelAtPeriodEnd, paymentsConfigured } from '../services/payments';
import { returnPremiumSlot } from '../submissions/service';
import { consumeCode, consumeProof, dropProofs, findProof, issueProof, type IssuedProof } from './proofs';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a closed account's personal data is removed: ACCOUNT_DELETION_DAYS after it was closed. */
export function deletionDate(closedAt: Date): Date {
  return new Date(closedAt.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);
}

/** How this account confirms closing: its password, or (Google-only, no password) a code e-mailed to it. */
export function closingState(user: User): ClosingState {
  return { confirmWith: user.password ? 'password' : 'code', deletionDays: ACCOUNT_DELETION_DAYS };
}

/** E-mails a Google-only account the 6-digit code that confirms closing it (the newest code replaces the older). */
export async function sendCloseCode(user: User, now = Date.now()): Promise<void> {
  if (user.password) throw badRequest(ACCOUNT_MSG.closeCodeNotNeeded);
  await requireAttempt([rateKey('close-code', user.id)]);
  await db.transaction(async (tx) => {
    const { code } = await issueProof(tx, { userId: user.id, purpose: 'close-account', withCode: true, now });
    await enqueueEmail(await closeAccountCodeEmail(user, code as string), tx);
  });
}

/** Whether another isAdmin account that is not closed remains: without one nobody could run the site. */
async function anotherAdmin(tx: Transaction, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.id, userId), eq(users.isAdmin, true), isNull(users.closedAt)));
  return row.n > 0;
}

/** Withdraws what the member has awaiting review: pending tools (rejected, with why) and pending change requests. */
async function withdrawPending(tx: Transaction, userId: number, now: Date) {
  const withdrawn = await tx
    .update(tools)
    .set({
      status: TOOL_STATUS.rejected,
      rejectionReason: ACCOUNT_MSG.toolWithdrawnByClosing,
      premiumLapsed: false,
      updatedAt: now,
    })
    .where(and(eq(tools.submittedById, userId), eq(tools.status, TOOL_STATUS.pending)))
    .returning({ id: tools.id, isPremium: tools.isPremium });
  // A withdrawn premium submission gives its slot back, as a rejected one does.
  for (const tool of withdrawn) if (tool.isPremium) await returnPremiumSlot(userId, tx);
  const requests = await tx
    .update(changeRequests)
    .set({ status: CHANGE_REQUEST_STATUS.rejected, reviewedAt: now })
    .where(and(eq(changeRequests.submittedById, userId), eq(changeRequests.status, CHANGE_REQUEST_STATUS.pending)))
    .returning({ id: changeRequests.id });
  return { tools: withdrawn.map((t) => t.id), changeRequests: requests.map((r) => r.id) };
}

/**
 * Closes the member's account, confirmed by the current password (throttled per account before hashing) or, for a
 * Google-only account, the e-mailed code. One transaction signs out everywhere, drops every proof, withdraws what
 * awaits review and queues the e-mail; then Stripe is told not to renew (a failure is logged, the close stands).
 */
export async function closeAccount(user: User, input: CloseAccountInput, now = Date.now()): Promise<AccountClosed> {
  if (user.password ? !input.password : !input.code)
    throw badRequest(user.password ? ACCOUNT_MSG.closePasswordRequired : ACCOUNT_MSG.closeCodeRequired);
  await requireAttempt([rateKey('close-account', user.id)]);
  if (user.password && !(await Bun.password.verify(input.password as string, user.password)))
    throw badRequest(ACCOUNT_MSG.closeWrongPassword);
  const closedAt = new Date(now);
  const deletion = deletionDate(closedAt);
  const devMode = !paymentsConfigured();
  // A refusal is returned, not thrown, where the transaction must commit (a wrong code's count is kept).
  const refusal = await db.transaction(async (tx): Promise<HttpError | null> => {
    if (!user.password) {
      const used = await consumeCode(tx, { userId: user.id, purpose: 'close-account', code: input.code ?? '', now });
      // A wrong code is counted; none live (spent, expired, never sent): ask for a new one.
      if (!used || 'wrong' in used) return badRequest(ACCOUNT_MSG.linkInvalid);
    }
    if (user.isAdmin && !(await anotherAdmin(tx, user.id))) throw conflict(ACCOUNT_MSG.lastAdminCannotClose);
    const [closed] = await tx
      .update(users)
      .set({ closedAt, updatedAt: closedAt })
      .where(and(eq(users.id, user.id), isNull(users.closedAt)))
      .returning();
    if (!closed) throw conflict(ACCOUNT_MSG.accountClosed);
    await deleteUserSessions(user.id, tx);
    await dropProofs(tx, user.id);
    const withdrawn = await withdrawPending(tx, user.id, closedAt);
    // Development mode has no Stripe to ask: the subscription's row records that it ends with its period.
    if (devMode && user.stripeSubscriptionId)
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, updatedAt: closedAt })
        .where(eq(subscriptions.id, user.stripeSubscriptionId));
    await enqueueEmail(await accountClosedEmail(user, deletion, withdrawn.tools.length), tx);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.close',
      entityType: 'user',
      entityId: user.id,
      before: { closedAt: null },
      after: {
        closedAt,
        deletionDate: deletion,
        withdrawnTools: withdrawn.tools,
        withdrawnChangeRequests: withdrawn.changeRequests,
        subscription: user.stripeSubscriptionId ? 'cancel-at-period-end' : null,
      },
    });
    return null;
  });
  if (refusal) throw refusal;
  if (!devMode && user.stripeSubscriptionId) await stopRenewal(user.id, user.stripeSubscriptionId);
  return { deletionDate: deletion };
}

/** Stripe ends the subscription with its paid period; its webhook confirms it. A failure leaves the close standing. */
async function stopRenewal(userId: number, subscriptionId: string): Promise<void> {
  try {
    await cancelAtPeriodEnd(subscriptionId);
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
      .where(eq(subscriptions.id, subscriptionId));
  } catch (error) {
    // The operator cancels it by hand: the account is closed whatever the provider answered.
    log.error({ err: error, userId, subscriptionId }, 'closing an account: cancelling its Stripe subscription failed');
  }
}

/**
 * The restore step of a closed account whose owner just proved who they are (password, Google, and two-factor when
 * on): a short-lived proof for /auth/restore instead of a session. Null for an account that is not closed.
 */
export async function restoreProof(user: User, now = Date.now()): Promise<IssuedProof | null> {
  if (!user.closedAt || user.deletedAt) return null;
  return db.transaction((tx) => issueProof(tx, { userId: user.id, purpose: 'restore-account', now }));
}

/**
 * What /auth/restore shows the holder of a live restore token, without using it: when the personal data goes, and
 * whether closing withdrew submissions (they stay withdrawn). Null for no live token of a closed account.
 */
export async function restoreStep(
  token: string | undefined,
  now = Date.now(),
): Promise<{ deletionDate: Date; withdrawnTools: boolean } | null> {
  const proof = await findProof('restore-account', token, now);
  if (!proof) return null;
  const user = await db.query.users.findFirst({ where: eq(users.id, proof.userId) });
  if (!user?.closedAt || user.deletedAt) return null;
  const withdrawn = await db.$count(
    tools,
    and(eq(tools.submittedById, user.id), eq(tools.rejectionReason, ACCOUNT_MSG.toolWithdrawnByClosing)),
  );
  return { deletionDate: deletionDate(user.closedAt), withdrawnTools: withdrawn > 0 };
}

/**
 * Restores the closed account a restore token stands for (used up): closedAt cleared, audited. What closing withdrew
 * stays withdrawn. Throttled per address; an expired, used or foreign token changes nothing.
 */
export async function restoreAccount(token: string | undefined, ip: string, now = Date.now()): Promise<User> {
  await requireAttempt([rateKey('restore-address', addressBucket(ip))]);
  const restored = await db.transaction(async (tx) => {
    const proof = await consumeProof(tx, 'restore-account', token, now);
    const closed = proof && (await tx.query.users.findFirst({ where: eq(users.id, proof.userId) }));
    if (!closed?.closedAt || closed.deletedAt) return null;
    // Banned or suspended since it was closed: refused as its sign-in is, and the throw keeps the token live.
    const blocked = signInBlock(closed);
    if (blocked) throw new HttpError(403, blocked);
    const [user] = await tx
      .update(users)
      .set({ closedAt: null, updatedAt: new Date(now) })
      .where(eq(users.id, closed.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.restore',
      entityType: 'user',
      entityId: user.id,
      before: { closedAt: closed.closedAt },
      after: { closedAt: null },
    });
    return user;
  });
  if (!restored) throw badRequest(ACCOUNT_MSG.restoreExpired);
  return restored;
}
