// The plan cards: signed out a plan leads to /auth; premium members see 'Current Plan'; signed in the choice is logged
// (checkout is wired by the payments feature).
import { PREMIUM_SUBMISSIONS } from '../../../lib/constants';
import { useUser } from '../../stores/use-user';
import { PLANS, type Plan } from './plans';

function choose(plan: Plan): void {
  console.info('Plan selected', plan.id);
}

export default function PricingPlans() {
  const { data: user } = useUser();
  return (
    <div className="grid gap-8 md:grid-cols-2 items-stretch">
      {PLANS.map((plan) => (
        <section
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          data-testid={`plan-${plan.id}`}
          className={`relative card bg-base-100 ${plan.popular ? 'border-2 border-primary shadow-xl' : 'border border-base-300 shadow-sm'}`}
        >
          {plan.popular && (
            <span className="badge badge-primary font-semibold absolute -top-3 left-1/2 -translate-x-1/2 px-4">Most Popular</span>
          )}
          <div className="card-body gap-5 p-8">
            <div>
              <h2 id={`plan-${plan.id}`} className="text-xl font-bold">
                {plan.name}
              </h2>
              <p className="grow-0 mt-4 flex items-baseline gap-1">
                <span className="text-5xl font-extrabold tracking-tight">${plan.price}</span>
                <span className="text-base-content/80">/{plan.period}</span>
              </p>
              <p className="grow-0 mt-2 min-h-6">
                {plan.saving ? (
                  <span className="badge border-0 bg-emerald-100 text-emerald-800 font-semibold">Save ${plan.saving}</span>
                ) : (
                  <span className="text-sm text-base-content/80">Billed monthly, cancel anytime</span>
                )}
              </p>
            </div>
            <p className="grow-0 text-sm text-base-content/80">Includes {PREMIUM_SUBMISSIONS} premium tool submissions with screenshots and a demo video.</p>
            <ul className="space-y-3 flex-1">
              {plan.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3">
                  <svg className="h-5 w-5 shrink-0 text-success" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                    <path fillRule="evenodd" d="M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 111.4-1.4L8 12.6l7.3-7.3a1 1 0 011.4 0z" clipRule="evenodd" />
                  </svg>
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
            <PlanButton plan={plan} signedIn={Boolean(user)} premium={Boolean(user?.isPremium)} />
          </div>
        </section>
      ))}
    </div>
  );
}

function PlanButton({ plan, signedIn, premium }: { plan: Plan; signedIn: boolean; premium: boolean }) {
  const tone = plan.popular ? 'btn-primary' : 'btn-outline';
  const label = `Choose ${plan.name}`;
  if (premium) {
    return (
      <button type="button" className={`btn btn-lg ${tone}`} disabled>
        Current Plan
      </button>
    );
  }
  if (!signedIn) {
    return (
      <a href="/auth" className={`btn btn-lg ${tone}`}>
        {label}
      </a>
    );
  }
  return (
    <button type="button" className={`btn btn-lg ${tone}`} onClick={() => choose(plan)}>
      {label}
    </button>
  );
}
