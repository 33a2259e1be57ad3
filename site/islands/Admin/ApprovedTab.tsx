// Approved Tools: the approved, unlisted and discontinued tools with search, a premium filter, and View, Edit,
// premium toggle, Unlist / List Again and (admins) Mark discontinued / List again.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { DEFAULT_UNLIST_REASON } from '../../../lib/constants';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { TOAST } from '../../../lib/messages';
import { ownPicksRefusal, ownToolRefusal } from '../../../lib/permissions';
import { unlistSchema } from '../../../lib/schemas';
import {
  $approvedTools,
  $closedOwnerTools,
  discontinueTool,
  listTool,
  reviveTool,
  setToolPremium,
  unlistTool,
  type AdminApprovedTool,
} from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import ApprovedFilters, { filterTools, type Filter } from './ApprovedFilters';
import ApprovedRow from './ApprovedRow';
import DiscontinueDialog from './dialogs/DiscontinueDialog';
import EditToolDialog from './dialogs/EditToolDialog';
import ReasonDialog from './dialogs/ReasonDialog';
import ToolDetailsDialog from './dialogs/ToolDetailsDialog';
import { perform } from './feedback';
import { STACKED_TABLE } from '../../components/stacked-table';
import { EmptyState, ListState, TableHead } from './parts';

type Dialog = { kind: 'view' | 'edit' | 'unlist' | 'discontinue'; tool: AdminApprovedTool } | null;

export default function ApprovedTab({ user }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($approvedTools);
  // Beside the list (whose answer keeps its shape): the tools whose owner closed the account.
  const { data: closedOwners } = useStore($closedOwnerTools);
  const closedOwnerOf = useMemo(() => new Map(closedOwners?.map((row) => [row.toolId, row])), [closedOwners]);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const tools = data ?? [];
  const shown = useMemo(() => filterTools(tools, search, filter), [tools, search, filter]);
  const filtered = search.trim() !== '' || filter !== 'all';
  const close = () => setDialog(null);
  // The dialog follows the list, so a refreshed row (after an edit or a review) shows its new values.
  const current = dialog ? (tools.find((t) => t.id === dialog.tool.id) ?? dialog.tool) : null;

  async function togglePremium(tool: AdminApprovedTool) {
    setBusyId(tool.id);
    await perform(() => setToolPremium(tool.id, !tool.isPremium), {
      success: (result) => ({
        title: result.isPremium ? TOAST.toolUpgraded : TOAST.toolDowngraded,
        description: result.name,
      }),
      failure: TOAST.premiumToggleFailed,
    });
    setBusyId(null);
  }

  async function listAgain(tool: AdminApprovedTool) {
    setBusyId(tool.id);
    await perform(() => listTool(tool.id), {
      success: () => ({ title: TOAST.toolListed, description: `${tool.name} is back in the public directory.` }),
      failure: TOAST.listFailed,
    });
    setBusyId(null);
  }

  async function revive(tool: AdminApprovedTool) {
    setBusyId(tool.id);
    await perform(() => reviveTool(tool.id), {
      success: () => ({ title: LISTING_MSG.revived(tool.name) }),
      failure: LISTING_MSG.reviveFailed,
    });
    setBusyId(null);
  }

  return (
    <>
      <ApprovedFilters search={search} setSearch={setSearch} filter={filter} setFilter={setFilter} />

      <ListState data={data} loading={loading} error={error}>
        {() => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2 mb-2">
              <p className="text-sm text-base-content/70" aria-live="polite" data-testid="approved-count">
                Showing {shown.length} of {tools.length} tools
              </p>
              {filtered && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => {
                    setSearch('');
                    setFilter('all');
                  }}
                >
                  Clear filters
                </button>
              )}
            </div>
            {shown.length === 0 ? (
              <EmptyState>{tools.length === 0 ? 'No approved tools yet' : 'No tools match your search'}</EmptyState>
            ) : (
              <div className="overflow-x-auto">
                <table className={STACKED_TABLE} aria-label="Approved tools">
                  <TableHead columns={['Tool Name', 'Quality Score', 'Listing', 'Approved', 'Actions']} />
                  <tbody>
                    {shown.map((tool) => (
                      <ApprovedRow
                        key={tool.id}
                        tool={tool}
                        closedOwner={closedOwnerOf.get(tool.id)}
                        user={user}
                        busy={busyId === tool.id}
                        open={(kind) => setDialog({ kind, tool })}
                        togglePremium={() => void togglePremium(tool)}
                        listAgain={() => void listAgain(tool)}
                        revive={() => void revive(tool)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </ListState>

      {dialog?.kind === 'view' && current && (
        <ToolDetailsDialog tool={current} ownTool={ownToolRefusal(user, current)?.message} onClose={close} />
      )}
      {dialog?.kind === 'edit' && current && (
        <EditToolDialog
          tool={current}
          closedOwner={closedOwnerOf.get(current.id)}
          ownTool={ownToolRefusal(user, current)?.message}
          ownPicks={ownPicksRefusal(user, current, [])?.message}
          onClose={close}
        />
      )}
      {dialog?.kind === 'discontinue' && current && (
        <DiscontinueDialog
          name={current.name}
          onClose={close}
          onSubmit={(values) =>
            perform(() => discontinueTool(current.id, values), {
              success: () => ({ title: LISTING_MSG.discontinued(current.name) }),
              failure: LISTING_MSG.discontinueFailed,
            })
          }
        />
      )}
      {dialog?.kind === 'unlist' && current && (
        <ReasonDialog
          title={`Unlist ${current.name}`}
          intro={
            <p className="text-sm text-base-content/80">
              The tool leaves the public directory; its data is kept and it can be listed again.
            </p>
          }
          label="Reason (optional)"
          placeholder={DEFAULT_UNLIST_REASON}
          schema={unlistSchema}
          field="reason"
          submitLabel="Unlist Tool"
          pendingLabel="Unlisting..."
          danger
          onClose={close}
          testId="unlist-dialog"
          onSubmit={(reason) =>
            perform(() => unlistTool(current.id, reason), {
              success: () => ({
                title: TOAST.toolUnlisted,
                description: `${current.name} is hidden from the public directory.`,
              }),
              failure: TOAST.unlistFailed,
            })
          }
        />
      )}
    </>
  );
}
