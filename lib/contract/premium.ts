// Premium: POST /api/premium/upgrade answers the checkout address; GET /api/premium/subscription the membership;
// POST /api/premium/portal where to manage it; POST /api/premium/webhook is Stripe's (its body is the raw signed
// bytes, checked by signature rather than by a schema).
import { z } from 'zod';
import { timestampSchema } from './common';

export const PLANS = ['monthly', 'annual'] as const;
export type Plan = (typeof PLANS)[number];

/** The pricing page sends no body: the annual plan. */
export const upgradeSchema = z.object({
  plan: z.enum(PLANS, 'Plan must be monthly or annual').optional().default('annual'),
});

/** Where the browser goes next: Stripe Checkout, or in development mode the dashboard with mock=true. */
export const checkoutSchema = z.strictObject({ checkoutUrl: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** What Stripe is told: the event was taken, and whether it had been handled before. */
export const webhookReceiptSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });

/**
 * The signed-in member's membership, for the dashboard (never part of GET /api/user, which is on the hot path).
 * status is Stripe's subscription status, null without a Stripe subscription (mock or admin-granted Premium);
 * manageable: POST /api/premium/portal can open somewhere to manage it.
 */
export const membershipSchema = z.strictObject({
  isPremium: z.boolean(),
  plan: z.enum(PLANS).nullable(),
  status: z.string().nullable(),
  currentPeriodEnd: timestampSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentFailed: z.boolean(),
  paymentFailedAt: timestampSchema.nullable(),
  manageable: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** Where the browser goes to manage the membership: Stripe's Billing Portal, or in development mode a local page. */
export const portalSchema = z.strictObject({ portalUrl: z.string() });
export type Portal = z.infer<typeof portalSchema>;
