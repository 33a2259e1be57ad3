// Stripe webhooks delivered out of order and again: Premium follows the newest state of each subscription.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { reloadUser, signedIn } from '../helpers/api';
import { T0, deliverWebhook, stripeEvent, subscriptionEvent, useStripeKeys } from '../helpers/stripe';

const secret = 'whsec_order_secret';

useStripeKeys(secret);

/** POSTs an event to the webhook with a real Stripe signature; Stripe must hear 200. */
async function deliver(event: object): Promise<Response> {
  const res = await deliverWebhook(event, secret);
  expect(res.status).toBe(200);
  return res;
}

let seq = 0;
const ids = () => {
  seq += 1;
  return { sub: `sub_${seq}`, cus: `cus_${seq}` };
};

/** A paid Checkout session of `sub` for the account. */
function completed(userId: number, sub: string, cus: string, created: number, type = 'checkout.session.completed') {
  return stripeEvent(type, created, {
    id: `cs_${sub}`,
    object: 'checkout.session',
    client_reference_id: String(userId),
    customer: cus,
    subscription: sub,
    metadata: {},
    payment_status: 'paid',
  });
}

const deleted = (sub: string, cus: string, created: number) =>
  subscriptionEvent('customer.subscription.deleted', sub, cus, created, { status: 'canceled' });
const updated = (sub: string, cus: string, status: string, created: number) =>
  subscriptionEvent('customer.subscription.updated', sub, cus, created, { status });

const held = (sub: string) => db.query.subscriptions.findFirst({ where: eq(subscriptions.id, sub) });

describe('checkout.session.completed and customer.subscription.deleted, in either order', () => {
  it('completed, then deleted: Premium ends', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(completed(user.id, sub, cus, T0));
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
    await deliver(deleted(sub, cus, T0 + 60));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, stripeSubscriptionId: null });
  });

  it('deleted delivered before its completed: Premium is never granted', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(deleted(sub, cus, T0 + 60));
    await deliver(completed(user.id, sub, cus, T0));
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: false,
      premiumToolsAllowed: user.premiumToolsAllowed,
    });
    expect(await held(sub)).toMatchObject({ status: 'canceled', userId: user.id, customerId: cus });
  });

  it('deleted before an async payment clears: Premium is never granted', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(deleted(sub, cus, T0 + 60));
    await deliver(completed(user.id, sub, cus, T0 + 30, 'checkout.session.async_payment_succeeded'));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });

  it('deleted and completed in the same second, either order: the ended subscription wins', async () => {
    for (const order of ['completed first', 'deleted first']) {
      const { user } = await signedIn();
      const { sub, cus } = ids();
      const pair = [completed(user.id, sub, cus, T0), deleted(sub, cus, T0)];
      for (const event of order === 'completed first' ? pair : pair.reverse()) await deliver(event);
      expect((await reloadUser(user.id))?.isPremium, order).toBe(false);
    }
  });
});

describe('customer.subscription.updated', () => {
  it('an unpaid subscription ends Premium, and paying again restores it', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(completed(user.id, sub, cus, T0));
    await deliver(updated(sub, cus, 'past_due', T0 + 100));
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
    await deliver(updated(sub, cus, 'unpaid', T0 + 200));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, stripeSubscriptionId: sub });
    await deliver(updated(sub, cus, 'active', T0 + 300));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub });
  });

  it('an activation delivered before its checkout: the checkout still grants Premium', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(subscriptionEvent('customer.subscription.created', sub, cus, T0, { status: 'trialing' }));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
    await deliver(completed(user.id, sub, cus, T0));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub });
    expect(await held(sub)).toMatchObject({ status: 'trialing', userId: user.id });
  });

  it('an event older than the state already held changes nothing', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(completed(user.id, sub, cus, T0));
    await deliver(updated(sub, cus, 'unpaid', T0 + 200));
    // Stripe retries the earlier "active" after the later "unpaid" was applied.
    await deliver(updated(sub, cus, 'active', T0 + 100));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
    expect(await held(sub)).toMatchObject({ status: 'unpaid', eventCreatedAt: new Date((T0 + 200) * 1000) });
  });

  it('an update older than the deletion does not bring Premium back', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(completed(user.id, sub, cus, T0));
    await deliver(deleted(sub, cus, T0 + 200));
    await deliver(updated(sub, cus, 'active', T0 + 100));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });

  it('records the state: status, period end from the items, cancel at period end', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    await deliver(completed(user.id, sub, cus, T0));
    const event = updated(sub, cus, 'active', T0 + 100);
    event.data.object.cancel_at_period_end = true;
    await deliver(event);
    expect(await held(sub)).toMatchObject({
      userId: user.id,
      customerId: cus,
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date((T0 + 30 * 86_400) * 1000),
      endedAt: null,
    });
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
  });

  it('an incomplete subscription and its activation in the same second, either order: Premium stays', async () => {
    for (const order of ['created first', 'updated first']) {
      const { user } = await signedIn();
      const { sub, cus } = ids();
      const pair = [
        subscriptionEvent('customer.subscription.created', sub, cus, T0, { status: 'incomplete' }),
        updated(sub, cus, 'active', T0),
      ];
      await deliver(completed(user.id, sub, cus, T0));
      for (const event of order === 'created first' ? pair : pair.reverse()) await deliver(event);
      expect((await reloadUser(user.id))?.isPremium, order).toBe(true);
      expect((await held(sub))?.status, order).toBe('active');
    }
  });
});

describe('which account an event changes', () => {
  it('a late deletion of an earlier subscription leaves the Premium of the current one', async () => {
    const { user } = await signedIn();
    const { sub: first, cus } = ids();
    const { sub: second } = ids();
    await deliver(completed(user.id, first, cus, T0));
    await deliver(completed(user.id, second, cus, T0 + 500));
    await deliver(deleted(first, cus, T0 + 400));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, stripeSubscriptionId: second });
  });

  it('a subscriber from before subscriptions were recorded is found by the account', async () => {
    const { sub, cus } = ids();
    const { user } = await signedIn({
      isPremium: true,
      premiumToolsAllowed: 3,
      stripeCustomerId: cus,
      stripeSubscriptionId: sub,
    });
    await deliver(deleted(sub, cus, T0));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
    expect(await held(sub)).toMatchObject({ status: 'canceled', userId: user.id });
  });

  it('Premium granted by an admin is not taken by an event of a subscription the account does not hold', async () => {
    const { sub, cus } = ids();
    const { user } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, stripeCustomerId: cus });
    await deliver(updated(sub, cus, 'unpaid', T0));
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
    expect(await held(sub)).toMatchObject({ status: 'unpaid', userId: user.id });
  });
});

describe('redelivery', () => {
  it('the same event delivered again is applied once', async () => {
    const { user } = await signedIn();
    const { sub, cus } = ids();
    const first = completed(user.id, sub, cus, T0);
    await deliver(first);
    await deliver(deleted(sub, cus, T0 + 60));
    const again = await deliver(first);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });
});
