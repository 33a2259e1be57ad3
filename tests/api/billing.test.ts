// Buying and managing Premium against a local double of Stripe's API: Checkout per plan, the Billing Portal, the
// membership the dashboard reads, development mode's billing page, and the webhooks that change a membership.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import type { User } from '../../db/schema';
import { toolChangeTags } from '../../lib/cache-tags';
import { MSG } from '../../lib/messages';
import { makeTool, emailsTo, rebuildsFor, reloadTool } from '../helpers/admin';
import { call, reloadUser, signedIn } from '../helpers/api';
import {
  DAY,
  T0,
  deliverWebhook,
  stripeEvent,
  subscriptionEvent,
  useStripeDouble,
  useStripeKeys,
} from '../helpers/stripe';

const PRICES = { monthly: 'price_monthly_test', annual: 'price_annual_test' };

beforeAll(() => {
  config.stripe.monthlyPriceId = PRICES.monthly;
  config.stripe.annualPriceId = PRICES.annual;
});
afterAll(() => {
  config.stripe.monthlyPriceId = '';
  config.stripe.annualPriceId = '';
});

const membershipOf = async (cookie: string) => {
  const res = await call('GET', '/api/premium/subscription', { cookie });
  expect(res.status).toBe(200);
  return res.json();
};

/** Runs `body` with the production flag set. */
async function inProduction(body: () => Promise<void>): Promise<void> {
  const was = config.isProduction;
  config.isProduction = true;
  try {
    await body();
  } finally {
    config.isProduction = was;
  }
}

describe('development mode (no Stripe key)', () => {
  it('the mock upgrade records the plan chosen, and the membership says it', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'monthly' } });
    expect(res.status).toBe(200);
    expect((await res.json()).checkoutUrl).toContain('mock=true');
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, premiumPlan: 'monthly' });
    expect(await membershipOf(cookie)).toEqual({
      isPremium: true,
      plan: 'monthly',
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      paymentFailedAt: null,
      manageable: true,
    });
  });

  it('refuses a plan that does not exist and changes nothing', async () => {
    const { user, cookie } = await signedIn();
    const res = await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'weekly' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Plan must be monthly or annual');
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, premiumPlan: null });
  });

  it('the membership is for signed-in users only', async () => {
    expect((await call('GET', '/api/premium/subscription')).status).toBe(401);
    expect((await call('POST', '/api/premium/portal')).status).toBe(401);
    expect((await call('POST', '/api/premium/dev/cancel')).status).toBe(401);
  });

  it('a member manages the membership on the local billing page; a free user has nothing to manage', async () => {
    const member = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumPlan: 'annual' });
    const portal = await call('POST', '/api/premium/portal', { cookie: member.cookie });
    expect(portal.status).toBe(200);
    expect(await portal.json()).toEqual({ portalUrl: `${config.siteUrl}/dashboard/billing` });
    const free = await signedIn();
    const refused = await call('POST', '/api/premium/portal', { cookie: free.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe(MSG.noMembershipToManage);
    expect((await membershipOf(free.cookie)).manageable).toBe(false);
  });

  it('cancelling on the billing page ends Premium like a deleted subscription: tools lose premium, the quota stays used', async () => {
    const { user, cookie } = await signedIn({
      isPremium: true,
      premiumToolsAllowed: 3,
      premiumToolsUsed: 2,
      premiumPlan: 'annual',
    });
    const live = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    const pending = await makeTool({ submittedById: user.id, status: 'pending', isPremium: true });
    const free = await makeTool({ submittedById: user.id, status: 'approved' });
    const res = await call('POST', '/api/premium/dev/cancel', { cookie });
    expect(res.status).toBe(200);
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: false,
      premiumPlan: null,
      premiumToolsAllowed: 3,
      premiumToolsUsed: 2,
    });
    expect(await reloadTool(live.id)).toMatchObject({ status: 'approved', isPremium: false, premiumLapsed: true });
    expect(await reloadTool(pending.id)).toMatchObject({ isPremium: false, premiumLapsed: true });
    expect(await reloadTool(free.id)).toMatchObject({ isPremium: false, premiumLapsed: false });
    // Only the public tool's pages change, and they are queued so they are never stale.
    const [job] = await rebuildsFor(live.slug);
    expect(job.tags).toEqual(expect.arrayContaining(toolChangeTags(live.slug, live.tags)));
    expect(job.reason).not.toContain(pending.slug);
    expect((await call('POST', '/api/premium/dev/cancel', { cookie })).status).toBe(409);
  });

  it('upgrading again gives the lapsed tools their premium presentation back', async () => {
    const { user, cookie } = await signedIn({
      isPremium: true,
      premiumToolsAllowed: 3,
      premiumToolsUsed: 1,
      premiumPlan: 'monthly',
    });
    const tool = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    await call('POST', '/api/premium/dev/cancel', { cookie });
    expect((await reloadTool(tool.id))?.isPremium).toBe(false);
    await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'annual' } });
    expect(await reloadTool(tool.id)).toMatchObject({ isPremium: true, premiumLapsed: false });
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, premiumPlan: 'annual', premiumToolsUsed: 1 });
    expect(await rebuildsFor(`membership renewed: ${tool.slug}`)).toHaveLength(1);
  });

  it('the billing page is not offered in production', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3 });
    await inProduction(async () => {
      expect((await call('POST', '/api/premium/dev/cancel', { cookie })).status).toBe(404);
      const portal = await call('POST', '/api/premium/portal', { cookie });
      expect(portal.status).toBe(503);
      expect((await membershipOf(cookie)).manageable).toBe(false);
    });
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
  });
});

