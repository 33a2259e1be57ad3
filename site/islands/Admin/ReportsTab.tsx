// The admin Reports tab (docs/decisions/0101): reader reports grouped by tool, filtered by type, state and age. Per
// report: acknowledge, resolve (dismissing is resolving as "no change" or "spam"), merge into another open report of the
// tool; per tool: open the editor at the reported field, run a link check, mark it discontinued. Every step is
// audit-logged by the server; reporters are never shown, only how many there are.
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LISTING_MSG } from '../../../lib/listing-messages';
import {
  detailLines,
  REPORT_EDITOR_FIELD,
  REPORT_RESOLUTION_LABELS,
  REPORT_RESOLUTIONS,
  REPORT_STATE_LABELS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportResolution,
  type ReportType,
} from '../../../lib/reports';
import { REPORT_AGES, type ReportAge } from '../../../lib/contract/reports';
import { can, ownPicksRefusal, ownToolRefusal } from '../../../lib/permissions';
import { $approvedTools, $closedOwnerTools } from '../../stores/admin';
import {
  $reportFilters,
  $reportGroups,
  acknowledgeReport,
  markDiscontinued,
  mergeReport,
  recheckLink,
  resolveReport,
  type AdminReport,
  type AdminReportGroup,
  type ReportFilters,
} from '../../stores/admin-reports';
import type { CurrentUser } from '../../stores/user';
import EditToolDialog from './dialogs/EditToolDialog';
import { perform } from './feedback';
import { dateTime, EmptyState, ListState } from './parts';

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

