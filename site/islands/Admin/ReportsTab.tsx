// The admin Reports tab (docs/decisions/0101): reader reports grouped by tool, filtered by type, state and age. Per
// report: acknowledge, resolve (dismissing is resolving as "no change" or "spam"), merge into another open report of the
// tool; per tool: open the editor at the reported field, run a link check, mark it discontinued. Every step is
// audit-logged by the server; reporters are never shown, only how many there are.
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { REPORT_EDITOR_FIELD } from '../../../lib/reports';
import { can, ownPicksRefusal, ownToolRefusal } from '../../../lib/permissions';
import { $approvedTools, $closedOwnerTools } from '../../stores/admin';
import { $reportGroups, markDiscontinued, recheckLink, type AdminReportGroup } from '../../stores/admin-reports';
import type { CurrentUser } from '../../stores/user';
import EditToolDialog from './dialogs/EditToolDialog';
import { perform } from './feedback';
import { EmptyState, ListState } from './parts';
import ReportCard from './ReportCard';
import Filters from './ReportFilters';

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
              <ReportCard
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
