// The dashboard's Tool Performance card (docs/decisions/0054-tool-metrics.md): page views and Visit Tool clicks of the
// member's tools over the last 30 or 90 days; Premium members also see a chosen tool's chart, others a line saying
// charts come with Premium.
import { useStore } from '@nanostores/react';
import { METRICS_RANGES } from '../../../lib/constants';
import { STACKED_TABLE } from '../../components/stacked-table';
import { $metricsRange, $metricsTool, $toolMetrics, $toolMetricsSummary } from '../../stores/tool-metrics';
import MetricsChart from './MetricsChart';

export default function ToolMetrics({ premium }: { premium: boolean }) {
  const days = useStore($metricsRange);
  const chosen = useStore($metricsTool);
  const summary = useStore($toolMetricsSummary);
  const metrics = useStore($toolMetrics);
  const tools = summary.data?.tools ?? [];
  const shownId = chosen ?? tools[0]?.toolId;
  const shownName = tools.find((t) => t.toolId === shownId)?.name ?? '';
  const shown = metrics.data;
  const series = shown && shown.toolId === shownId && shown.days === days ? shown.series : null;

  return (
    <section
      className="card bg-base-100 border border-base-200 mt-8"
      aria-labelledby="tool-metrics-title"
      data-testid="tool-metrics"
    >
      <div className="card-body">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="tool-metrics-title" className="card-title">
            Tool Performance
          </h2>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons outside any form: a <fieldset> is for form controls and needs a <legend> */}
          <div className="join" role="group" aria-label="Range">
            {METRICS_RANGES.map((range) => (
              <button
                key={range}
                type="button"
                className={`btn btn-sm join-item ${range === days ? 'btn-active btn-neutral' : ''}`}
                aria-pressed={range === days}
                onClick={() => $metricsRange.set(range)}
              >
                Last {range} days
              </button>
            ))}
          </div>
        </div>

        {summary.error && !summary.loading ? (
          <p className="text-base-content/80" role="alert">
            Your tools' performance could not be loaded.
          </p>
        ) : !summary.data ? (
          <div className="flex justify-center py-6">
            <span className="loading loading-spinner" role="status" aria-label="Loading" />
          </div>
        ) : tools.length === 0 ? (
          <p className="text-base-content/80">No page views or Visit Tool clicks in the last {days} days yet.</p>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className={STACKED_TABLE} aria-label={`Page views and Visit Tool clicks in the last ${days} days`}>
                <thead>
                  <tr>
                    <th scope="col">Tool</th>
                    <th scope="col">Page views</th>
                    <th scope="col">Visit Tool clicks</th>
                    <th scope="col">Badge visits</th>
                    {premium && <th scope="col">Chart</th>}
                  </tr>
                </thead>
                <tbody>
                  {tools.map((tool) => (
                    <tr key={tool.toolId} data-testid="metrics-row">
                      <td data-label="Tool" className="font-medium">
                        {tool.name}
                      </td>
                      <td data-label="Page views" data-testid="metrics-views">
                        {tool.views}
                      </td>
                      <td data-label="Visit Tool clicks" data-testid="metrics-clicks">
                        {tool.clicks}
                      </td>
                      <td data-label="Badge visits" data-testid="metrics-badge-visits">
                        {tool.badgeVisits}
                      </td>
                      {premium && (
                        <td data-label="Chart">
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            aria-pressed={tool.toolId === shownId}
                            onClick={() => $metricsTool.set(tool.toolId)}
                          >
                            Show chart<span className="sr-only"> of {tool.name}</span>
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {!premium ? (
              <p className="text-sm text-base-content/80" data-testid="metrics-premium-note">
                Daily charts come with Premium.{' '}
                <a href="/pricing" className="link link-primary">
                  See Premium plans
                </a>
              </p>
            ) : series ? (
              <MetricsChart toolName={shownName} series={series} />
            ) : metrics.error && !metrics.loading ? (
              <p className="text-base-content/80" role="alert">
                The chart could not be loaded.
              </p>
            ) : (
              <div className="flex justify-center py-6">
                <span className="loading loading-spinner" role="status" aria-label="Loading chart" />
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
