// The admin Premium tab (docs/decisions/0110): who each early-access feature is on for (off, Premium members first,
// everyone), and each Premium member's account manager, chosen among staff and admins (sold with the Annual plan).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { FLAG_AUDIENCES, type FlagAudience } from '../../../lib/feature-flags';
import { $adminPremium, setAccountManager, setFlag, type AdminPremium } from '../../stores/premium-benefits';
import { perform } from './feedback';
import { EmptyState, ListState } from './parts';

const AUDIENCE_LABELS: Record<FlagAudience, string> = {
  off: 'Off',
  premium: 'Premium first',
  everyone: 'Everyone',
};

function Flags({ flags }: { flags: AdminPremium['flags'] }) {
  const [busy, setBusy] = useState(false);
  async function change(key: AdminPremium['flags'][number]['key'], audience: FlagAudience) {
    setBusy(true);
    await perform(() => setFlag(key, audience), {
      success: () => ({ title: ENGAGE_MSG.flagSaved }),
      failure: ENGAGE_MSG.flagFailed,
    });
    setBusy(false);
  }
  return (
    <section aria-labelledby="early-access-title">
      <h2 id="early-access-title" className="text-lg font-semibold">
        Early access
      </h2>
      <p className="text-sm text-base-content/80">
        A feature is off, on for Premium members first, or on for everyone.
      </p>
      <ul className="mt-2 divide-y divide-base-200">
        {flags.map((flag) => (
          <li key={flag.key} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="flag-row">
            <span>{flag.label}</span>
            <fieldset className="join" disabled={busy} aria-label={`Who sees: ${flag.label}`}>
              {FLAG_AUDIENCES.map((audience) => (
                <label
                  key={audience}
                  className={`join-item btn btn-sm ${flag.audience === audience ? 'btn-primary' : 'btn-outline'}`}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`flag-${flag.key}`}
                    checked={flag.audience === audience}
                    onChange={() => void change(flag.key, audience)}
                  />
                  {AUDIENCE_LABELS[audience]}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Members({ members, staff }: Pick<AdminPremium, 'members' | 'staff'>) {
  const [busy, setBusy] = useState<number | null>(null);
  async function assign(memberId: number, value: string) {
    setBusy(memberId);
    await perform(() => setAccountManager(memberId, value ? Number(value) : null), {
      success: () => ({ title: ENGAGE_MSG.managerSaved }),
      failure: ENGAGE_MSG.managerFailed,
    });
    setBusy(null);
  }
  return (
    <section aria-labelledby="managers-title">
      <h2 id="managers-title" className="text-lg font-semibold">
        Account managers
      </h2>
      <p className="text-sm text-base-content/80">
        Sold with the Annual plan. A member's direct messages go to their manager first, in the Messages tab.
      </p>
      {members.length === 0 ? (
        <EmptyState>No Premium members yet</EmptyState>
      ) : (
        <ul className="mt-2 divide-y divide-base-200">
          {members.map((member) => (
            <li
              key={member.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="premium-member"
            >
              <div className="min-w-0">
                <span className="font-medium break-words">{member.name}</span>{' '}
                <span className="badge badge-ghost badge-sm">{member.plan ?? 'granted'}</span>
                {member.plan === 'annual' && !member.accountManager && (
                  <span className="badge badge-warning badge-sm ml-1">Needs a manager</span>
                )}
                <span className="block text-xs text-base-content/70 break-all">
                  {member.email} · {member.comingSlots} featured {member.comingSlots === 1 ? 'slot' : 'slots'} coming
                </span>
              </div>
              <select
                className="select select-bordered select-sm"
                aria-label={`Account manager of ${member.name}`}
                value={member.accountManager?.id ?? ''}
                disabled={busy === member.id}
                onChange={(e) => void assign(member.id, e.target.value)}
              >
                <option value="">No manager</option>
                {staff.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PremiumTab() {
  const { data, loading, error } = useStore($adminPremium);
  return (
    <ListState data={data} loading={loading} error={error}>
      {({ flags, members, staff }) => (
        <div className="flex flex-col gap-8">
          <Flags flags={flags} />
          <Members members={members} staff={staff} />
        </div>
      )}
    </ListState>
  );
}
