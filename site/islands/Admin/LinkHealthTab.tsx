// The admin Link Health tab (docs/decisions/0102): tools by link state with their last checks, and what an admin does
// about one: check it now, give it a new address, mark it discontinued, or ignore "blocked" for 90 days.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { z } from 'zod';
import { LINK_HEALTH_VIEWS, type LinkHealthView } from '../../../lib/contract/link-health';
import { longDate } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { toolUpdateSchema } from '../../../lib/schemas';
import {
  $linkHealth,
  $linkHealthView,
  ignoreBlocked,
  markDiscontinued,
  recheckLink,
  updateToolUrl,
  type LinkHealthRow,
} from '../../stores/admin-link-health';
import ReasonDialog from './dialogs/ReasonDialog';
import { perform } from './feedback';
import { DANGER_OUTLINE, EmptyState, ListState, dateTime, safeHref } from './parts';

const VIEW_LABELS: Record<LinkHealthView, string> = {
  attention: 'Needs a look',
  healthy: 'Healthy',
  suspect: 'Suspect',
  failing: 'Failing',
  down: 'Down',
  moved: 'Moved',
  parked: 'Parked',
  blocked: 'Blocked',
};

const STATE_BADGE: Record<LinkHealthRow['state'], string> = {
  healthy: 'badge-success',
  suspect: 'badge-warning badge-soft',
  failing: 'badge-warning',
  down: 'badge-error',
};

const urlSchema = toolUpdateSchema.pick({ url: true }).required();
const reasonSchema = z.object({ reason: z.string().trim().min(1, LISTING_MSG.linkDiscontinueReason).max(500) });

type Dialog = { kind: 'url' | 'discontinue'; row: LinkHealthRow };

function CheckList({ checks }: { checks: LinkHealthRow['checks'] }) {
  if (checks.length === 0) return <p className="text-sm text-base-content/70">Not checked yet.</p>;
  return (
    <ol className="text-sm flex flex-col gap-1" aria-label="Last checks">
      {checks.map((check) => (
        <li key={`${check.checkedAt}-${check.outcome}`} className="flex flex-wrap gap-x-2">
          <span className="text-base-content/70">{dateTime(check.checkedAt)}</span>
          <span className="font-medium">{check.outcome}</span>
          {check.status !== null && <span>HTTP {check.status}</span>}
          {check.detail && check.detail !== String(check.status) && (
            <span className="text-base-content/70 break-all">{check.detail}</span>
          )}
          {check.attempts > 1 && <span className="text-base-content/70">({check.attempts} tries)</span>}
        </li>
      ))}
    </ol>
  );
}

