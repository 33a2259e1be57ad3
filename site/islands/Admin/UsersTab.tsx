// User Management: every account with its role and status, and the Manage dialog.
import { useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { displayName, tagLabel } from '../../../lib/format';
import { accountRefusal } from '../../../lib/permissions';
import { $adminUsers, type AdminUser } from '../../stores/admin';
import { $adminUserAccounts } from '../../stores/account-password';
import { AccountStanding } from './AccountStanding';
import type { CurrentUser } from '../../stores/user';
import ManageUserDialog from './dialogs/ManageUserDialog';
import { STACKED_TABLE } from '../../components/stacked-table';
import { EmptyState, ListState, TableHead } from './parts';

const ACCOUNT_BADGE: Record<string, string> = {
  active: 'badge-success',
  suspended: 'badge-warning',
  banned: 'badge-error',
};

function matches(user: AdminUser, q: string): boolean {
  return [user.email, user.firstName, user.lastName, user.role].some((v) => v?.toLowerCase().includes(q));
}

export default function UsersTab({ user: viewer }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($adminUsers);
  // Beside the list (whose answer keeps the spec's shape): verified, two-factor, closing.
  const { data: accounts } = useStore($adminUserAccounts);
  const standing = useMemo(() => new Map(accounts?.map((a) => [a.id, a])), [accounts]);
  const [managing, setManaging] = useState<AdminUser | null>(null);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const q = search.trim().toLowerCase();
  const users = data ?? [];
  const shown = useMemo(() => (q ? users.filter((u) => matches(u, q)) : users), [users, q]);
  const current = managing ? (users.find((u) => u.id === managing.id) ?? managing) : null;

  return (
    <>
      <div className="flex flex-col gap-1 mb-4 max-w-md">
        <label htmlFor={searchId} className="label-text font-medium">
          Search users
        </label>
        <input
          id={searchId}
          type="search"
          className="input input-bordered w-full"
          placeholder="Name, email or role..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ListState data={data} loading={loading} error={error}>
        {() =>
          shown.length === 0 ? (
            <EmptyState>{users.length ? 'No users match your search' : 'No users yet'}</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className={STACKED_TABLE} aria-label="Users">
                <TableHead columns={['Name', 'Email', 'Role', 'Status', 'Actions']} />
                <tbody>
                  {shown.map((user) => {
                    // An isAdmin account is out of reach of the admin role: the button stays, disabled, saying why.
                    const refused = accountRefusal(viewer, user)?.message;
                    return (
                      <tr key={user.id} data-testid="user-row">
                        <td className="font-medium">
                          {[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}
                        </td>
                        <td className="break-all" data-label="Email">
                          {user.email}
                        </td>
                        <td data-label="Role">
                          <div className="flex flex-wrap items-center gap-1">
                            <span>{tagLabel(user.role.replace('_', '-'))}</span>
                            {user.isAdmin && <span className="badge badge-primary badge-sm">Admin</span>}
                          </div>
                        </td>
                        <td data-label="Status">
                          <div>
                            <div className="flex flex-wrap gap-1">
                              {user.isPremium ? (
                                <span className="badge badge-warning badge-sm">Premium</span>
                              ) : (
                                <span className="badge badge-ghost badge-sm">Free</span>
                              )}
                              <span className={`badge badge-sm ${ACCOUNT_BADGE[user.accountStatus] ?? 'badge-ghost'}`}>
                                {tagLabel(user.accountStatus)}
                              </span>
                            </div>
                            <AccountStanding account={standing.get(user.id)} />
                            {user.accountStatus === 'suspended' && user.suspendedUntil && (
                              <div className="text-xs text-base-content/70 mt-1">
                                until {new Date(user.suspendedUntil).toLocaleDateString('en-US')}
                              </div>
                            )}
                          </div>
                        </td>
                        <td className="md:text-right">
                          <button
                            type="button"
                            className="btn btn-outline btn-xs"
                            disabled={Boolean(refused)}
                            title={refused}
                            onClick={() => setManaging(user)}
                            aria-label={`Manage ${displayName(user)}`}
                          >
                            Manage
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </ListState>
      {current && (
        <ManageUserDialog key={current.id} user={current} viewer={viewer} onClose={() => setManaging(null)} />
      )}
    </>
  );
}
