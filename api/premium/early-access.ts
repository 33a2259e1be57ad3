// Early access (docs/decisions/0110): whether a feature flag is on for a viewer, decided on the server from the
// feature_flags table (a flag without a row has DEFAULT_FLAG_AUDIENCE), and the admin setting who a flag is on for.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { featureFlags } from '../../db/schema';
import type { AdminFlag } from '../../lib/contract';
import {
  DEFAULT_FLAG_AUDIENCE,
  FEATURE_FLAG_LABELS,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FlagAudience,
} from '../../lib/feature-flags';
import { recordAudit } from '../audit';

export async function flagAudience(flag: FeatureFlag): Promise<FlagAudience> {
  const [row] = await db
    .select({ audience: featureFlags.audience })
    .from(featureFlags)
    .where(eq(featureFlags.key, flag));
  return row?.audience ?? DEFAULT_FLAG_AUDIENCE;
}

/** Whether a flag of `audience` is on for this viewer (null: signed out). */
export const onFor = (audience: FlagAudience, viewer: { isPremium: boolean } | null) =>
  audience === 'everyone' || (audience === 'premium' && Boolean(viewer?.isPremium));

/** Every flag with who it is on for, in FEATURE_FLAGS order: one query. */
export async function allFlags(): Promise<AdminFlag[]> {
  const rows = await db.select({ key: featureFlags.key, audience: featureFlags.audience }).from(featureFlags);
  const set = new Map(rows.map((row) => [row.key, row.audience]));
  return FEATURE_FLAGS.map((key) => ({
    key,
    label: FEATURE_FLAG_LABELS[key],
    audience: set.get(key) ?? DEFAULT_FLAG_AUDIENCE,
  }));
}

/** GET /api/early-access: each flag, on or off for this viewer. */
export async function earlyAccessFlags(viewer: { isPremium: boolean } | null): Promise<Record<FeatureFlag, boolean>> {
  const flags = await allFlags();
  return Object.fromEntries(flags.map((flag) => [flag.key, onFor(flag.audience, viewer)])) as Record<
    FeatureFlag,
    boolean
  >;
}

/** The admin turns a flag off, on for Premium members first, or on for everyone; audited. */
export async function setFlagAudience(flag: FeatureFlag, audience: FlagAudience, actorId: number): Promise<AdminFlag> {
  const before = await flagAudience(flag);
  await db.transaction(async (tx) => {
    await tx
      .insert(featureFlags)
      .values({ key: flag, audience, updatedById: actorId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: featureFlags.key, set: { audience, updatedById: actorId, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId,
      action: 'flag.set',
      entityType: 'feature_flag',
      // A flag's key is text; its place in FEATURE_FLAGS names it in the log, beside the key in before/after.
      entityId: FEATURE_FLAGS.indexOf(flag) + 1,
      before: { key: flag, audience: before },
      after: { key: flag, audience },
    });
  });
  return { key: flag, label: FEATURE_FLAG_LABELS[flag], audience };
}
