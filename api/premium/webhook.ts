// Stripe webhooks: signature checked on the raw body; each event handled once (payment_events) in one
// transaction. Stripe delivers out of order and retries for days, so Premium follows the newest state
// of the account's subscription (subscriptions.ts), never the order events happen to arrive in.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { db, type Transaction } from '../../db/client';
import { paymentEvents, users, type User } from '../../db/schema';
import { config } from '../config';
import { HttpError } from '../plugins/errors';
import { premiumActivatedEmail } from '../emails';
import { enqueueEmail } from '../services/email';
import { stripe } from '../services/payments';
import { grantPremium } from './service';
import { entitles, findSubscription, isEnded, recordSubscription } from './subscriptions';

export async function verifyEvent(rawBody: string, signature: string | null): Promise<Stripe.Event> {
  if (!config.stripe.webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  try {
    return await stripe().webhooks.constructEventAsync(rawBody, signature, config.stripe.webhookSecret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature');
  }
}

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Whether the money is in: a delayed method (bank debit, ...) completes Checkout 'unpaid' and settles later. */
function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

async function activate(tx: Transaction, session: Stripe.Checkout.Session, createdAt: Date): Promise<void> {
  if (!isPaid(session)) return;
  const userId = Number(session.client_reference_id ?? session.metadata?.userId);
  const user = Number.isInteger(userId) ? await tx.query.users.findFirst({ where: eq(users.id, userId) }) : undefined;
  if (!user) return;
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  if (subscription) {
    // A paid session means the subscription was active (or in its trial) when this event was created.
    const held = await findSubscription(tx, subscription);
    const status = held && entitles(held) ? held.status : 'active';
    const { state } = await recordSubscription(tx, subscription, { status, eventCreatedAt: createdAt, userId: user.id, customerId: customer });
    if (isEnded(state)) return;
    if (!entitles(state)) {
      // A newer event says it is not paid for: hold the link, so that paying later restores Premium.
      await tx.update(users).set({ stripeCustomerId: customer ?? user.stripeCustomerId, stripeSubscriptionId: subscription, updatedAt: new Date() }).where(eq(users.id, user.id));
      return;
    }
  }
  await grantPremium(user.id, { stripeCustomerId: customer ?? user.stripeCustomerId, stripeSubscriptionId: subscription }, tx);
  await enqueueEmail(await premiumActivatedEmail(user), tx);
}

/** The account a subscription belongs to: the one recorded with it, else the one holding it or its customer. */
async function owner(tx: Transaction, subscription: string, userId: number | null, customer: string | null): Promise<User | undefined> {
  if (userId !== null) return tx.query.users.findFirst({ where: eq(users.id, userId) });
  const holder = await tx.query.users.findFirst({ where: eq(users.stripeSubscriptionId, subscription) });
  if (holder || !customer) return holder;
  return tx.query.users.findFirst({ where: eq(users.stripeCustomerId, customer) });
}

async function follow(tx: Transaction, subscription: Stripe.Subscription, deleted: boolean, createdAt: Date): Promise<void> {
  const customer = idOf(subscription.customer);
  const user = await owner(tx, subscription.id, (await findSubscription(tx, subscription.id))?.userId ?? null, customer);
  // current_period_end lives on each item since API version 2025-03-31; the latest one bounds the subscription.
  const periodEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end);
  const { state, applied } = await recordSubscription(tx, subscription.id, {
    status: subscription.status ?? 'canceled',
    eventCreatedAt: createdAt,
    userId: user?.id ?? null,
    customerId: customer,
    currentPeriodEnd: periodEnds.length > 0 ? fromSeconds(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    endedAt: subscription.ended_at ? fromSeconds(subscription.ended_at) : deleted ? createdAt : null,
  });
  // Only the subscription the account holds decides its Premium: a late event of an earlier one, or
  // Premium an admin granted, is left alone.
  if (!applied || !user || user.stripeSubscriptionId !== subscription.id) return;
  if (entitles(state)) {
    if (!user.isPremium) await grantPremium(user.id, {}, tx);
    return;
  }
  await tx
    .update(users)
    .set({ isPremium: false, ...(isEnded(state) ? { stripeSubscriptionId: null } : {}), updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** Applies an event once; a redelivered event changes nothing. Returns whether it was new. */
export async function handleEvent(event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    const createdAt = fromSeconds(event.created);
    switch (event.type) {
      // An unpaid completed session waits for async_payment_succeeded; async_payment_failed grants nothing.
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await activate(tx, event.data.object, createdAt);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
      case 'customer.subscription.deleted':
        await follow(tx, event.data.object, event.type === 'customer.subscription.deleted', createdAt);
        break;
    }
    return true;
  });
}
