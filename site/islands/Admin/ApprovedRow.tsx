// One row of Approved Tools: name (and why unlisted, that it is discontinued, or that its owner closed the account),
// quality score, listing, approval date, and the row's actions.
import { shortDate } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';
import { can, ownToolRefusal } from '../../../lib/permissions';
import type { AdminApprovedTool, ClosedOwnerTool } from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import { AdminStars, ClosedOwnerBadge, DANGER_OUTLINE, SUCCESS_OUTLINE } from './parts';

interface ApprovedRowProps {
  tool: AdminApprovedTool;
  /** Set when the tool's owner closed the account. */
  closedOwner?: ClosedOwnerTool;
  user: CurrentUser;
  /** An action on this row is under way. */
  busy: boolean;
  open: (kind: 'view' | 'edit' | 'unlist' | 'discontinue') => void;
  togglePremium: () => void;
  listAgain: () => void;
  /** Lists a discontinued tool again. */
  revive: () => void;
}

export default function ApprovedRow({
  tool,
  closedOwner,
  user,
  busy,
  open,
  togglePremium,
  listAgain,
  revive,
}: ApprovedRowProps) {
  const unlisted = tool.status === 'unlisted';
  const discontinued = tool.status === 'discontinued';
  // Marking a tool discontinued, and bringing it back, is for admins only.
  const mayDiscontinue = can(user, 'discontinue:tools');
  // Staff do not judge their own tool: these stay in sight, disabled, saying why.
  const ownTool = ownToolRefusal(user, tool)?.message;
  return (
    <tr data-testid="approved-row" className={unlisted || discontinued ? 'bg-base-200/50' : undefined}>
      <td>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{tool.name}</span>
          {unlisted && (
            <span className="badge badge-neutral badge-sm" title={tool.unlistReason ?? undefined}>
              Unlisted
            </span>
          )}
          {discontinued && (
            <span className="badge badge-warning badge-outline badge-sm" data-testid="discontinued-badge">
              {LISTING_MSG.discontinuedBadge}
            </span>
          )}
          {closedOwner && <ClosedOwnerBadge owner={closedOwner} />}
        </div>
        {unlisted && tool.unlistReason && (
          <div className="text-xs text-base-content/70 mt-0.5">Reason: {tool.unlistReason}</div>
        )}
      </td>
      <td className="whitespace-nowrap" data-label="Quality Score">
        <div>
          <div className="font-medium tabular-nums">{tool.qualityScore ?? '—'}/10</div>
          <AdminStars score={tool.qualityScore} />
        </div>
      </td>
      <td data-label="Listing">
        {tool.isPremium ? (
          <span className="badge badge-warning badge-sm">Premium</span>
        ) : (
          <span className="badge badge-ghost badge-sm">Free</span>
        )}
      </td>
      <td className="whitespace-nowrap" data-label="Approved">
        {shortDate(tool.approvedAt)}
      </td>
      <td>
        <div className="flex flex-wrap md:justify-end gap-1.5">
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => open('view')}>
            View
          </button>
          <button type="button" className="btn btn-outline btn-xs" onClick={() => open('edit')}>
            Edit
          </button>
          <button
            type="button"
            className={`btn btn-xs ${tool.isPremium ? 'btn-outline' : 'btn-warning'}`}
            disabled={busy || Boolean(ownTool)}
            title={ownTool}
            onClick={togglePremium}
          >
            {tool.isPremium ? 'Remove Premium' : 'Make Premium'}
          </button>
          {unlisted && (
            <button
              type="button"
              className={`${SUCCESS_OUTLINE} btn-xs`}
              disabled={busy || Boolean(ownTool)}
              title={ownTool}
              onClick={listAgain}
            >
              List Again
            </button>
          )}
          {tool.status === 'approved' && (
            <button type="button" className={`${DANGER_OUTLINE} btn-xs`} disabled={busy} onClick={() => open('unlist')}>
              Unlist
            </button>
          )}
          {mayDiscontinue &&
            (discontinued ? (
              <button type="button" className={`${SUCCESS_OUTLINE} btn-xs`} disabled={busy} onClick={revive}>
                {LISTING_MSG.reviveAction}
              </button>
            ) : (
              <button
                type="button"
                className={`${DANGER_OUTLINE} btn-xs`}
                disabled={busy}
                onClick={() => open('discontinue')}
              >
                {LISTING_MSG.discontinueAction}
              </button>
            ))}
        </div>
      </td>
    </tr>
  );
}
