// Tool performance metrics (docs/decisions/0054-tool-metrics.md): the tool page's beacon (POST /api/metrics/beacon),
// an owner's daily views and Visit Tool clicks of one tool (GET /api/user/tools/{id}/metrics) and the totals of all
// their tools (GET /api/user/tools/metrics).
import { z } from 'zod';
import { BADGE_REF } from '../badge';
import { METRICS_RANGES } from '../constants';
import { MSG } from '../messages';

const METRIC_KINDS = ['view', 'click'] as const;

/** What the tool page's script sends with navigator.sendBeacon (as text/plain JSON: no CORS preflight). */
export const beaconSchema = z
  .strictObject(
    {
      toolId: z
        .number(MSG.metricsBeaconInvalid)
        .int(MSG.metricsBeaconInvalid)
        .positive(MSG.metricsBeaconInvalid)
        .max(Number.MAX_SAFE_INTEGER, MSG.metricsBeaconInvalid),
      kind: z.enum(METRIC_KINDS, MSG.metricsBeaconInvalid),
      /** A view of a page reached through the tool's badge (?ref=badge, docs/decisions/0109): a badge visit too. */
      ref: z.enum([BADGE_REF], MSG.metricsBeaconInvalid).optional(),
    },
    MSG.metricsBeaconInvalid,
  )
  .refine((beacon) => beacon.ref === undefined || beacon.kind === 'view', MSG.metricsBeaconInvalid);
export type Beacon = z.infer<typeof beaconSchema>;

/** The beacon's answer: 204 without a body, whether it was counted or not. */
export const beaconAnswerSchema = z.undefined();

/** `days`: the range, today included (30 unless given). */
export const metricsQuerySchema = z.object({
  days: z
    .enum(METRICS_RANGES.map(String) as ['30', '90'], MSG.metricsDays)
    .default('30')
    .transform(Number),
});

const count = z.number().int().nonnegative();

/** One UTC day (YYYY-MM-DD) of a tool's counts. */
const metricsDaySchema = z.strictObject({ day: z.string(), views: count, clicks: count });
export type MetricsDay = z.infer<typeof metricsDaySchema>;

/**
 * GET /api/user/tools/{id}/metrics: the range's totals for every owner; the per-day series (every day of the range,
 * oldest first, zeros included) only for Premium members; for others `series` is null and `chartsArePremium` says why.
 */
export const toolMetricsSchema = z.strictObject({
  toolId: z.number().int(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  views: count,
  clicks: count,
  /** Visits through the tool's badge (docs/decisions/0109): views that came from a badge's link. */
  badgeVisits: count,
  chartsArePremium: z.boolean(),
  series: z.array(metricsDaySchema).nullable(),
});
export type ToolMetrics = z.infer<typeof toolMetricsSchema>;

/** GET /api/user/tools/metrics: each of the user's tools with a view or click in the range, most viewed first. */
export const toolMetricsSummarySchema = z.strictObject({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  tools: z.array(
    z.strictObject({
      toolId: z.number().int(),
      name: z.string(),
      slug: z.string(),
      views: count,
      clicks: count,
      badgeVisits: count,
    }),
  ),
});
export type ToolMetricsSummary = z.infer<typeof toolMetricsSummarySchema>;