describe('with Stripe: Checkout and the Billing Portal', () => {
  useStripeKeys('whsec_billing_portal');
  const stripe = useStripeDouble();
  beforeEach(() => {
    stripe.calls.length = 0;
  });

  it.each(['monthly', 'annual'] as const)(
    'Checkout for the %s plan sells its price to the signed-in user',
    async (plan) => {
      const { user, cookie } = await signedIn();
      const res = await call('POST', '/api/premium/upgrade', { cookie, body: { plan } });
      expect(res.status).toBe(200);
      expect((await res.json()).checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(stripe.calls).toHaveLength(1);
      const [{ path, body, auth }] = stripe.calls;
      expect(path).toBe('/v1/checkout/sessions');
      expect(auth).toBe('Bearer sk_test_123');
      expect(body.get('mode')).toBe('subscription');
      expect(body.get('line_items[0][price]')).toBe(PRICES[plan]);
      expect(body.get('client_reference_id')).toBe(String(user.id));
      expect(body.get('metadata[plan]')).toBe(plan);
      // A new customer is named by e-mail; Stripe creates the customer.
      expect(body.get('customer_email')).toBe(user.email);
      expect(body.has('customer')).toBe(false);
      expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, premiumPlan: null });
    },
  );

  it('Checkout for someone who was a customer before reuses their Stripe customer', async () => {
    const { cookie } = await signedIn({ stripeCustomerId: 'cus_returning' });
    expect((await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'annual' } })).status).toBe(200);
    expect(stripe.calls[0].body.get('customer')).toBe('cus_returning');
    expect(stripe.calls[0].body.has('customer_email')).toBe(false);
  });

  it('a member gets a Billing Portal session for their customer, returning to the dashboard', async () => {
    const { cookie } = await signedIn({
      isPremium: true,
      premiumToolsAllowed: 3,
      stripeCustomerId: 'cus_member',
      stripeSubscriptionId: 'sub_member',
    });
    const res = await call('POST', '/api/premium/portal', { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).portalUrl).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripe.calls).toHaveLength(1);
    expect(stripe.calls[0].path).toBe('/v1/billing_portal/sessions');
    expect(stripe.calls[0].body.get('customer')).toBe('cus_member');
    expect(stripe.calls[0].body.get('return_url')).toBe(`${config.siteUrl}/dashboard`);
  });

  it('Premium an admin granted has no Stripe customer: 409, and Stripe is not asked', async () => {
    const { cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3 });
    const res = await call('POST', '/api/premium/portal', { cookie });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.noStripeCustomer);
    expect(stripe.calls).toHaveLength(0);
    expect((await membershipOf(cookie)).manageable).toBe(false);
  });

  it("Stripe's refusal reaches the member as a 502 with Stripe's words", async () => {
    const { cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, stripeCustomerId: 'gone_customer' });
    const res = await call('POST', '/api/premium/portal', { cookie });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('No such customer');
  });

  it('the development billing page cannot cancel anything when Stripe is configured', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, stripeCustomerId: 'cus_x' });
    expect((await call('POST', '/api/premium/dev/cancel', { cookie })).status).toBe(404);
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
  });
});

