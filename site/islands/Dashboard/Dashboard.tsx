// The signed-in user's dashboard (placeholder until the dashboard issue): heading and sign-in guard.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { UNAUTHORIZED_REDIRECT_MS } from '../../../lib/constants';
import { TOAST } from '../../../lib/messages';
import { $user } from '../../stores/user';
import { showToast } from '../../stores/toast';

export default function Dashboard({ onHome = false }: { onHome?: boolean }) {
  const { data: user, loading } = useStore($user);

  useEffect(() => {
    if (loading || user) return;
    if (onHome) {
      // The hint cookie was stale: show the landing page instead.
      document.cookie = 'signed_in=; Max-Age=0; Path=/';
      delete document.documentElement.dataset.auth;
      return;
    }
    showToast({ ...TOAST.unauthorized, variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign('/api/login'), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [user, loading, onHome]);

  if (loading || !user) {
    return (
      <div className="flex justify-center py-24">
        <span className="loading loading-spinner loading-lg" aria-label="Loading" />
      </div>
    );
  }
  return (
    <section className="max-w-6xl mx-auto px-4 py-10">
      <h1 className="text-3xl font-bold">My Dashboard</h1>
    </section>
  );
}
