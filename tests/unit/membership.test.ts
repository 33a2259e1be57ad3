// The dashboard's words for a membership: the plan, and "Premium until" once it is cancelled at period end.
import { describe, expect, it } from 'vitest';
import { membershipPeriod, membershipTitle } from '../../lib/membership';

describe('membershipTitle', () => {
  it('names the plan, or just Premium when it is not known', () => {
    expect(membershipTitle({ plan: 'annual' })).toBe('Premium - Annual plan');
    expect(membershipTitle({ plan: 'monthly' })).toBe('Premium - Monthly plan');
    expect(membershipTitle({ plan: null })).toBe('Premium');
  });
});

describe('membershipPeriod', () => {
  const end = '2027-03-05T12:00:00.000Z';
  it('says until when Premium lasts once cancelled, else when it renews', () => {
    expect(membershipPeriod({ currentPeriodEnd: end, cancelAtPeriodEnd: true })).toBe('Premium until March 5, 2027');
    expect(membershipPeriod({ currentPeriodEnd: end, cancelAtPeriodEnd: false })).toBe('Renews on March 5, 2027');
  });

  it('says nothing without a period (development mode, Premium an admin granted)', () => {
    expect(membershipPeriod({ currentPeriodEnd: null, cancelAtPeriodEnd: true })).toBeNull();
  });
});
