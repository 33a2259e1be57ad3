// How the dashboard words a Premium membership (GET /api/premium/subscription): its title and its period.
import type { Plan } from './contract';
import { longDate } from './format';

/** "Premium - Annual plan", or "Premium" when the plan is not known (Premium an admin granted). */
export function membershipTitle(membership: { plan: Plan | null }): string {
  if (!membership.plan) return 'Premium';
  return `Premium - ${membership.plan === 'annual' ? 'Annual' : 'Monthly'} plan`;
}

/** "Premium until {date}" once cancelled at period end, "Renews on {date}" otherwise; null without a known period. */
export function membershipPeriod(membership: {
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
}): string | null {
  if (!membership.currentPeriodEnd) return null;
  const date = longDate(membership.currentPeriodEnd);
  return membership.cancelAtPeriodEnd ? `Premium until ${date}` : `Renews on ${date}`;
}
