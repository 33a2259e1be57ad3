// Premium: POST /api/premium/upgrade answers the checkout address; POST /api/premium/webhook is Stripe's (its body is
// the raw signed bytes, checked by signature rather than by a schema).
import { z } from 'zod';

export const PLANS = ['monthly', 'annual'] as const;
export type Plan = (typeof PLANS)[number];

/** The pricing page sends no body: the annual plan. */
export const upgradeSchema = z.object({ plan: z.enum(PLANS, 'Plan must be monthly or annual').optional().default('annual') });
export type UpgradeInput = z.infer<typeof upgradeSchema>;

/** Where the browser goes next: Stripe Checkout, or in development mode the dashboard with mock=true. */
export const checkoutSchema = z.strictObject({ checkoutUrl: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** What Stripe is told: the event was taken, and whether it had been handled before. */
export const webhookReceiptSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
