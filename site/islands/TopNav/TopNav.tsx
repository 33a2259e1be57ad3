// The top navigation: product title, links, and the signed-out buttons or the avatar menu.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { SITE_NAME } from '../../../lib/constants';
import { displayName, initials } from '../../../lib/format';
import { canOpenAdmin } from '../../../lib/permissions';
import { $user, signOut } from '../../stores/user';

const LINKS: [string, string][] = [
  ['Directory', '/directory'],
  ['Blog', '/blog'],
  ['Pricing', '/pricing'],
];

export default function TopNav() {
  const { data: user, loading } = useStore($user);
  const [menuOpen, setMenuOpen] = useState(false);
  const links = user ? [...LINKS, ['Submit Tool', '/submit'] as [string, string]] : LINKS;
  const close = () => setMenuOpen(false);

  return (
    <header className="navbar bg-base-100 border-b border-base-200 sticky top-0 z-40">
      <nav className="max-w-6xl w-full mx-auto px-2 flex items-center gap-2" aria-label="Main">
        <a href="/" className="text-xl font-bold tracking-tight mr-4">
          {SITE_NAME}
        </a>
        <ul className="hidden md:flex gap-1 flex-1">
          {links.map(([label, href]) => (
            <li key={href}>
              <a className="btn btn-ghost btn-sm font-medium" href={href}>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex-1 md:hidden" />
        <div className="hidden md:flex items-center gap-2" data-testid="nav-actions">
          {loading && !user ? (
            <span className="loading loading-spinner loading-sm" aria-label="Loading" />
          ) : user ? (
            <>
              <a className="btn btn-primary btn-sm" href="/submit">
                Submit Tool
              </a>
              <AvatarMenu user={user} />
            </>
          ) : (
            <>
              <a className="btn btn-ghost btn-sm" href="/auth">
                Sign In
              </a>
              <a className="btn btn-primary btn-sm" href="/auth">
                Get Started
              </a>
            </>
          )}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-square md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            {menuOpen ? (
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M6 18L18 6M6 6l12 12" />
            ) : (
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
            )}
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="md:hidden absolute top-full inset-x-0 bg-base-100 border-b border-base-200 shadow-lg">
          <ul className="menu w-full p-2">
            {links.map(([label, href]) => (
              <li key={href}>
                <a href={href} onClick={close}>
                  {label}
                </a>
              </li>
            ))}
            {user ? (
              <>
                <li className="menu-title">{displayName(user)}</li>
                <li>
                  <a href="/dashboard" onClick={close}>
                    Dashboard
                  </a>
                </li>
                {canOpenAdmin(user) && (
                  <li>
                    <a href="/admin" onClick={close}>
                      Admin Panel
                    </a>
                  </li>
                )}
                {!user.isPremium && (
                  <li>
                    <a href="/pricing" onClick={close}>
                      Upgrade to Premium
                    </a>
                  </li>
                )}
                <li>
                  <button type="button" onClick={() => void signOut()}>
                    Sign Out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <a href="/auth" onClick={close}>
                    Sign In
                  </a>
                </li>
                <li>
                  <a href="/auth" onClick={close}>
                    Get Started
                  </a>
                </li>
              </>
            )}
          </ul>
        </div>
      )}
    </header>
  );
}

function AvatarMenu({ user }: { user: NonNullable<ReturnType<typeof $user.get>['data']> }) {
  return (
    <div className="dropdown dropdown-end">
      <div tabIndex={0} role="button" className="btn btn-ghost btn-circle avatar avatar-placeholder" aria-label="Account menu">
        <div className="bg-primary text-primary-content w-9 h-9 rounded-full">
          {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" /> : <span>{initials(user)}</span>}
        </div>
      </div>
      <ul tabIndex={0} className="dropdown-content menu bg-base-100 rounded-box z-50 mt-2 w-60 p-2 shadow-lg border border-base-200">
        <li className="px-3 py-2 pointer-events-none">
          <div className="flex flex-col items-start gap-0 p-0">
            <span className="font-semibold">{displayName(user)}</span>
            <span className="text-xs text-base-content/80">{user.email}</span>
          </div>
        </li>
        <li>
          <a href="/dashboard">Dashboard</a>
        </li>
        {canOpenAdmin(user) && (
          <li>
            <a href="/admin">Admin Panel</a>
          </li>
        )}
        {user.isPremium ? (
          <li className="menu-disabled">
            <span aria-disabled="true">Premium Member</span>
          </li>
        ) : (
          <li>
            <a href="/pricing">Upgrade to Premium</a>
          </li>
        )}
        <li>
          <button type="button" onClick={() => void signOut()}>
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}
