// Helpers for Stripe tests: test keys for the file's duration, events POSTed with a real signature, and a local double
// of Stripe's HTTP API that records what it was asked.
import { afterAll, beforeAll } from 'vitest';
import { config } from '../../api/config';

/** Sets Stripe test keys (and this webhook secret) for the tests of the calling file or describe block. */
export function useStripeKeys(webhookSecret: string): void {
  beforeAll(() => {
    config.stripe.secretKey = 'sk_test_123';
    config.stripe.webhookSecret = webhookSecret;
  });
  afterAll(() => {
    config.stripe.secretKey = '';
    config.stripe.webhookSecret = '';
  });
}

/** POSTs an event to the webhook, signed with `secret` the way Stripe signs it. */
export async function deliverWebhook(event: object, secret: string): Promise<Response> {
  const { stripe } = await import('../../api/services/payments');
  const payload = JSON.stringify(event);
  const header = stripe().webhooks.generateTestHeaderString({ payload, secret });
  const { app } = await import('../../api/app');
  return app.handle(
    new Request('http://localhost:4321/api/premium/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      body: payload,
    }),
  );
}

/** One request the Stripe double received: its path and its form-encoded body. */
export interface StripeCall {
  path: string;
  body: URLSearchParams;
  auth: string | null;
}

/**
 * A local double of Stripe's API for the calling file or describe block (STRIPE_API_BASE points the SDK at it): it
 * answers Checkout and Billing Portal sessions and subscription updates as Stripe would and records every request in
 * `calls`.
 */
export function useStripeDouble(): { calls: StripeCall[] } {
  const calls: StripeCall[] = [];
  let server: ReturnType<typeof Bun.serve> | undefined;
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        const body = new URLSearchParams(await request.text());
        calls.push({ path: url.pathname, body, auth: request.headers.get('authorization') });
        const n = calls.length;
        if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          return Response.json({
            id: `cs_test_${n}`,
            object: 'checkout.session',
            mode: body.get('mode'),
            url: `https://checkout.stripe.com/c/pay/cs_test_${n}`,
          });
        }
        if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
          const customer = body.get('customer');
          if (!customer?.startsWith('cus_')) {
            return Response.json(
              { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } },
              { status: 400 },
            );
          }
          return Response.json({
            id: `bps_${n}`,
            object: 'billing_portal.session',
            customer,
            return_url: body.get('return_url'),
            url: `https://billing.stripe.com/p/session/bps_${n}`,
          });
        }
        const subscription = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9_]+)$/.exec(url.pathname);
        if (request.method === 'POST' && subscription) {
          return Response.json({
            id: subscription[1],
            object: 'subscription',
            status: 'active',
            cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
          });
        }
        return Response.json(
          {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
            },
          },
          { status: 404 },
        );
      },
    });
    process.env.STRIPE_API_BASE = `http://localhost:${server.port}`;
  });
  afterAll(() => {
    server?.stop(true);
    delete process.env.STRIPE_API_BASE;
  });
  return { calls };
}

/** Stripe's `created` of the events the tests send, in seconds, and a day in seconds. */
export const T0 = 1_760_000_000;
export const DAY = 86_400;

/** An event as Stripe sends it, around `object`. */
export const stripeEvent = <T extends object>(type: string, created: number, object: T) => ({
  id: `evt_${crypto.randomUUID()}`,
  object: 'event',
  type,
  created,
  data: { object },
});

/** A customer.subscription.* event of subscription `sub` of customer `cus`, with one item (its price when given). */
export function subscriptionEvent(
  type: string,
  sub: string,
  cus: string,
  created: number,
  {
    status = 'active',
    priceId,
    cancelAtPeriodEnd = false,
    periodEnd = T0 + 30 * DAY,
  }: { status?: string; priceId?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  const item = {
    id: `si_${sub}`,
    object: 'subscription_item',
    ...(priceId ? { price: { id: priceId, object: 'price' } } : {}),
    current_period_start: T0,
    current_period_end: periodEnd,
  };
  return stripeEvent(type, created, {
    id: sub,
    object: 'subscription',
    customer: cus,
    status,
    created: T0,
    cancel_at_period_end: cancelAtPeriodEnd,
    ended_at: status === 'canceled' ? created : null,
    metadata: {},
    items: { object: 'list', data: [item] },
  });
}
