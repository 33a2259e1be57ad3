// Premium membership: upgrading an account, what it grants, what ending it takes away, and managing it.
import { and, eq, sql } from 'drizzle-orm';
import { db, type Executor, type Transaction } from '../../db/client';
import { tools, users, type User } from '../../db/schema';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import type { Checkout, Membership, Plan, Portal } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { toolChangeTags } from '../../lib/cache-tags';
import { hasPublicPage } from '../../lib/tool-status';
import { conflict, HttpError, notFound } from '../plugins/errors';
import { config } from '../config';
import { createCheckout, createPortal, paymentsConfigured } from '../services/payments';
import { requestRebuild } from '../publishing/rebuild-queue';
import { findSubscription } from './subscriptions';

/** The premium submission quota after Premium is granted: at least PREMIUM_SUBMISSIONS; a larger one is kept. */
export function premiumQuota(allowed: number): number {
  return Math.max(allowed, PREMIUM_SUBMISSIONS);
}

/**
 * Turns the premium presentation of a member's tools off (membership ended: remembered as lapsed) or back on (they
 * subscribed again: the lapsed ones only), and queues the public pages that change (decision 0052).
 */
async function setToolsPremium(tx: Transaction, userId: number, isPremium: boolean): Promise<void> {
  const changed = await tx
    .update(tools)
    .set({ isPremium, premiumLapsed: !isPremium, updatedAt: new Date() })
    .where(and(eq(tools.submittedById, userId), isPremium ? eq(tools.premiumLapsed, true) : eq(tools.isPremium, true)))
    .returning({ slug: tools.slug, tags: tools.tags, status: tools.status });
  const live = changed.filter((tool) => hasPublicPage(tool.status));
  if (live.length === 0) return;
  const tags = [...new Set(live.flatMap((tool) => toolChangeTags(tool.slug, tool.tags)))];
  const reason = `membership ${isPremium ? 'renewed' : 'ended'}: ${live.map((tool) => tool.slug).join(', ')}`;
  await requestRebuild(reason, tx, tags);
}

/** Grants Premium: the flag, at least the premium submission quota, and the tools it lapsed from before. */
export async function grantPremium(userId: number, changes: Partial<User>, tx: Transaction): Promise<void> {
  await tx
    .update(users)
    .set({
      ...changes,
      isPremium: true,
      premiumToolsAllowed: sql`max(${users.premiumToolsAllowed}, ${PREMIUM_SUBMISSIONS})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await setToolsPremium(tx, userId, true);
}

/**
 * Takes Premium away (the subscription ended or stopped being paid for): the member's tools stay listed but lose
 * their premium presentation; the quota stays as used. `ended`: the subscription is over, so its link and plan go.
 */
export async function revokePremium(userId: number, ended: boolean, tx: Transaction): Promise<void> {
  await tx
    .update(users)
    .set({
      isPremium: false,
      ...(ended ? { stripeSubscriptionId: null, premiumPlan: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await setToolsPremium(tx, userId, false);
}

/** Starts an upgrade: a Stripe Checkout address, or in development mode (never in production) the upgrade itself. */
export async function startUpgrade(user: User, plan: Plan): Promise<Checkout> {
  if (user.isPremium) throw conflict(MSG.alreadyPremium);
  if (!paymentsConfigured()) {
    // The free mock upgrade is a development convenience; in production it would give Premium away.
    if (config.isProduction) throw new HttpError(503, MSG.paymentsNotConfigured);
    await db.transaction((tx) => grantPremium(user.id, { premiumPlan: plan }, tx));
    return { checkoutUrl: `${config.siteUrl}/dashboard?upgrade=success&mock=true` };
  }
  return { checkoutUrl: await createCheckout(user, plan) };
}

/** Development mode: Premium without Stripe, where the local billing page stands in for Stripe's portal. */
const devBilling = () => !paymentsConfigured() && !config.isProduction;

/** The member's membership as the dashboard shows it: plan, Stripe's state of the subscription, a failed payment. */
export async function membership(user: User, tx: Executor = db): Promise<Membership> {
  const subscription = user.stripeSubscriptionId ? await findSubscription(tx, user.stripeSubscriptionId) : undefined;
  return {
    isPremium: user.isPremium,
    plan: user.premiumPlan ?? subscription?.plan ?? null,
    status: subscription?.status ?? null,
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    paymentFailed: Boolean(subscription?.paymentFailedAt),
    paymentFailedAt: subscription?.paymentFailedAt ?? null,
    manageable: paymentsConfigured() ? Boolean(user.stripeCustomerId) : devBilling() && user.isPremium,
  };
}

/** Where the member manages the membership: Stripe's Billing Portal, or in development mode the local billing page. */
export async function openPortal(user: User): Promise<Portal> {
  const returnUrl = `${config.siteUrl}/dashboard`;
  if (!paymentsConfigured()) {
    if (config.isProduction) throw new HttpError(503, MSG.paymentsNotConfigured);
    if (!user.isPremium) throw conflict(MSG.noMembershipToManage);
    return { portalUrl: `${config.siteUrl}/dashboard/billing` };
  }
  // Premium an admin granted has no Stripe customer: there is nothing Stripe could show.
  if (!user.stripeCustomerId) throw conflict(user.isPremium ? MSG.noStripeCustomer : MSG.noMembershipToManage);
  return { portalUrl: await createPortal(user.stripeCustomerId, returnUrl) };
}

/** Development mode's stand-in for cancelling in Stripe's portal: ends Premium the way a deleted subscription does. */
export async function devCancel(user: User): Promise<void> {
  if (!devBilling()) throw notFound();
  if (!user.isPremium) throw conflict(MSG.noMembershipToManage);
  await db.transaction((tx) => revokePremium(user.id, true, tx));
}
