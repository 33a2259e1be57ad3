// Premium membership: upgrading an account and what it grants.
import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { users, type User } from '../../db/schema';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { conflict, HttpError } from '../plugins/errors';
import { config } from '../config';
import type { Checkout, Plan } from '../../lib/contract';
import { createCheckout, paymentsConfigured } from '../services/payments';

/** The premium submission quota after Premium is granted: at least PREMIUM_SUBMISSIONS; a larger one is kept. */
export function premiumQuota(allowed: number): number {
  return Math.max(allowed, PREMIUM_SUBMISSIONS);
}

/** Grants Premium: the flag and at least the premium submission quota; pass a transaction to join it. */
export async function grantPremium(userId: number, changes: Partial<User>, tx: Executor): Promise<void> {
  await tx
    .update(users)
    .set({
      ...changes,
      isPremium: true,
      premiumToolsAllowed: sql`max(${users.premiumToolsAllowed}, ${PREMIUM_SUBMISSIONS})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Starts an upgrade: a Stripe Checkout address, or in development mode (never in production) the upgrade itself. */
export async function startUpgrade(user: User, plan: Plan): Promise<Checkout> {
  if (user.isPremium) throw conflict('Your account is already Premium');
  if (!paymentsConfigured()) {
    // The free mock upgrade is a development convenience; in production it would give Premium away.
    if (config.isProduction) throw new HttpError(503, 'Payments are not configured');
    await grantPremium(user.id, {}, db);
    return { checkoutUrl: `${config.siteUrl}/dashboard?upgrade=success&mock=true` };
  }
  return { checkoutUrl: await createCheckout(user, plan) };
}
