// Category ids, their labels and colours, and the pricing model options (SPEC.md section 3).
export const CATEGORY_IDS = [
  'content-creation',
  'data-analysis',
  'design',
  'development',
  'marketing',
  'productivity',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORIES: readonly { id: CategoryId; label: string; badgeClass: string }[] = [
  { id: 'content-creation', label: 'Content Creation', badgeClass: 'bg-violet-100 text-violet-800' },
  { id: 'data-analysis', label: 'Data Analysis', badgeClass: 'bg-sky-100 text-sky-800' },
  { id: 'design', label: 'Design', badgeClass: 'bg-pink-100 text-pink-800' },
  { id: 'development', label: 'Development', badgeClass: 'bg-emerald-100 text-emerald-800' },
  { id: 'marketing', label: 'Marketing', badgeClass: 'bg-orange-100 text-orange-800' },
  { id: 'productivity', label: 'Productivity', badgeClass: 'bg-amber-100 text-amber-800' },
];

export function categoryBadgeClass(tag: string | undefined): string {
  return CATEGORIES.find((c) => c.id === tag)?.badgeClass ?? 'bg-base-200 text-base-content';
}

export const PRICING_MODELS = ['free', 'freemium', 'free-trial', 'paid', 'contact-for-price'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const ROLES = ['user', 'guest_reviewer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
