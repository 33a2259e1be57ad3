// Stripe webhooks: signature checked on the raw body; each event handled once (payment_events).
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { db } from '../../db/client';
import { paymentEvents, users } from '../../db/schema';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { config } from '../config';
import { HttpError } from '../plugins/errors';
import { enqueueEmail, simpleEmail } from '../services/email';
import { stripe } from '../services/payments';
import { grantPremium } from './service';

export async function verifyEvent(rawBody: string, signature: string | null): Promise<Stripe.Event> {
  if (!config.stripe.webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  try {
    return await stripe().webhooks.constructEventAsync(rawBody, signature, config.stripe.webhookSecret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature');
  }
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Whether the money is in: a delayed method (bank debit, ...) completes Checkout 'unpaid' and settles later. */
function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

async function activate(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  if (!isPaid(session)) return;
  const userId = Number(session.client_reference_id ?? session.metadata?.userId);
  const user = Number.isInteger(userId) ? await tx.query.users.findFirst({ where: eq(users.id, userId) }) : undefined;
  if (!user) return;
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  const subscription = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
  await grantPremium(user.id, { stripeCustomerId: customer ?? user.stripeCustomerId, stripeSubscriptionId: subscription }, tx);
  await enqueueEmail(
    simpleEmail(user.email, 'premium-activated', 'Welcome to Premium', [
      `Hi ${user.firstName || 'there'},`,
      `Your Premium membership is active. You can now submit up to ${PREMIUM_SUBMISSIONS} premium tools with screenshots and a demo video.`,
      `Submit a tool: ${config.siteUrl}/submit`,
    ]),
    tx,
  );
}

async function deactivate(tx: Tx, subscription: Stripe.Subscription): Promise<void> {
  await tx.update(users).set({ isPremium: false, stripeSubscriptionId: null, updatedAt: new Date() }).where(eq(users.stripeSubscriptionId, subscription.id));
}

/** Applies an event once; a redelivered event changes nothing. Returns whether it was new. */
export async function handleEvent(event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    // An unpaid completed session waits for async_payment_succeeded; async_payment_failed grants nothing.
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') await activate(tx, event.data.object);
    else if (event.type === 'customer.subscription.deleted') await deactivate(tx, event.data.object);
    return true;
  });
}