describe('webhooks that change a membership', () => {
  const secret = 'whsec_billing_events';
  useStripeKeys(secret);
  useStripeDouble();

  async function deliver(event: object): Promise<void> {
    const res = await deliverWebhook(event, secret);
    expect(res.status).toBe(200);
  }

  let seq = 0;
  /** A member who bought `plan` through Checkout at T0: their account, session cookie, subscription and customer. */
  async function subscriber(plan: 'monthly' | 'annual' = 'monthly', values: Partial<User> = {}) {
    seq += 1;
    const sub = `sub_bill_${seq}`;
    const cus = `cus_bill_${seq}`;
    const { user, cookie } = await signedIn(values);
    await deliver(
      stripeEvent('checkout.session.completed', T0, {
        id: `cs_${sub}`,
        object: 'checkout.session',
        client_reference_id: String(user.id),
        customer: cus,
        subscription: sub,
        metadata: { userId: String(user.id), plan },
        payment_status: 'paid',
      }),
    );
    return { user, cookie, sub, cus };
  }

  function subscription(
    type: string,
    sub: string,
    cus: string,
    created: number,
    fields: { status?: string; plan?: 'monthly' | 'annual'; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
  ) {
    const { plan = 'monthly', ...rest } = fields;
    return subscriptionEvent(type, sub, cus, created, { ...rest, priceId: PRICES[plan] });
  }

  function invoice(
    type: 'invoice.paid' | 'invoice.payment_failed',
    sub: string | null,
    cus: string,
    created: number,
    periodEnd = T0 + 60 * DAY,
  ) {
    return stripeEvent(type, created, {
      id: `in_${crypto.randomUUID().slice(0, 8)}`,
      object: 'invoice',
      customer: cus,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/in_test',
      next_payment_attempt: type === 'invoice.payment_failed' ? created + 3 * DAY : null,
      parent: sub ? { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } } : null,
      lines: {
        object: 'list',
        data: [{ id: 'il_1', object: 'line_item', period: { start: periodEnd - 30 * DAY, end: periodEnd } }],
      },
    });
  }

  it('checkout records the plan bought', async () => {
    const { user, cookie } = await subscriber('annual');
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, premiumPlan: 'annual' });
    expect(await membershipOf(cookie)).toMatchObject({
      isPremium: true,
      plan: 'annual',
      status: 'active',
      manageable: true,
    });
  });

  it('customer.subscription.updated: a change of plan in the portal', async () => {
    const { user, cookie, sub, cus } = await subscriber('monthly');
    await deliver(subscription('customer.subscription.updated', sub, cus, T0 + 100, { plan: 'annual' }));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: true, premiumPlan: 'annual' });
    expect((await membershipOf(cookie)).plan).toBe('annual');
  });

  it('customer.subscription.updated: cancelling at period end keeps Premium until then', async () => {
    const { user, cookie, sub, cus } = await subscriber('annual');
    await deliver(
      subscription('customer.subscription.updated', sub, cus, T0 + 100, {
        plan: 'annual',
        cancelAtPeriodEnd: true,
        periodEnd: T0 + 365 * DAY,
      }),
    );
    expect((await reloadUser(user.id))?.isPremium).toBe(true);
    expect(await membershipOf(cookie)).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date((T0 + 365 * DAY) * 1000).toISOString(),
      plan: 'annual',
    });
  });

  it('an older plan change delivered after a newer one changes nothing', async () => {
    const { user, sub, cus } = await subscriber('monthly');
    await deliver(subscription('customer.subscription.updated', sub, cus, T0 + 200, { plan: 'annual' }));
    await deliver(subscription('customer.subscription.updated', sub, cus, T0 + 100, { plan: 'monthly' }));
    expect((await reloadUser(user.id))?.premiumPlan).toBe('annual');
  });

  it('customer.subscription.deleted: Premium ends, tools stay listed without premium presentation, the quota stays used', async () => {
    const { user, cookie, sub, cus } = await subscriber('monthly', { premiumToolsUsed: 1 });
    const tool = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    await deliver(subscription('customer.subscription.deleted', sub, cus, T0 + 500, { status: 'canceled' }));
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: false,
      premiumPlan: null,
      stripeSubscriptionId: null,
      premiumToolsAllowed: 3,
      premiumToolsUsed: 1,
    });
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'approved', isPremium: false, premiumLapsed: true });
    const [job] = await rebuildsFor(`membership ended: ${tool.slug}`);
    expect(job.tags).toEqual(expect.arrayContaining(toolChangeTags(tool.slug, tool.tags)));
    expect(await membershipOf(cookie)).toMatchObject({ isPremium: false, plan: null, manageable: true });
  });

  it('deleted delivered before an older update: Premium and the tools stay ended', async () => {
    const { user, sub, cus } = await subscriber('monthly');
    const tool = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    await deliver(subscription('customer.subscription.deleted', sub, cus, T0 + 500, { status: 'canceled' }));
    await deliver(subscription('customer.subscription.updated', sub, cus, T0 + 300, { plan: 'annual' }));
    expect(await reloadUser(user.id)).toMatchObject({ isPremium: false, premiumPlan: null });
    expect((await reloadTool(tool.id))?.isPremium).toBe(false);
  });

  it('subscribing again after the end gives the tools their premium presentation back', async () => {
    const { user, sub, cus } = await subscriber('monthly');
    const tool = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    await deliver(subscription('customer.subscription.deleted', sub, cus, T0 + 500, { status: 'canceled' }));
    await deliver(
      stripeEvent('checkout.session.completed', T0 + 900, {
        id: 'cs_again',
        object: 'checkout.session',
        client_reference_id: String(user.id),
        customer: cus,
        subscription: `${sub}_again`,
        metadata: { plan: 'annual' },
        payment_status: 'paid',
      }),
    );
    expect(await reloadUser(user.id)).toMatchObject({
      isPremium: true,
      premiumPlan: 'annual',
      stripeSubscriptionId: `${sub}_again`,
    });
    expect(await reloadTool(tool.id)).toMatchObject({ isPremium: true, premiumLapsed: false });
  });

  it('invoice.payment_failed: an e-mail with the invoice and the next attempt, and the dashboard banner', async () => {
    const { user, cookie, sub, cus } = await subscriber('monthly');
    await deliver(invoice('invoice.payment_failed', sub, cus, T0 + 30 * DAY));
    const [mail] = await emailsTo(user.email);
    expect(mail).toMatchObject({ kind: 'payment-failed', subject: 'Your Premium payment did not go through' });
    expect(mail.text).toContain('https://invoice.stripe.com/i/acct_test/in_test');
    expect(mail.text).toContain(`${config.siteUrl}/dashboard`);
    expect(await membershipOf(cookie)).toMatchObject({
      isPremium: true,
      paymentFailed: true,
      paymentFailedAt: new Date((T0 + 30 * DAY) * 1000).toISOString(),
    });
  });

  it('invoice.paid: a renewal moves the period end and clears a failed payment', async () => {
    const { cookie, sub, cus } = await subscriber('monthly');
    await deliver(invoice('invoice.payment_failed', sub, cus, T0 + 30 * DAY));
    await deliver(invoice('invoice.paid', sub, cus, T0 + 31 * DAY, T0 + 60 * DAY));
    expect(await membershipOf(cookie)).toMatchObject({
      isPremium: true,
      paymentFailed: false,
      paymentFailedAt: null,
      currentPeriodEnd: new Date((T0 + 60 * DAY) * 1000).toISOString(),
    });
  });

  it('paid delivered before an older failure: no banner and no e-mail', async () => {
    const { user, cookie, sub, cus } = await subscriber('monthly');
    await deliver(invoice('invoice.paid', sub, cus, T0 + 31 * DAY));
    await deliver(invoice('invoice.payment_failed', sub, cus, T0 + 30 * DAY));
    expect((await membershipOf(cookie)).paymentFailed).toBe(false);
    expect((await emailsTo(user.email)).filter((m) => m.kind === 'payment-failed')).toHaveLength(0);
  });

  it('paid and failed in the same second, either order: paid wins', async () => {
    for (const order of ['paid first', 'failed first']) {
      const { cookie, sub, cus } = await subscriber('monthly');
      const pair = [
        invoice('invoice.paid', sub, cus, T0 + 30 * DAY),
        invoice('invoice.payment_failed', sub, cus, T0 + 30 * DAY),
      ];
      for (const e of order === 'paid first' ? pair : pair.reverse()) await deliver(e);
      expect((await membershipOf(cookie)).paymentFailed, order).toBe(false);
    }
  });

  it('an older renewal does not move the period end back', async () => {
    const { cookie, sub, cus } = await subscriber('monthly');
    await deliver(subscription('customer.subscription.updated', sub, cus, T0 + 61 * DAY, { periodEnd: T0 + 90 * DAY }));
    await deliver(invoice('invoice.paid', sub, cus, T0 + 31 * DAY, T0 + 60 * DAY));
    expect((await membershipOf(cookie)).currentPeriodEnd).toBe(new Date((T0 + 90 * DAY) * 1000).toISOString());
  });

  it('a failed invoice before any subscription event is kept for the subscription checkout then brings', async () => {
    seq += 1;
    const sub = `sub_early_${seq}`;
    const cus = `cus_early_${seq}`;
    const { user, cookie } = await signedIn();
    await deliver(invoice('invoice.payment_failed', sub, cus, T0 + 10));
    await deliver(
      stripeEvent('checkout.session.completed', T0, {
        id: 'cs_early',
        object: 'checkout.session',
        client_reference_id: String(user.id),
        customer: cus,
        subscription: sub,
        metadata: { plan: 'annual' },
        payment_status: 'paid',
      }),
    );
    expect(await membershipOf(cookie)).toMatchObject({
      isPremium: true,
      plan: 'annual',
      status: 'active',
      paymentFailed: true,
    });
  });

  it("an invoice that is not a subscription's changes no membership", async () => {
    const { user, cookie, cus } = await subscriber('monthly');
    await deliver(invoice('invoice.payment_failed', null, cus, T0 + 30 * DAY));
    expect((await membershipOf(cookie)).paymentFailed).toBe(false);
    expect((await emailsTo(user.email)).filter((m) => m.kind === 'payment-failed')).toHaveLength(0);
  });
});

