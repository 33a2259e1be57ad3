// Payments: Stripe Checkout through the official SDK when STRIPE_SECRET_KEY is set; otherwise the
// development mode of SPEC.md (a checkout address with mock=true, and the account upgraded at once).
import Stripe from 'stripe';
import type { Plan } from '../../lib/contract';
import { config } from '../config';
import { HttpError } from '../plugins/errors';

export function paymentsConfigured(): boolean {
  return Boolean(config.stripe.secretKey);
}

let client: Stripe | undefined;

/** The Stripe client; STRIPE_API_BASE points it at a local double in tests. */
export function stripe(): Stripe {
  if (!client) {
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined;
    client = new Stripe(config.stripe.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }
  return client;
}

interface CheckoutCustomer {
  id: number;
  email: string;
  stripeCustomerId: string | null;
}

/** A Stripe Checkout session for a Premium subscription; returns its address. */
export async function createCheckout(user: CheckoutCustomer, plan: Plan): Promise<string> {
  const price = plan === 'annual' ? config.stripe.annualPriceId : config.stripe.monthlyPriceId;
  if (!price) throw new HttpError(503, `Payments lack permission to sell the ${plan} plan: no Stripe price is configured`);
  const session = await stripe()
    .checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    client_reference_id: String(user.id),
    ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
    metadata: { userId: String(user.id), plan },
    success_url: `${config.siteUrl}/dashboard?upgrade=success`,
    cancel_url: `${config.siteUrl}/pricing?upgrade=cancelled`,
    })
    .catch((error: unknown) => {
      // Stripe's own words (e.g. a restricted key's missing permissions) reach the toast.
      throw new HttpError(502, error instanceof Error ? error.message : 'The payment provider did not answer');
    });
  if (!session.url) throw new HttpError(502, 'The payment provider returned no checkout address');
  return session.url;
}
