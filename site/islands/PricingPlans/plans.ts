// The two Premium plans and their benefits (SPEC.md section 2, Pricing): monthly has the first six, annual all eight.
import { ANNUAL_PRICE, ANNUAL_SAVING, MONTHLY_PRICE } from '../../../lib/constants';

const BENEFITS = [
  'Priority placement at the top of the directory and category pages',
  'A feature in our newsletter, in front of professionals choosing AI tools',
  'Advanced analytics: daily charts of the views and clicks your listings earn',
  'Priority support from our editorial team',
  'Custom branding: your colour, a cover image, screenshots and a demo video',
  'Tool performance metrics: 30- and 90-day views and Visit Tool clicks per tool',
  'Early access to new features and listing formats',
  'A dedicated account manager',
] as const;

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
    benefits: BENEFITS,
    popular: true,
    saving: ANNUAL_SAVING,
  },
];
