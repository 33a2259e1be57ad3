// The dashboard's tool performance metrics (docs/decisions/0054-tool-metrics.md): the range shown, the totals of the
// user's tools over it (GET /api/user/tools/metrics) and the chosen tool's daily series (GET /api/user/tools/{id}/metrics).
// Fetched only when signed in; cached and never retried like every island's call (stores/user.ts).
import { atom, computed } from 'nanostores';
import { METRICS_RANGES } from '../../lib/constants';
import { apiUrl, type Answer } from '../../lib/api-client';
import { $user, createFetcherStore } from './user';

export type MetricsRange = (typeof METRICS_RANGES)[number];
export type ToolMetricsAnswer = Answer<'GET /api/user/tools/:id/metrics'>;

export const $metricsRange = atom<MetricsRange>(METRICS_RANGES[0]);
/** The tool whose chart is shown; null is the first (most viewed) of the summary. */
export const $metricsTool = atom<number | null>(null);

export const $toolMetricsSummary = createFetcherStore<Answer<'GET /api/user/tools/metrics'>>([
  computed([$user, $metricsRange], ({ data }, days) =>
    data ? apiUrl('GET /api/user/tools/metrics', { query: { days } }) : null,
  ),
]);

/** The chosen tool's series: only asked for by Premium members (the server answers totals alone to anyone else). */
export const $toolMetrics = createFetcherStore<ToolMetricsAnswer>([
  computed([$user, $metricsRange, $metricsTool, $toolMetricsSummary], ({ data: user }, days, chosen, summary) => {
    const id = chosen ?? summary.data?.tools[0]?.toolId;
    return user?.isPremium && id
      ? apiUrl('GET /api/user/tools/:id/metrics', { params: { id }, query: { days } })
      : null;
  }),
]);