function HealthCard({ row, onDialog }: { row: LinkHealthRow; onDialog: (dialog: Dialog) => void }) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<boolean>) {
    setBusy(true);
    await action();
    setBusy(false);
  }
  const recheck = () =>
    run(() =>
      perform(() => recheckLink(row.toolId), {
        success: ({ check }) => ({
          title: LISTING_MSG.linkRechecked,
          description: `${row.name}: ${check.outcome}${check.status ? ` (HTTP ${check.status})` : ''}`,
        }),
        failure: LISTING_MSG.linkRecheckFailed,
      }),
    );
  const ignore = () =>
    run(() =>
      perform(() => ignoreBlocked(row.toolId), {
        success: () => ({ title: LISTING_MSG.linkIgnored, description: row.name }),
        failure: LISTING_MSG.linkIgnoreFailed,
      }),
    );
  return (
    <li className="card bg-base-100 border border-base-200" data-testid="link-health-row">
      <div className="card-body p-4 gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold">
              <a className="link link-hover" href={`/tool/${row.slug}`}>
                {row.name}
              </a>
            </h3>
            <a className="text-sm link link-hover break-all" href={safeHref(row.url)} rel="noopener noreferrer">
              {row.url}
            </a>
          </div>
          <div className="flex flex-wrap gap-1">
            <span className={`badge ${STATE_BADGE[row.state]}`} data-testid="link-state">
              {VIEW_LABELS[row.state]}
            </span>
            {row.lastOutcome && row.lastOutcome !== 'ok' && row.lastOutcome !== 'failed' && (
              <span className="badge badge-ghost">{VIEW_LABELS[row.lastOutcome]}</span>
            )}
          </div>
        </div>
        <p className="text-sm text-base-content/80">
          {row.failingSince && (
            <>
              Failing since {longDate(row.failingSince)} ({row.failStreak} days).{' '}
            </>
          )}
          {row.lastCheckedAt ? <>Last checked {dateTime(row.lastCheckedAt)}.</> : 'Not checked yet.'}
          {row.movedTo && (
            <>
              {' '}
              Moved to <span className="break-all">{row.movedTo}</span>.
            </>
          )}
        </p>
        <CheckList checks={row.checks} />
        <div className="flex flex-wrap gap-2 justify-end">
          {row.lastOutcome === 'blocked' && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void ignore()}>
              Ignore blocked for 90 days
            </button>
          )}
          <button
            type="button"
            className={`${DANGER_OUTLINE} btn-sm`}
            disabled={busy}
            onClick={() => onDialog({ kind: 'discontinue', row })}
          >
            Mark discontinued
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => onDialog({ kind: 'url', row })}
          >
            Update URL
          </button>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void recheck()}>
            {busy ? 'Checking...' : 'Recheck now'}
          </button>
        </div>
      </div>
    </li>
  );
}

export default function LinkHealthTab() {
  const view = useStore($linkHealthView);
  const { data, loading, error } = useStore($linkHealth);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label className="text-sm font-medium" htmlFor="link-health-view">
          Show
        </label>
        <select
          id="link-health-view"
          className="select select-sm select-bordered w-auto"
          value={view}
          onChange={(event) => $linkHealthView.set(event.target.value as LinkHealthView)}
        >
          {LINK_HEALTH_VIEWS.map((option) => (
            <option key={option} value={option}>
              {VIEW_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <ListState data={data} loading={loading} error={error}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState>{LISTING_MSG.linkNoChecks}</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Link health">
              {rows.map((row) => (
                <HealthCard key={row.toolId} row={row} onDialog={setDialog} />
              ))}
            </ul>
          )
        }
      </ListState>
      {dialog?.kind === 'url' && (
        <ReasonDialog
          title={`New address for ${dialog.row.name}`}
          intro={<p className="text-sm text-base-content/80">Now: {dialog.row.url}. The new one is checked at once.</p>}
          label="Address"
          placeholder="https://"
          schema={urlSchema}
          field="url"
          submitLabel="Save address"
          pendingLabel="Saving..."
          onClose={() => setDialog(null)}
          testId="link-url-dialog"
          onSubmit={(url) =>
            perform(() => updateToolUrl(dialog.row.toolId, url), {
              success: () => ({ title: LISTING_MSG.linkUrlUpdated, description: dialog.row.name }),
              failure: LISTING_MSG.linkUrlUpdateFailed,
            })
          }
        />
      )}
      {dialog?.kind === 'discontinue' && (
        <ReasonDialog
          title={`Mark ${dialog.row.name} discontinued`}
          intro={
            <p className="text-sm text-base-content/80">
              Its page stays, with the date and your reason, and it leaves the directory and search.
            </p>
          }
          label="Reason"
          schema={reasonSchema}
          field="reason"
          submitLabel="Mark discontinued"
          pendingLabel="Saving..."
          danger
          onClose={() => setDialog(null)}
          testId="link-discontinue-dialog"
          onSubmit={(reason) =>
            perform(() => markDiscontinued(dialog.row.toolId, reason), {
              success: () => ({ title: LISTING_MSG.linkDiscontinued, description: dialog.row.name }),
              failure: LISTING_MSG.linkDiscontinueFailed,
            })
          }
        />
      )}
    </>
  );
}
