// Helpers for Stripe webhook tests: test keys for the file's duration, and events POSTed with a real signature.
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
