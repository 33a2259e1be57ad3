// A Premium member's featured slots (docs/decisions/0110): the coming weekly issues marked free, full, closed or
// booked; book one for a listed tool, move or cancel it until bookings close; and the clicks each sent slot brought.
import { useState } from 'react';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { FEATURED_LABEL, SLOT_LOCK_HOURS } from '../../../lib/newsletter';
import { bookSlot, cancelSlot, moveSlot, type SlotCalendar as Calendar } from '../../stores/premium-benefits';
import { attempt } from './premium-feedback';

type Issue = Calendar['issues'][number];
type Slot = Calendar['slots'][number];

/** 'Mon, Dec 7' for an issue date (YYYY-MM-DD), the same everywhere: the issue is dated in UTC. */
const issueDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function IssueRow({
  issue,
  mine,
  calendar,
  toolId,
  moving,
  setMoving,
}: {
  issue: Issue;
  mine: Slot[];
  calendar: Calendar;
  toolId: number | null;
  moving: Slot | null;
  setMoving: (slot: Slot | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    await attempt(action, success, ENGAGE_MSG.slotChangeFailed);
    setBusy(false);
  };
  const allowanceLeft = issue.quarterUsed < calendar.allowance;
  const free = !issue.full && !issue.locked;
  const state = issue.locked ? 'Closed' : mine.length > 0 ? 'Booked' : issue.full ? 'Full' : 'Free';
  const badge = { Closed: 'badge-ghost', Booked: 'badge-primary', Full: 'badge-warning', Free: 'badge-success' }[state];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="issue-row" data-state={state}>
      <div className="min-w-0">
        <span className="font-medium">{issueDay(issue.issueDate)}</span>{' '}
        <span className={`badge badge-sm ${badge}`}>{state}</span>
        <span className="text-xs text-base-content/70 ml-2">
          {issue.booked} of {calendar.perIssue} taken
        </span>
        {free && !allowanceLeft && mine.length === 0 && (
          <span className="block text-xs text-base-content/70">This quarter's slots are used</span>
        )}
        {mine.map((slot) => (
          <span key={slot.id} className="block text-sm">
            {slot.toolName}
          </span>
        ))}
      </div>
      <div className="flex gap-2">
        {!issue.locked &&
          mine.map((slot) => (
            <span key={slot.id} className="flex gap-2">
              <button type="button" className="btn btn-ghost btn-xs" disabled={busy} onClick={() => setMoving(slot)}>
                Move<span className="sr-only"> {slot.toolName}</span>
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                disabled={busy}
                onClick={() => void run(() => cancelSlot(slot.id), ENGAGE_MSG.slotCancelled)}
              >
                Cancel<span className="sr-only"> {slot.toolName}</span>
              </button>
            </span>
          ))}
        {free && moving && moving.issueDate !== issue.issueDate && (
          <button
            type="button"
            className="btn btn-outline btn-xs"
            disabled={busy}
            onClick={() =>
              void run(() => moveSlot(moving.id, issue.issueDate), ENGAGE_MSG.slotMoved).then(() => setMoving(null))
            }
          >
            Move here
          </button>
        )}
        {free && !moving && toolId !== null && allowanceLeft && mine.every((s) => s.toolId !== toolId) && (
          <button
            type="button"
            className="btn btn-primary btn-xs"
            disabled={busy}
            onClick={() => void run(() => bookSlot(toolId, issue.issueDate), ENGAGE_MSG.slotBooked)}
          >
            Book<span className="sr-only"> {issueDay(issue.issueDate)}</span>
          </button>
        )}
      </div>
    </li>
  );
}

export default function SlotCalendar({ calendar }: { calendar: Calendar }) {
  const [toolId, setToolId] = useState<number | null>(calendar.tools[0]?.id ?? null);
  const [moving, setMoving] = useState<Slot | null>(null);
  const sent = calendar.slots.filter((slot) => slot.sent);
  return (
    <div data-testid="slot-calendar">
      <h3 className="font-semibold">Featured slots in the weekly digest</h3>
      <p className="text-sm text-base-content/80 mt-1">
        {calendar.allowance} a quarter on your plan, shown apart from the editors' picks as “{FEATURED_LABEL}”. Book,
        move or cancel until {SLOT_LOCK_HOURS} hours before an issue is sent (Mondays, 09:00 UTC).
      </p>
      {calendar.tools.length === 0 ? (
        <p className="text-sm mt-2">Once one of your tools is listed, you can feature it here.</p>
      ) : (
        <label className="flex items-center gap-2 mt-3 text-sm">
          Tool to feature
          <select
            className="select select-bordered select-sm"
            value={toolId ?? ''}
            onChange={(e) => setToolId(Number(e.target.value))}
          >
            {calendar.tools.map((tool) => (
              <option key={tool.id} value={tool.id}>
                {tool.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {moving && (
        <div role="status" className="alert alert-info alert-soft mt-3 py-2 text-sm">
          <span>Choose a free issue for {moving.toolName}.</span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setMoving(null)}>
            Keep it where it is
          </button>
        </div>
      )}
      <ul className="divide-y divide-base-200 mt-2" aria-label="Coming issues">
        {calendar.issues.map((issue) => (
          <IssueRow
            key={issue.issueDate}
            issue={issue}
            mine={calendar.slots.filter((slot) => slot.issueDate === issue.issueDate)}
            calendar={calendar}
            toolId={toolId}
            moving={moving}
            setMoving={setMoving}
          />
        ))}
      </ul>
      {sent.length > 0 && (
        <>
          <h4 className="font-medium mt-4">Sent</h4>
          <ul className="text-sm mt-1" aria-label="Sent featured slots">
            {sent.map((slot) => (
              <li key={slot.id}>
                {issueDay(slot.issueDate)}: {slot.toolName}, {slot.clicks} {slot.clicks === 1 ? 'click' : 'clicks'}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
