// The dashboard's "Tools You Own" card (docs/decisions/0099): each tool the member has claimed with its claim's state,
// and for a verified one its page, Request a Change and its metrics (the Tool Performance card counts it). Nothing
// for a member who has claimed none.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '../../../lib/claims';
import { shortDate } from '../../../lib/format';
import { logError } from '../../../lib/http';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { STACKED_TABLE } from '../../components/stacked-table';
import { $ownedTools, fetchOwnedToolRecord, type OwnedTool } from '../../stores/owned-tools';
import { showToast } from '../../stores/toast';
import type { EditableTool } from './ChangeRequestDialog';

/** What the claim's state means now: since when it is verified, until when its grace runs, or why it ended. */
function claimNote(tool: OwnedTool): string | null {
  if (tool.claimStatus === 'verified')
    return tool.graceUntil
      ? `Re-check failed: fix the proof before ${shortDate(tool.graceUntil)}`
      : `${LISTING_MSG.ownerMethod[tool.method]} since ${shortDate(tool.verifiedAt)}`;
  if (tool.claimStatus === 'revoked' || tool.claimStatus === 'lapsed') return tool.endReason;
  return null;
}

export default function OwnedTools({ onEdit }: { onEdit: (tool: EditableTool) => void }) {
  const { data } = useStore($ownedTools);
  const [opening, setOpening] = useState<number | null>(null);
  if (!data || data.length === 0) return null;

  async function edit(tool: OwnedTool) {
    setOpening(tool.toolId);
    try {
      onEdit(await fetchOwnedToolRecord(tool.slug));
    } catch (err) {
      logError(err);
      showToast({ title: LISTING_MSG.ownedToolRecordFailed, variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  }

  return (
    <section className="card bg-base-100 border border-base-200 mt-8" aria-labelledby="owned-tools-title">
      <div className="card-body">
        <h2 id="owned-tools-title" className="card-title">
          {LISTING_MSG.ownedToolsTitle}
        </h2>
        <p className="text-sm text-base-content/80">{LISTING_MSG.ownerNeutral}</p>
        <div className="overflow-x-auto">
          <table className={STACKED_TABLE} aria-label={LISTING_MSG.ownedToolsTitle}>
            <thead>
              <tr>
                <th>Tool Name</th>
                <th>Ownership</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((tool) => {
                const verified = tool.claimStatus === 'verified';
                const live = tool.status === 'approved';
                const note = claimNote(tool);
                return (
                  <tr key={tool.claimId} data-testid="owned-tool-row">
                    <td>
                      <div className="font-medium">{tool.name}</div>
                      {tool.pendingChangeRequest && (
                        <div className="badge badge-xs border-0 bg-sky-100 text-sky-800 mt-1">
                          Changes pending review
                        </div>
                      )}
                    </td>
                    <td data-label="Ownership">
                      <span className={`badge badge-sm ${CLAIM_STATUS_TONES[tool.claimStatus]}`}>
                        {CLAIM_STATUS_LABELS[tool.claimStatus]}
                      </span>
                      {note && <div className="mt-1 text-xs text-base-content/80">{note}</div>}
                    </td>
                    <td>
                      <div className="flex flex-wrap gap-2">
                        {verified && live && (
                          <button
                            type="button"
                            className="btn btn-xs btn-outline"
                            onClick={() => void edit(tool)}
                            disabled={tool.pendingChangeRequest || opening === tool.toolId}
                          >
                            Request a Change
                          </button>
                        )}
                        {verified && (
                          <a className="btn btn-xs btn-ghost" href="#tool-metrics-title">
                            Metrics
                          </a>
                        )}
                        {live && (
                          <a className="btn btn-xs btn-ghost" href={`/tool/${tool.slug}`}>
                            View
                          </a>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
