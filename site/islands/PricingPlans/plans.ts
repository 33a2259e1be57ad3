// The two Premium plans and their benefits (SPEC.md section 2, Pricing): monthly has the first six, annual all eight.
// Each says what the software does (docs/decisions/0110): the slot allowance, the early-access feature, the manager.
import { ANNUAL_PRICE, ANNUAL_SAVING, MONTHLY_PRICE } from '../../../lib/constants';
import { FEATURE_FLAG_LABELS, FEATURE_FLAGS } from '../../../lib/feature-flags';
import { SLOT_ALLOWANCE } from '../../../lib/newsletter';

const slots = (n: number) => `${n === 1 ? 'A featured slot' : `${n} featured slots`} a quarter in our weekly digest`;
const earlyAccess = FEATURE_FLAGS.map((flag) => FEATURE_FLAG_LABELS[flag].toLowerCase()).join(', ');

const BENEFITS = [
  'Priority placement at the top of the directory and category pages',
  `${slots(SLOT_ALLOWANCE.monthly)}, labelled as paid placement, apart from the editors' picks`,
  'Advanced analytics: daily charts of the views and clicks your listings earn',
  'Priority support from our editorial team',
  'Custom branding: your colour, a cover image, screenshots and a demo video',
  'Tool performance metrics: 30- and 90-day views and Visit Tool clicks per tool',
  `Early access to new features, now: ${earlyAccess}`,
  'A dedicated account manager you can message from your dashboard',
] as const;

/** The Annual plan's benefits: all eight, with its larger featured-slot allowance. */
const ANNUAL_BENEFITS = BENEFITS.map((benefit, i) =>
  i === 1 ? benefit.replace(slots(SLOT_ALLOWANCE.monthly), slots(SLOT_ALLOWANCE.annual)) : benefit,
);

type PlanId = 'monthly' | 'annual';

export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  period: 'month' | 'year';
  benefits: readonly string[];
  popular: boolean;
  saving: number | null;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'monthly',
    name: 'Monthly Plan',
    price: MONTHLY_PRICE,
    period: 'month',
    benefits: BENEFITS.slice(0, 6),
    popular: false,
    saving: null,
  },
  {
    id: 'annual',
    name: 'Annual Plan',
    price: ANNUAL_PRICE,
    period: 'year',
    benefits: ANNUAL_BENEFITS,
    popular: true,
    saving: ANNUAL_SAVING,
  },
];
