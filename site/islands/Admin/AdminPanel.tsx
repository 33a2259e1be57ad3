// The /admin island: checks access, then shows the stat cards and the tabs the user's permissions allow.
import { useEffect, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { tagLabel } from '../../../lib/format';
import { TOAST } from '../../../lib/messages';
import { can, canOpenAdmin, type Permission } from '../../../lib/permissions';
import { $pendingTools } from '../../stores/admin';
import { redirectToLogin, type CurrentUser } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import ApprovedTab from './ApprovedTab';
import BlogTab from './BlogTab';
import ChangeRequestsTab from './ChangeRequestsTab';
import ClaimsTab from './ClaimsTab';
import LinkHealthTab from './LinkHealthTab';
import MessagesTab from './MessagesTab';
import NewsletterTab from './NewsletterTab';
import PendingTab from './PendingTab';
import PremiumTab from './PremiumTab';
import ReportsTab from './ReportsTab';
import SettingsTab from './SettingsTab';
import StatCards from './StatCards';
import UsersTab from './UsersTab';
import { Spinner } from './parts';

type TabId =
  | 'pending'
  | 'approved'
  | 'change-requests'
  | 'reports'
  | 'link-health'
  | 'claims'
  | 'users'
  | 'blog'
  | 'messages'
  | 'newsletter'
  | 'premium'
  | 'settings';

interface TabDef {
  id: TabId;
  label: string;
  permission: Permission;
  Panel: ComponentType<{ user: CurrentUser }>;
}

const TABS: readonly TabDef[] = [
  {
    id: 'pending',
    label: 'Pending Review',
    permission: 'read:pending-tools',
    Panel: ({ user }) => <PendingTab viewer={user} />,
  },
  { id: 'approved', label: 'Approved Tools', permission: 'edit:tools', Panel: ApprovedTab },
  { id: 'change-requests', label: 'Change Requests', permission: 'review:change-requests', Panel: ChangeRequestsTab },
  { id: 'reports', label: 'Reports', permission: 'manage:reports', Panel: ReportsTab },
  { id: 'link-health', label: 'Link Health', permission: 'manage:link-health', Panel: LinkHealthTab },
  { id: 'claims', label: 'Claims', permission: 'manage:claims', Panel: ClaimsTab },
  { id: 'users', label: 'User Management', permission: 'manage:users', Panel: UsersTab },
  { id: 'blog', label: 'Blog CMS', permission: 'manage:blog', Panel: BlogTab },
  { id: 'messages', label: 'Messages', permission: 'answer:assigned-messages', Panel: MessagesTab },
  { id: 'newsletter', label: 'Newsletter', permission: 'manage:newsletter', Panel: NewsletterTab },
  { id: 'premium', label: 'Premium', permission: 'manage:premium', Panel: PremiumTab },
  { id: 'settings', label: 'Settings', permission: 'read:settings', Panel: SettingsTab },
];

const isTabId = (value: string): value is TabId => TABS.some((t) => t.id === value);

/** The tab named in the address (#users), when the user may open it; else their first tab. */
function tabFromHash(allowed: readonly TabDef[]): TabId | undefined {
  const hash = window.location.hash.slice(1);
  return isTabId(hash) && allowed.some((t) => t.id === hash) ? hash : allowed[0]?.id;
}

function PendingCount() {
  const { data } = useStore($pendingTools);
  if (!data) return null;
  return (
    <span className="badge badge-warning badge-sm ml-2">
      {data.length}
      <span className="sr-only"> pending</span>
    </span>
  );
}

function Panel({ user }: { user: CurrentUser }) {
  const allowed = TABS.filter((t) => can(user, t.permission));
  const [active, setActive] = useState<TabId | undefined>(() => tabFromHash(allowed));
  const current = allowed.find((t) => t.id === active) ?? allowed[0];

  useEffect(() => {
    const follow = () => setActive(tabFromHash(TABS.filter((t) => can(user, t.permission))));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [user]);

  function choose(id: TabId) {
    setActive(id);
    history.replaceState(null, '', `#${id}`);
  }

  /** Arrow keys move between tabs, as a tab list should. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      !current ||
      (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End')
    )
      return;
    event.preventDefault();
    const index = allowed.indexOf(current);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? allowed.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + allowed.length) % allowed.length;
    choose(allowed[next].id);
    document.getElementById(`admin-tab-${allowed[next].id}`)?.focus();
  }

  return (
    <section className="max-w-6xl mx-auto px-4 py-8 sm:py-10 flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-bold">Admin Panel</h1>
          <p className="text-base-content/70 mt-1">
            Review submissions, keep the directory accurate and manage the site.
          </p>
        </div>
        <span className="badge badge-outline">{user.isAdmin ? 'Admin' : tagLabel(user.role.replace('_', '-'))}</span>
      </div>

      {can(user, 'read:stats') && <StatCards />}

      <div
        role="tablist"
        aria-label="Admin sections"
        className="tabs tabs-box overflow-x-auto flex-nowrap"
        onKeyDown={onKeyDown}
      >
        {allowed.map((tab) => {
          const selected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              id={`admin-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className={`tab shrink-0 whitespace-nowrap ${selected ? 'tab-active' : 'text-base-content/80'}`}
              onClick={() => choose(tab.id)}
            >
              {tab.label}
              {tab.id === 'pending' && <PendingCount />}
            </button>
          );
        })}
      </div>

      {current && (
        <div
          id={`admin-panel-${current.id}`}
          role="tabpanel"
          aria-labelledby={`admin-tab-${current.id}`}
          className="card bg-base-100 border border-base-200 shadow-sm"
        >
          <div className="card-body p-4 sm:p-6">
            <h2 className="card-title mb-2">{current.label}</h2>
            <current.Panel user={user} />
          </div>
        </div>
      )}
    </section>
  );
}

export default function AdminPanel() {
  const { data: user, loading, error } = useUser();
  // undefined: not known yet; null: signed out.
  const known = !loading && (user !== undefined || Boolean(error));
  const allowed = Boolean(user && canOpenAdmin(user));

  useEffect(() => {
    if (!known || allowed) return;
    const timer = redirectToLogin(TOAST.adminRequired, user ? '/' : '/api/login');
    return () => clearTimeout(timer);
  }, [known, allowed, user]);

  if (!known || !allowed || !user) return <Spinner label="Loading admin panel" />;
  return <Panel user={user} />;
}
