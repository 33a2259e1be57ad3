// Early access (docs/decisions/0105): whether a feature flag is on for a viewer, decided on the server from the
// feature_flags table (a flag without a row has DEFAULT_FLAG_AUDIENCE).
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { featureFlags } from '../../db/schema';
import { DEFAULT_FLAG_AUDIENCE, type FeatureFlag, type FlagAudience } from '../../lib/feature-flags';

export async function flagAudience(flag: FeatureFlag): Promise<FlagAudience> {
  const [row] = await db
    .select({ audience: featureFlags.audience })
    .from(featureFlags)
    .where(eq(featureFlags.key, flag));
  return row?.audience ?? DEFAULT_FLAG_AUDIENCE;
}

/** Whether `flag` is on for this viewer (null: signed out). */
export async function earlyAccessOn(flag: FeatureFlag, viewer: { isPremium: boolean } | null): Promise<boolean> {
  const audience = await flagAudience(flag);
  return audience === 'everyone' || (audience === 'premium' && Boolean(viewer?.isPremium));
}
