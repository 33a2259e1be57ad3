// What User Management shows of an account's standing (docs/decisions/0093): whether its address is verified, whether
// two-factor sign-in is on, and a closed account's deletion date (or that it is deleted).
import type { AdminUserAccount } from '../../stores/account-password';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

export function AccountStanding({ account }: { account: AdminUserAccount | undefined }) {
  if (!account) return null;
  return (
    <div className="flex flex-wrap gap-1 mt-1" data-testid="account-standing">
      {account.emailVerified ? (
        <span className="badge badge-success badge-outline badge-sm">Verified</span>
      ) : (
        <span className="badge badge-ghost badge-sm">Not verified</span>
      )}
      {account.twoFactorEnabled && <span className="badge badge-info badge-outline badge-sm">2FA on</span>}
      {account.deleted ? (
        <span className="badge badge-error badge-sm">Deleted</span>
      ) : (
        account.deletionDate && (
          <span className="badge badge-error badge-outline badge-sm">
            Closed: deleted on {day(account.deletionDate)}
          </span>
        )
      )}
    </div>
  );
}
