// One tool of the admin Link Health tab (docs/decisions/0102): its state, its last checks and the actions on it.
import { useState } from 'react';
import { longDate } from '../../../lib/format';
import type { LinkHealthView } from '../../../lib/link-health';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { ignoreBlocked, recheckLink, type LinkHealthRow } from '../../stores/admin-link-health';
import { perform } from './feedback';
import { DANGER_OUTLINE, dateTime, safeHref } from './parts';

/** A dialog the card opens: a new address, or the reason it is discontinued. */
export type LinkHealthDialog = { kind: 'url' | 'discontinue'; row: LinkHealthRow };

export const VIEW_LABELS: Record<LinkHealthView, string> = {
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

export default function LinkHealthCard({
  row,
  onDialog,
}: {
  row: LinkHealthRow;
  onDialog: (dialog: LinkHealthDialog) => void;
}) {
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
