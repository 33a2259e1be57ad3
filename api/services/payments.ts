// Payments: Stripe Checkout through the official SDK when STRIPE_SECRET_KEY is set; otherwise the
// development mode of SPEC.md (a checkout address with mock=true, and the account upgraded at once).
import Stripe from 'stripe';
import type { Plan } from '../../lib/contract';
import { config } from '../config';
import { HttpError } from '../plugins/errors';

export function paymentsConfigured(): boolean {
  return Boolean(config.stripe.secretKey);
}

let client: { stripe: Stripe; key: string; base: string | undefined } | undefined;

/** The Stripe client for the key configured now; STRIPE_API_BASE points it at a local double in tests. */
export function stripe(): Stripe {
  const key = config.stripe.secretKey;
  const base = process.env.STRIPE_API_BASE || undefined;
  if (!client || client.key !== key || client.base !== base) {
    const url = base ? new URL(base) : undefined;
    const stripe = new Stripe(key, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(url
        ? { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    client = { stripe, key, base };
  }
  return client.stripe;
}

interface CheckoutCustomer {
  id: number;
  email: string;
  stripeCustomerId: string | null;
}

/** A Stripe Checkout session for a Premium subscription; returns its address. */
export async function createCheckout(user: CheckoutCustomer, plan: Plan): Promise<string> {
  const price = plan === 'annual' ? config.stripe.annualPriceId : config.stripe.monthlyPriceId;
  if (!price)
    throw new HttpError(503, `Payments lack permission to sell the ${plan} plan: no Stripe price is configured`);
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

/** The plan a Stripe price sells (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL), or null for a price we do not know. */
export function planOfPrice(priceId: string | null | undefined): Plan | null {
  if (!priceId) return null;
  if (priceId === config.stripe.annualPriceId) return 'annual';
  if (priceId === config.stripe.monthlyPriceId) return 'monthly';
  return null;
}

/** A Stripe Billing Portal session for the customer (change plan, cancel, card, invoices); returns its address. */
export async function createPortal(customer: string, returnUrl: string): Promise<string> {
  const session = await stripe()
    .billingPortal.sessions.create({ customer, return_url: returnUrl })
    .catch((error: unknown) => {
      throw new HttpError(502, error instanceof Error ? error.message : 'The payment provider did not answer');
    });
  return session.url;
}

/**
 * Tells Stripe to end a subscription when its paid period ends (closing an account, docs/decisions/0097): no renewal,
 * no refund, Premium until then. Stripe confirms with customer.subscription.updated, which the webhook applies.
 */
export async function cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
  await stripe().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
}
