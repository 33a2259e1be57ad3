// The signed-in user's dashboard: stats, upgrade or membership, their submissions a page at a time with View and Edit,
// the tools they own (verified owners), and their tools' performance.
import { Suspense, lazy, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { redirectToLogin } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { $myToolStats } from '../../stores/my-tools';
import { $ownedTools } from '../../stores/owned-tools';
import { $membership } from '../../stores/premium';
import { $accountEmail } from '../../stores/account-email';
import EmailVerificationBanner from './EmailVerificationBanner';
import type { EditableTool } from './ChangeRequestDialog';
import Membership from './Membership';
import OwnedTools from './OwnedTools';
import BadgeSnippets from './BadgeSnippets';
import PremiumBenefits from './PremiumBenefits';
import SavedTools from './SavedTools';
import Submissions from './Submissions';
import UpgradeButton from './UpgradeButton';
import { PageSpinner } from '../../components/PageSpinner';
// The Edit dialog (and the validation it brings) loads only when an owner opens it.
const ChangeRequestDialog = lazy(() => import('./ChangeRequestDialog'));
const ToolMetrics = lazy(() => import('./ToolMetrics'));

export default function Dashboard({ onHome = false }: { onHome?: boolean }) {
  const { data: user, loading } = useUser();
  const { data: counts } = useStore($myToolStats);
  const membership = useStore($membership);
  const accountEmail = useStore($accountEmail);
  const [editing, setEditing] = useState<EditableTool | null>(null);

  useEffect(() => {
    if (loading || user) return;
    if (onHome) {
      // The hint cookie was stale (the user store has already dropped it): show the landing page instead.
      delete document.documentElement.dataset.auth;
      return;
    }
    const timer = redirectToLogin();
    return () => clearTimeout(timer);
  }, [user, loading, onHome]);

  useEffect(() => {
    if (user && onHome) document.documentElement.dataset.auth = 'in';
  }, [user, onHome]);

  // The spinner only until the user is first known: a later refetch keeps the page on screen.
  if (!user) {
    return <PageSpinner />;
  }
  // A member's membership card sits above the submissions: their rows wait until it is drawn (or failed), so that no
  // row moves under a pointer on its way to its Edit. Tool Performance, which grows as it loads, comes after them.
  // The not-verified notice above them waits for its answer the same way.
  const aboveDrawn =
    (!user.isPremium || membership.data !== undefined || membership.error !== undefined) &&
    (accountEmail.data !== undefined || accountEmail.error !== undefined);

  const stats = [
    { label: 'Total Submissions', value: counts?.total ?? 0 },
    { label: 'Approved', value: counts?.approved ?? 0 },
    { label: 'Pending Review', value: counts?.pending ?? 0 },
    { label: 'Premium', value: counts?.premium ?? 0 },
  ];

  return (
    <section className="max-w-6xl mx-auto px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">My Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/submit" className="btn btn-primary">
            Submit New Tool
          </a>
          {!user.isPremium && <UpgradeButton />}
        </div>
      </div>
      <EmailVerificationBanner />

      <div className="grid grid-cols-2 lg:grid-cols-4 gap-4 mt-8">
        {stats.map((s) => (
          <div key={s.label} className="card bg-base-100 border border-base-200" data-testid="stat-card">
            <div className="card-body p-5">
              <span className="text-sm text-base-content/80">{s.label}</span>
              <span className="text-3xl font-bold">{s.value}</span>
            </div>
          </div>
        ))}
      </div>

      <Membership />
      <PremiumBenefits />
      <Submissions onEdit={setEditing} ready={aboveDrawn} />
      <Suspense fallback={null}>
        <ToolMetrics premium={user.isPremium} />
      </Suspense>
      {/* Last: it appears once loaded (most members own none), moving nothing above it. */}
      {aboveDrawn && <OwnedTools onEdit={setEditing} />}
      {aboveDrawn && <BadgeSnippets />}
      {aboveDrawn && <SavedTools />}

      {editing && (
        <Suspense fallback={null}>
          <ChangeRequestDialog
            tool={editing}
            onClose={() => {
              setEditing(null);
              // An owned tool's "Changes pending review" comes from its own list.
              $ownedTools.invalidate();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
