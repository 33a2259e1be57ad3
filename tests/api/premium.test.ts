// POST /api/premium/upgrade: development mode upgrades at once; with Stripe keys it answers Checkout's address.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { call, reloadUser, signedIn } from '../helpers/api';
import { deliverWebhook, useStripeDouble, useStripeKeys } from '../helpers/stripe';

describe('POST /api/premium/upgrade in development mode', () => {
  it('answers 401 signed out', async () => {
    expect((await call('POST', '/api/premium/upgrade')).status).toBe(401);
  });

  it('upgrades the account and answers a checkout address with mock=true', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/premium/upgrade', { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).checkoutUrl).toContain('mock=true');
    const after = await reloadUser(user.id);
    expect(after).toMatchObject({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 0 });
  });

  it('refuses an account that is already premium', async () => {
    const { cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3 });
    expect((await call('POST', '/api/premium/upgrade', { cookie })).status).toBe(409);
  });
});

describe('POST /api/premium/upgrade in production without Stripe', () => {
  const wasProduction = config.isProduction;
  beforeAll(() => {
    config.isProduction = true;
  });
  afterAll(() => {
    config.isProduction = wasProduction;
  });

  it('answers 503 and leaves the account as it was', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'annual' } });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('Payments are not configured');
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: false,
      premiumToolsAllowed: user.premiumToolsAllowed,
    });
  });
});

describe('POST /api/premium/upgrade with Stripe', () => {
  useStripeKeys('whsec_upgrade');
  const { calls: seen } = useStripeDouble();
  beforeAll(() => {
    config.stripe.annualPriceId = 'price_annual';
    config.stripe.monthlyPriceId = 'price_monthly';
  });
  afterEach(() => {
    seen.length = 0;
  });

  it('creates a subscription Checkout session and answers its address', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'monthly' } });
    expect(res.status).toBe(200);
    expect((await res.json()).checkoutUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(seen[0].auth).toBe('Bearer sk_test_123');
    expect(seen[0].body.get('mode')).toBe('subscription');
    expect(seen[0].body.get('line_items[0][price]')).toBe('price_monthly');
    expect(seen[0].body.get('client_reference_id')).toBe(String(user.id));
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });
});

describe('POST /api/premium/webhook', () => {
  const secret = 'whsec_test_secret';
  useStripeKeys(secret);
  const deliver = (event: object, sign = true) => deliverWebhook(event, sign ? secret : 'whsec_wrong');

  // Stripe's `created`, in seconds; each test buys its own subscription.
  const created = 1_760_000_000;
  const session = (userId: number, payment_status: string, subscription = `sub_${userId}`) => ({
    id: `cs_${userId}`,
    object: 'checkout.session',
    client_reference_id: String(userId),
    customer: 'cus_1',
    subscription,
    metadata: {},
    payment_status,
  });
  const completed = (id: string, userId: number) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    data: { object: session(userId, 'paid') },
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { user } = await signedIn();
    const res = await deliver(completed('evt_bad', user.id), false);
    expect(res.status).toBe(400);
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });

  it('grants Premium once per event, even when Stripe redelivers it', async () => {
    const { user } = await signedIn();
    const first = await deliver(completed('evt_1', user.id));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: true,
      premiumToolsAllowed: 3,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: `sub_${user.id}`,
    });
    const again = await deliver(completed('evt_1', user.id));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it('ends Premium when the subscription is deleted', async () => {
    const { user } = await signedIn();
    await deliver(completed('evt_2', user.id));
    await deliver({
      id: 'evt_3',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: created + 60,
      data: { object: { id: `sub_${user.id}`, object: 'subscription', status: 'canceled' } },
    });
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });

  it('waits for a delayed payment to clear before granting Premium', async () => {
    const { user } = await signedIn();
    const unpaid = await deliver({
      id: 'evt_4',
      object: 'event',
      type: 'checkout.session.completed',
      created,
      data: { object: session(user.id, 'unpaid') },
    });
    expect(unpaid.status).toBe(200);
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, stripeSubscriptionId: null });
    const cleared = await deliver({
      id: 'evt_5',
      object: 'event',
      type: 'checkout.session.async_payment_succeeded',
      created: created + 60,
      data: { object: session(user.id, 'paid') },
    });
    expect(cleared.status).toBe(200);
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: true,
      premiumToolsAllowed: 3,
      stripeSubscriptionId: `sub_${user.id}`,
    });
  });

  it('grants nothing when a delayed payment fails', async () => {
    const { user } = await signedIn();
    await deliver({
      id: 'evt_6',
      object: 'event',
      type: 'checkout.session.completed',
      created,
      data: { object: session(user.id, 'unpaid') },
    });
    const failed = await deliver({
      id: 'evt_7',
      object: 'event',
      type: 'checkout.session.async_payment_failed',
      created: created + 60,
      data: { object: session(user.id, 'unpaid') },
    });
    expect(failed.status).toBe(200);
    expect((await reloadUser(user.id))?.isPremium).toBe(false);
  });

  it('grants Premium for a completed session that needs no payment', async () => {
    const { user } = await signedIn();
    await deliver({
      id: 'evt_8',
      object: 'event',
      type: 'checkout.session.completed',
      created,
      data: { object: session(user.id, 'no_payment_required') },
    });
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
  });
});
