// The Reports tab's filters (docs/decisions/0101): type, state (open by default) and when a report was last made.
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { REPORT_AGES, type ReportAge } from '../../../lib/reports';
import { REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '../../../lib/reports';
import { $reportFilters, type ReportFilters } from '../../stores/admin-reports';

const AGE_LABELS: Record<ReportAge, string> = {
  day: 'Last 24 hours',
  week: 'Last 7 days',
  month: 'Last 30 days',
  older: 'Older than 30 days',
};
const STATE_OPTIONS = [
  ['open', 'Open (new and acknowledged)'],
  ['new', 'New'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
] as const;

export default function Filters() {
  const filters = useStore($reportFilters);
  const id = useId();
  const set = (changes: Partial<ReportFilters>) => {
    const next = { ...filters, ...changes };
    for (const key of ['type', 'age'] as const) if (!next[key]) delete next[key];
    $reportFilters.set(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3 mb-4" aria-label="Filter reports">
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-type`}>
        Type
        <select
          id={`${id}-type`}
          className="select select-bordered select-sm"
          value={filters.type ?? ''}
          onChange={(e) => set({ type: (e.target.value || undefined) as ReportType | undefined })}
        >
          <option value="">Every type</option>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {REPORT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-state`}>
        State
        <select
          id={`${id}-state`}
          className="select select-bordered select-sm"
          value={filters.state ?? 'open'}
          onChange={(e) => set({ state: e.target.value as ReportFilters['state'] })}
        >
          {STATE_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-age`}>
        Last reported
        <select
          id={`${id}-age`}
          className="select select-bordered select-sm"
          value={filters.age ?? ''}
          onChange={(e) => set({ age: (e.target.value || undefined) as ReportAge | undefined })}
        >
          <option value="">Any time</option>
          {REPORT_AGES.map((age) => (
            <option key={age} value={age}>
              {AGE_LABELS[age]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
