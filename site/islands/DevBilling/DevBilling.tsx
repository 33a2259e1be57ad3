// Development mode's stand-in for Stripe's Billing Portal (POST /api/premium/portal sends members here when no Stripe
// key is set): what the portal would offer, and a way to cancel, which ends Premium as a deleted subscription does.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { logError, serverMessage } from '../../../lib/http';
import { TOAST } from '../../../lib/messages';
import { membershipTitle } from '../../../lib/membership';
import { $membership, cancelDevMembership } from '../../stores/premium';
import { showToast } from '../../stores/toast';
import { sentToLogin } from '../../stores/user';
import { useSignedInUser } from '../../stores/use-user';
import { PageSpinner } from '../../components/PageSpinner';

const PORTAL_OFFERS = [
  ['Change plan', 'Switch between the Monthly and Annual plans; Stripe prorates the difference.'],
  [
    'Cancel at period end',
    'Premium stays until the end of the period already paid for, then ends; the dashboard says "Premium until" that date.',
  ],
  ['Update card', 'Replace the card on file, for example after a failed payment.'],
  ['Invoices', 'See and download every invoice and receipt.'],
] as const;

export default function DevBilling() {
  const { data: user } = useSignedInUser();
  const { data: membership } = useStore($membership);
  const [cancelling, setCancelling] = useState(false);

  if (!user) {
    return <PageSpinner />;
  }

  async function cancel() {
    setCancelling(true);
    try {
      await cancelDevMembership();
      showToast({ ...TOAST.membershipCancelled, variant: 'success' }, { next: '/dashboard' });
      window.location.assign('/dashboard');
    } catch (error) {
      logError(error);
      if (!sentToLogin(error))
        showToast({ title: TOAST.portalFailed, description: serverMessage(error), variant: 'destructive' });
      setCancelling(false);
    }
  }

  return (
    <section className="max-w-3xl mx-auto px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">Development Mode</p>
      <h1 className="text-3xl font-bold mt-1">Manage subscription</h1>
      <p className="mt-3 text-base-content/80">
        With Stripe configured (STRIPE_SECRET_KEY), Manage subscription opens Stripe's Billing Portal for the member's
        customer and returns to the dashboard. There the member can:
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {PORTAL_OFFERS.map(([title, text]) => (
          <li key={title} className="card bg-base-100 border border-base-200">
            <div className="card-body p-5 gap-1">
              <strong className="font-semibold">{title}</strong>
              <span className="text-sm text-base-content/80">{text}</span>
            </div>
          </li>
        ))}
      </ul>
      <div className="card bg-base-100 border border-base-200 mt-8">
        <div className="card-body gap-4">
          {user.isPremium ? (
            <>
              <h2 className="card-title">{membership ? membershipTitle(membership) : 'Premium'}</h2>
              <p className="text-base-content/80">
                Without Stripe there is no billing period: cancelling here ends Premium at once, as Stripe's
                customer.subscription.deleted does. Your premium tools stay listed without their premium presentation,
                and come back if you upgrade again.
              </p>
              <div>
                <button type="button" className="btn btn-error" onClick={() => void cancel()} disabled={cancelling}>
                  {cancelling ? 'Cancelling...' : 'Cancel Premium'}
                </button>
              </div>
            </>
          ) : (
            <p className="text-base-content/80">
              You have no Premium membership to manage.{' '}
              <a href="/pricing" className="link">
                See the plans
              </a>
              .
            </p>
          )}
        </div>
      </div>
      <p className="mt-6">
        <a href="/dashboard" className="link">
          Back to Dashboard
        </a>
      </p>
    </section>
  );
}
