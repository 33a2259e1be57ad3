// Under a pending submission's status: its place in the review queue and when to expect a decision (or the spec's
// "within 48 hours" when the editors' pace gives no honest date), the changes the editors asked for, and what Premium
// does and does not change (docs/decisions/0104).
import { longDate } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';
import type { Json, QueuedTool } from '../../../lib/contract';

export default function QueueLine({ entry, queueLength }: { entry: Json<QueuedTool>; queueLength: number }) {
  const when = entry.expectedBy ? LISTING_MSG.queueExpected(longDate(entry.expectedBy)) : LISTING_MSG.queueNoPace;
  return (
    <div className="text-xs text-base-content/80 mt-1 max-w-xs" data-testid="queue-line">
      <p>
        {LISTING_MSG.queuePlace(entry.position, queueLength)} · {when}
      </p>
      {entry.isPremium && <p className="text-base-content/70 mt-0.5">{LISTING_MSG.queuePremiumNote}</p>}
      {entry.changesRequestedAt && (
        <div className="mt-1" data-testid="changes-requested">
          <span className="badge badge-info badge-xs">{LISTING_MSG.changesRequested}</span>
          {entry.changesRequestedNote && <p className="mt-0.5 break-words">“{entry.changesRequestedNote}”</p>}
          <p className="mt-0.5">{LISTING_MSG.changesRequestedHint}</p>
        </div>
      )}
    </div>
  );
}
