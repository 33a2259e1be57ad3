// The admin Link Health tab (docs/decisions/0102): tools by link state with their last checks, and what an admin does
// about one: check it now, give it a new address, mark it discontinued, or ignore "blocked" for 90 days.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { z } from 'zod';
import { LINK_HEALTH_VIEWS, type LinkHealthView } from '../../../lib/link-health';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { toolUpdateSchema } from '../../../lib/schemas';
import { $linkHealth, $linkHealthView, markDiscontinued, updateToolUrl } from '../../stores/admin-link-health';
import ReasonDialog from './dialogs/ReasonDialog';
import { perform } from './feedback';
import LinkHealthCard, { VIEW_LABELS, type LinkHealthDialog } from './LinkHealthCard';
import { EmptyState, ListState } from './parts';

const urlSchema = toolUpdateSchema.pick({ url: true }).required();
const reasonSchema = z.object({ reason: z.string().trim().min(1, LISTING_MSG.linkDiscontinueReason).max(500) });

export default function LinkHealthTab() {
  const view = useStore($linkHealthView);
  const { data, loading, error } = useStore($linkHealth);
  const [dialog, setDialog] = useState<LinkHealthDialog | null>(null);
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
                <LinkHealthCard key={row.toolId} row={row} onDialog={setDialog} />
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
