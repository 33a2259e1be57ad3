// The dashboard's Upgrade to Premium: a button opening the plan choice (both plans, their prices and the annual
// saving, as on the pricing page); choosing one starts Checkout for it (site/stores/premium.ts).
import { useState } from 'react';
import { PREMIUM_SUBMISSIONS } from '../../../lib/constants';
import type { Plan } from '../../../lib/contract';
import Modal from '../../components/Modal';
import { startCheckout } from '../../stores/premium';
import { PLANS } from '../PricingPlans/plans';

export default function UpgradeButton() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Plan | null>(null);

  async function choose(plan: Plan) {
    setPending(plan);
    // On success the browser leaves (or reloads in development mode): stay pending until then.
    if (!(await startCheckout(plan))) setPending(null);
  }

  return (
    <>
      <button type="button" className="btn btn-warning" onClick={() => setOpen(true)} disabled={pending !== null}>
        {pending ? 'Processing...' : 'Upgrade to Premium'}
      </button>
      {open && (
        <Modal title="Choose your Premium plan" onClose={() => setOpen(false)} size="lg" testId="plan-choice">
          <p className="text-sm text-base-content/80 mb-4">
            Both plans include {PREMIUM_SUBMISSIONS} premium tool submissions. Cancel anytime: Premium stays until the
            end of the period paid for.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {PLANS.map((plan) => (
              <section
                key={plan.id}
                aria-labelledby={`choice-${plan.id}`}
                className={`card border ${plan.popular ? 'border-primary border-2' : 'border-base-300'}`}
              >
                <div className="card-body p-5 gap-3">
                  <div className="flex items-center justify-between gap-2">
                    <h4 id={`choice-${plan.id}`} className="font-bold">
                      {plan.name}
                    </h4>
                    {plan.popular && <span className="badge badge-primary badge-sm">Most Popular</span>}
                  </div>
                  <p className="flex items-baseline gap-1">
                    <span className="text-3xl font-extrabold">${plan.price}</span>
                    <span className="text-base-content/80">/{plan.period}</span>
                  </p>
                  <p className="min-h-6">
                    {plan.saving ? (
                      <span className="badge border-0 bg-emerald-100 text-emerald-800 font-semibold">
                        Save ${plan.saving}
                      </span>
                    ) : (
                      <span className="text-sm text-base-content/80">Billed monthly, cancel anytime</span>
                    )}
                  </p>
                  <button
                    type="button"
                    className={`btn ${plan.popular ? 'btn-primary' : 'btn-outline'}`}
                    disabled={pending !== null}
                    onClick={() => void choose(plan.id)}
                  >
                    {pending === plan.id ? 'Processing...' : `Choose ${plan.name}`}
                  </button>
                </div>
              </section>
            ))}
          </div>
          <p className="mt-4 text-sm">
            <a href="/pricing" className="link">
              Compare the plans' benefits
            </a>
          </p>
        </Modal>
      )}
    </>
  );
}
