// The member's Premium on the dashboard: the plan, "Premium until {date}" once cancelled (or when it renews), a
// banner when a payment failed with a way to update the card, and Manage subscription (Stripe's Billing Portal, or
// development mode's local billing page). For free users only a note after Stripe Checkout sent them back, while its
// webhook has yet to make them Premium; otherwise their way in is the Upgrade button.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { longDate } from '../../../lib/format';
import { membershipPeriod, membershipTitle } from '../../../lib/membership';
import { $membership, openPortal } from '../../stores/premium';
import { useUser } from '../../stores/use-user';

/** Back from Stripe Checkout (its success_url) before Stripe's webhook arrived: the payment is still being confirmed. */
function CheckoutConfirming() {
  const { data: user } = useUser();
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    setReturned(query.get('upgrade') === 'success' && !query.has('mock'));
  }, []);
  if (!returned || !user || user.isPremium) return null;
  return (
    <div role="status" className="alert alert-info mt-8" data-testid="checkout-confirming">
      <span>
        Thank you! Stripe is confirming your payment. Premium appears here within a minute: refresh this page to see it.
      </span>
    </div>
  );
}

export default function Membership() {
  const { data: membership } = useStore($membership);
  const [opening, setOpening] = useState(false);
  if (!membership?.isPremium) return <CheckoutConfirming />;

  async function manage() {
    setOpening(true);
    if (!(await openPortal())) setOpening(false);
  }

  const period = membershipPeriod(membership);
  return (
    <div className="card bg-base-100 border border-base-200 mt-8" data-testid="membership">
      <div className="card-body gap-3">
        {membership.paymentFailed && (
          <div role="alert" className="alert alert-error" data-testid="payment-failed">
            <span>
              Your last payment for Premium failed
              {membership.paymentFailedAt ? ` on ${longDate(membership.paymentFailedAt)}` : ''}. Update your card to
              keep your Premium features.
            </span>
            {membership.manageable && (
              <button type="button" className="btn btn-sm" onClick={() => void manage()} disabled={opening}>
                Update card
              </button>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="card-title">{membershipTitle(membership)}</h2>
            {period && <p className="text-sm text-base-content/80 mt-1">{period}</p>}
          </div>
          {membership.manageable && (
            <button type="button" className="btn btn-outline" onClick={() => void manage()} disabled={opening}>
              {opening ? 'Opening...' : 'Manage subscription'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
