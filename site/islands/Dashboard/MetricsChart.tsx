// A tool's page views (bars) and Visit Tool clicks (line) per day, drawn as SVG; the same numbers as a table for
// screen readers and for anyone who wants them (docs/decisions/0054-tool-metrics.md).
import { useId } from 'react';
import { shortDate } from '../../../lib/format';
import type { MetricsDay } from '../../../lib/contract';
import { axisTop } from '../../../lib/metrics';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

interface Props {
  toolName: string;
  series: readonly MetricsDay[];
}

export default function MetricsChart({ toolName, series }: Props) {
  const id = useId();
  const top = axisTop(Math.max(...series.map((d) => Math.max(d.views, d.clicks))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / series.length;
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const clicksLine = series
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.clicks).toFixed(1)}`)
    .join(' ');
  const views = series.reduce((s, d) => s + d.views, 0);
  const clicks = series.reduce((s, d) => s + d.clicks, 0);
  const first = series[0]?.day;
  const last = series.at(-1)?.day;
  const title = `Page views and Visit Tool clicks of ${toolName} per day, ${shortDate(first)} to ${shortDate(last)}`;
  const labelled = [0, Math.floor((series.length - 1) / 2), series.length - 1];

  return (
    // Not a <figure>: daisyUI lays out a card's figures as a centred row.
    <div className="mt-4" data-testid="metrics-chart">
      {/* On a phone the chart keeps a readable size and scrolls sideways rather than shrinking its labels away. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/useSemanticElements: a scroll box named for assistive technology, not a section of the page's outline */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="w-full min-w-[540px] h-auto text-base-content"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc
            id={`${id}-desc`}
          >{`${views} page views and ${clicks} Visit Tool clicks in ${series.length} days. The table below lists each day.`}</desc>
          {[0, top / 2, top].map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {tick}
              </text>
            </g>
          ))}
          {series.map((d, i) => (
            <rect
              key={d.day}
              x={x(i) - (step * 0.7) / 2}
              width={step * 0.7}
              y={y(d.views)}
              height={plotH + PAD.top - y(d.views)}
              className="fill-primary"
              data-views={d.views}
            />
          ))}
          <path d={clicksLine} fill="none" className="stroke-secondary" strokeWidth={2} strokeLinejoin="round" />
          {labelled.map((i) => (
            <text
              key={i}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor={i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle'}
              fontSize={11}
              fill="currentColor"
            >
              {shortDate(series[i]?.day)}
            </text>
          ))}
        </svg>
      </div>
      <div className="mt-2 flex flex-wrap gap-4 text-sm text-base-content/80" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block w-3 h-3 rounded-sm bg-primary" aria-hidden="true" />
          Page views
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block w-4 h-0.5 bg-secondary" aria-hidden="true" />
          Visit Tool clicks
        </span>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">Daily numbers</summary>
        {/* Focusable, so a keyboard can scroll the 90 rows. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable) */}
        {/* biome-ignore lint/a11y/useSemanticElements: a scroll box named for assistive technology, not a section of the page's outline */}
        <div className="max-h-64 overflow-y-auto mt-2" tabIndex={0} role="region" aria-label="Daily numbers">
          <table className="table table-xs" aria-label={`Daily page views and Visit Tool clicks of ${toolName}`}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Page views</th>
                <th scope="col">Visit Tool clicks</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    {shortDate(d.day)}
                  </th>
                  <td>{d.views}</td>
                  <td>{d.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
