// Early-access features (docs/decisions/0110): each is off, on for Premium members first, or on for everyone. The
// server decides (api/premium/early-access.ts); pages and islands only show what it answered. Pure.

export const FEATURE_FLAGS = ['three-way-compare'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const FLAG_AUDIENCES = ['off', 'premium', 'everyone'] as const;
export type FlagAudience = (typeof FLAG_AUDIENCES)[number];

/** What a flag does, for the admin panel and the pricing page. */
export const FEATURE_FLAG_LABELS: Record<FeatureFlag, string> = {
  'three-way-compare': 'Compare three tools side by side',
};

/** A flag nobody has set yet: on for Premium members first. */
export const DEFAULT_FLAG_AUDIENCE: FlagAudience = 'premium';
