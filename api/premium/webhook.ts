// Stripe webhooks: signature checked on the raw body; each event handled once (payment_events) in one
// transaction. Stripe delivers out of order and retries for days, so Premium follows the newest state
// of the account's subscription (subscriptions.ts), never the order events happen to arrive in.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { db, type Transaction } from '../../db/client';
import { paymentEvents, subscriptions, users, type User } from '../../db/schema';
import { PLANS, type Plan } from '../../lib/contract';
import { config } from '../config';
import { HttpError } from '../plugins/errors';
import { paymentFailedEmail, premiumActivatedEmail } from '../emails';
import { enqueueEmail } from '../services/email';
import { planOfPrice, stripe } from '../services/payments';
import { grantPremium, revokePremium } from './service';
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

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Whether the money is in: a delayed method (bank debit, ...) completes Checkout 'unpaid' and settles later. */
function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

/** The plan the Checkout session was started for (its metadata, set by createCheckout). */
function planOfSession(session: Stripe.Checkout.Session): Plan | null {
  const plan = session.metadata?.plan;
  return PLANS.find((p) => p === plan) ?? null;
}

async function activate(tx: Transaction, session: Stripe.Checkout.Session, createdAt: Date): Promise<void> {
  if (!isPaid(session)) return;
  const plan = planOfSession(session);
  const userId = Number(session.client_reference_id ?? session.metadata?.userId);
  const user = Number.isInteger(userId) ? await tx.query.users.findFirst({ where: eq(users.id, userId) }) : undefined;
  if (!user) return;
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  let premiumPlan = plan;
  if (subscription) {
    // A paid session means the subscription was active (or in its trial) when this event was created.
    const held = await findSubscription(tx, subscription);
    const status = held && entitles(held) ? held.status : 'active';
    // The plan of a newer event (a change of plan) wins over the one the session was started for.
    const { state } = await recordSubscription(tx, subscription, {
      status,
      eventCreatedAt: createdAt,
      userId: user.id,
      customerId: customer,
      plan: held?.plan ?? plan,
    });
    premiumPlan = state.plan ?? plan;
    if (isEnded(state)) return;
    if (!entitles(state)) {
      // A newer event says it is not paid for: hold the link, so that paying later restores Premium.
      await tx
        .update(users)
        .set({
          stripeCustomerId: customer ?? user.stripeCustomerId,
          stripeSubscriptionId: subscription,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      return;
    }
  }
  await grantPremium(
    user.id,
    { stripeCustomerId: customer ?? user.stripeCustomerId, stripeSubscriptionId: subscription, premiumPlan },
    tx,
  );
  await enqueueEmail(await premiumActivatedEmail(user), tx);
}

/** The account a subscription belongs to: the one recorded with it, else the one holding it or its customer. */
async function owner(
  tx: Transaction,
  subscription: string,
  userId: number | null,
  customer: string | null,
): Promise<User | undefined> {
  if (userId !== null) return tx.query.users.findFirst({ where: eq(users.id, userId) });
  const holder = await tx.query.users.findFirst({ where: eq(users.stripeSubscriptionId, subscription) });
  if (holder || !customer) return holder;
  return tx.query.users.findFirst({ where: eq(users.stripeCustomerId, customer) });
}

async function follow(
  tx: Transaction,
  subscription: Stripe.Subscription,
  deleted: boolean,
  createdAt: Date,
): Promise<void> {
  const customer = idOf(subscription.customer);
  const user = await owner(
    tx,
    subscription.id,
    (await findSubscription(tx, subscription.id))?.userId ?? null,
    customer,
  );
  // current_period_end lives on each item since API version 2025-03-31; the latest one bounds the subscription.
  const items = subscription.items?.data ?? [];
  const periodEnds = items.map((item) => item.current_period_end);
  // A plan change (in the Billing Portal) swaps the item's price.
  const plan = items.map((item) => planOfPrice(item.price?.id)).find((p) => p !== null);
  const { state, applied } = await recordSubscription(tx, subscription.id, {
    status: subscription.status ?? 'canceled',
    eventCreatedAt: createdAt,
    userId: user?.id ?? null,
    customerId: customer,
    currentPeriodEnd: periodEnds.length > 0 ? fromSeconds(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    endedAt: subscription.ended_at ? fromSeconds(subscription.ended_at) : deleted ? createdAt : null,
    ...(plan ? { plan } : {}),
  });
  // Only the subscription the account holds decides its Premium: a late event of an earlier one, or
  // Premium an admin granted, is left alone.
  if (!applied || !user || user.stripeSubscriptionId !== subscription.id) return;
  if (entitles(state)) {
    if (!user.isPremium) await grantPremium(user.id, { premiumPlan: state.plan ?? user.premiumPlan }, tx);
    else if (state.plan && state.plan !== user.premiumPlan)
      await tx.update(users).set({ premiumPlan: state.plan, updatedAt: new Date() }).where(eq(users.id, user.id));
    return;
  }
  if (user.isPremium || isEnded(state)) await revokePremium(user.id, isEnded(state), tx);
}

/**
 * invoice.paid (a renewal: the new period's end, and a failed payment cleared) and invoice.payment_failed (the
 * dashboard's banner and an e-mail). The newest invoice event of a subscription wins; in the same second, paid wins.
 */
async function settleInvoice(
  tx: Transaction,
  invoice: Stripe.Invoice,
  failed: boolean,
  createdAt: Date,
): Promise<void> {
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  // A one-off invoice is not the membership's.
  if (!subscription) return;
  const customer = idOf(invoice.customer);
  let held = await findSubscription(tx, subscription);
  const user = await owner(tx, subscription, held?.userId ?? null, customer);
  if (!held) {
    // The invoice came first: a placeholder any subscription event supersedes (it is older than all of them).
    ({ state: held } = await recordSubscription(tx, subscription, {
      status: 'incomplete',
      eventCreatedAt: new Date(0),
      userId: user?.id ?? null,
      customerId: customer,
    }));
  }
  const at = createdAt.getTime();
  const heldAt = held.invoiceEventAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (at < heldAt || (at === heldAt && failed)) return;
  const periodEnds = (invoice.lines?.data ?? []).map((line) => line.period.end).filter((end) => end > 0);
  const paidUntil = !failed && periodEnds.length > 0 ? fromSeconds(Math.max(...periodEnds)) : null;
  // A renewal only moves the period end forward: a newer subscription event may already hold a later one.
  const currentPeriodEnd =
    paidUntil && (!held.currentPeriodEnd || paidUntil > held.currentPeriodEnd) ? paidUntil : held.currentPeriodEnd;
  await tx
    .update(subscriptions)
    .set({
      invoiceEventAt: createdAt,
      paymentFailedAt: failed ? createdAt : null,
      currentPeriodEnd,
      userId: held.userId ?? user?.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscription));
  if (failed && user) {
    const nextAttemptAt = invoice.next_payment_attempt ? fromSeconds(invoice.next_payment_attempt) : null;
    await enqueueEmail(
      await paymentFailedEmail(user, { invoiceUrl: invoice.hosted_invoice_url ?? null, nextAttemptAt }),
      tx,
    );
  }
}

/** Applies an event once; a redelivered event changes nothing. Returns whether it was new. */
export async function handleEvent(event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
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
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await settleInvoice(tx, event.data.object, event.type === 'invoice.payment_failed', createdAt);
        break;
    }
    return true;
  });
}
