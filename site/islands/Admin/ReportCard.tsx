// One report in the Reports tab (docs/decisions/0101): what was reported and by how many (never by whom), and while it
// is open its steps: acknowledge, resolve with a resolution and a note, merge into another open report of the tool.
import { useId, useState } from 'react';
import { LISTING_MSG } from '../../../lib/listing-messages';
import {
  detailLines,
  REPORT_RESOLUTION_LABELS,
  REPORT_RESOLUTIONS,
  REPORT_STATE_LABELS,
  REPORT_TYPE_LABELS,
  type ReportResolution,
} from '../../../lib/reports';
import { acknowledgeReport, mergeReport, resolveReport, type AdminReport } from '../../stores/admin-reports';
import { perform } from './feedback';
import { dateTime } from './parts';

const STATE_BADGE: Record<AdminReport['state'], string> = {
  new: 'badge-warning',
  acknowledged: 'badge-info',
  resolved: 'badge-success',
};

/** One report: what was reported, by how many, and its steps while it is open. */
export default function ReportCard({
  report,
  others,
  edit,
}: {
  report: AdminReport;
  others: AdminReport[];
  edit?: () => void;
}) {
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