describe('a lapsed premium tool and the editors', () => {
  it('rejecting a submission that lapsed with the membership gives its slot back, and a new membership does not revive it', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 1 });
    const tool = await makeTool({ submittedById: user.id, status: 'pending', isPremium: true });
    await call('POST', '/api/premium/dev/cancel', { cookie });
    const staff = await signedIn({ role: 'staff' });
    const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, {
      cookie: staff.cookie,
      body: { rejectionReason: 'Not an AI tool.' },
    });
    expect(res.status).toBe(200);
    expect((await reloadUser(user.id))?.premiumToolsUsed).toBe(0);
    await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'monthly' } });
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'rejected', isPremium: false, premiumLapsed: false });
  });

  it("an editor's premium decision on a lapsed tool stands when the owner subscribes again", async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 1 });
    const tool = await makeTool({ submittedById: user.id, status: 'approved', isPremium: true });
    await call('POST', '/api/premium/dev/cancel', { cookie });
    const admin = await signedIn({ role: 'admin', isAdmin: true });
    // The editor makes it premium and then free again: the lapse is forgotten.
    for (const isPremium of [true, false]) {
      expect(
        (await call('POST', `/api/admin/tools/${tool.id}/premium`, { cookie: admin.cookie, body: { isPremium } }))
          .status,
      ).toBe(200);
    }
    await call('POST', '/api/premium/upgrade', { cookie, body: { plan: 'monthly' } });
    expect(await reloadTool(tool.id)).toMatchObject({ isPremium: false, premiumLapsed: false });
  });
});