function Filters() {
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

const STATE_BADGE: Record<AdminReport['state'], string> = {
  new: 'badge-warning',
  acknowledged: 'badge-info',
  resolved: 'badge-success',
};

/** One report: what was reported, by how many, and its steps while it is open. */
function Report({ report, others, edit }: { report: AdminReport; others: AdminReport[]; edit?: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [resolution, setResolution] = useState<ReportResolution>('fixed');
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const open = report.state !== 'resolved';
  const mergeable = others.filter((other) => other.id !== report.id && other.state !== 'resolved');

  async function run(action: () => Promise<unknown>, title: string) {
    setBusy(true);
    if (
      await perform(action, {
        success: () => ({ title, description: report.reference }),
        failure: LISTING_MSG.reportActionFailed,
      })
    )
      setNote('');
    setBusy(false);
  }

  return (
    <li
      className="rounded-box border border-base-200 bg-base-100 p-4"
      data-testid="report"
      data-reference={report.reference}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{report.reference}</span>
        <span className="badge badge-ghost badge-sm">{REPORT_TYPE_LABELS[report.type]}</span>
        <span className={`badge badge-sm ${STATE_BADGE[report.state]}`} data-testid="report-state">
          {REPORT_STATE_LABELS[report.state]}
          {report.resolution && `: ${REPORT_RESOLUTION_LABELS[report.resolution]}`}
        </span>
        <span className="text-sm text-base-content/80">
          {report.votes} {report.votes === 1 ? 'reader' : 'readers'}
          {report.followers > 0 && ` · ${report.followers} waiting for the outcome`}
        </span>
      </div>
      <p className="mt-1 text-xs text-base-content/70">
        First {dateTime(report.createdAt)} · last {dateTime(report.lastReportedAt)}
        {report.handledBy && ` · handled by ${report.handledBy.name}`}
        {report.duplicateOf && ` · merged into ${report.duplicateOf}`}
      </p>
      {detailLines(report.type, report.details, true).map((line) => (
        <p key={line} className="mt-2 text-sm font-medium">
          {line}
        </p>
      ))}
      {report.message && (
        <p className="mt-2 whitespace-pre-wrap break-words border-l-2 border-base-300 pl-3 text-sm">{report.message}</p>
      )}
      {report.note && (
        <p className="mt-2 text-sm">
          <span className="font-semibold">Editor's note:</span> {report.note}
        </p>
      )}
      {open && (
        <div className="mt-3 flex flex-col gap-2 border-t border-base-200 pt-3">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Note {report.state === 'new' ? '(optional to acknowledge, required to resolve)' : '(required to resolve)'}
          </label>
          <textarea
            id={`${id}-note`}
            className="textarea textarea-bordered textarea-sm w-full"
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex flex-wrap items-center gap-2">
            {report.state === 'new' && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() => run(() => acknowledgeReport(report.id, note.trim()), LISTING_MSG.reportAcknowledged)}
              >
                Acknowledge
              </button>
            )}
            <label className="sr-only" htmlFor={`${id}-resolution`}>
              Resolution
            </label>
            <select
              id={`${id}-resolution`}
              className="select select-bordered select-sm"
              value={resolution}
              onChange={(e) => setResolution(e.target.value as ReportResolution)}
            >
              {REPORT_RESOLUTIONS.filter((r) => r !== 'duplicate' || mergeable.length === 0).map((r) => (
                <option key={r} value={r}>
                  {REPORT_RESOLUTION_LABELS[r]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => run(() => resolveReport(report.id, { resolution, note }), LISTING_MSG.reportResolved)}
            >
              Resolve
            </button>
            {edit && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={edit}>
                Open the editor
              </button>
            )}
          </div>
          {mergeable.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <label className="text-sm" htmlFor={`${id}-into`}>
                Duplicate of
              </label>
              <select
                id={`${id}-into`}
                className="select select-bordered select-sm"
                value={into}
                onChange={(e) => setInto(e.target.value)}
              >
                <option value="">Choose a report…</option>
                {mergeable.map((other) => (
                  <option key={other.id} value={other.reference}>
                    {other.reference} ({REPORT_TYPE_LABELS[other.type]})
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy || !into}
                onClick={() => run(() => mergeReport(report.id, into), LISTING_MSG.reportMerged)}
              >
                Merge
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** One tool's reports, with the tool's own actions. */
function Group({ group, user }: { group: AdminReportGroup; user: CurrentUser }) {
  const { tool } = group;
  const approved = useStore($approvedTools);
  const { data: closedOwners } = useStore($closedOwnerTools);
  const editable = approved.data?.find((row) => row.id === tool.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  // The editor opens at the reported field: its control, found by name in the dialog, takes the focus.
  useEffect(() => {
    if (!editing) return;
    const field = document.querySelector<HTMLElement>(`[role="dialog"] [name="${editing}"]`);
    field?.focus();
  }, [editing]);

  async function run(action: () => Promise<unknown>, title: string) {
    setBusy(true);
    await perform(action, {
      success: () => ({ title, description: tool.name }),
      failure: LISTING_MSG.reportActionFailed,
    });
    setBusy(false);
  }

  return (
    <section
      className="card border border-base-200 bg-base-200/30"
      aria-labelledby={`${id}-tool`}
      data-testid="report-group"
    >
      <div className="card-body p-4 gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={`${id}-tool`} className="font-semibold text-lg break-words">
              <a className="link" href={`/tool/${tool.slug}`} target="_blank" rel="noreferrer">
                {tool.name}
              </a>
            </h3>
            <p className="text-xs text-base-content/70 break-all">
              {tool.url} · {tool.status}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => run(() => recheckLink(tool.id), 'Link check started')}
            >
              Run a link check
            </button>
          </div>
        </div>
        {can(user, 'discontinue:tools') && tool.status === 'approved' && (
          <div className="flex flex-wrap items-center gap-2">
            <label className="text-sm" htmlFor={`${id}-reason`}>
              Discontinued because
            </label>
            <input
              id={`${id}-reason`}
              className="input input-bordered input-sm flex-1 min-w-48"
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy || !reason.trim()}
              onClick={() => run(() => markDiscontinued(tool.id, reason.trim()), 'Marked discontinued')}
            >
              Mark discontinued
            </button>
          </div>
        )}
        <ul className="flex flex-col gap-3" aria-label={`Reports about ${tool.name}`}>
          {group.reports.map((report) => {
            const field = REPORT_EDITOR_FIELD[report.type];
            return (
              <Report
                key={report.id}
                report={report}
                others={group.reports}
                edit={editable && field ? () => setEditing(field) : undefined}
              />
            );
          })}
        </ul>
      </div>
      {editing && editable && (
        <EditToolDialog
          tool={editable}
          closedOwner={closedOwners?.find((row) => row.toolId === tool.id)}
          ownTool={ownToolRefusal(user, editable)?.message}
          ownPicks={ownPicksRefusal(user, editable, [])?.message}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

export default function ReportsTab({ user }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($reportGroups);
  const total = useMemo(() => data?.reduce((sum, group) => sum + group.reports.length, 0) ?? 0, [data]);
  return (
    <>
      <Filters />
      <ListState data={data} loading={loading} error={error}>
        {(groups) =>
          groups.length === 0 ? (
            <EmptyState>No reports match these filters</EmptyState>
          ) : (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-base-content/70" aria-live="polite">
                {total} {total === 1 ? 'report' : 'reports'} about {groups.length}{' '}
                {groups.length === 1 ? 'tool' : 'tools'}
              </p>
              {groups.map((group) => (
                <Group key={group.tool.id} group={group} user={user} />
              ))}
            </div>
          )
        }
      </ListState>
    </>
  );
}
