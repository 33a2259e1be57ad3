// Settings: whether e-mail and payments run against their providers or in development mode; the live site build
// (when, how long, pages rendered vs reused), the queue, the pages served on demand until the next build, the latest
// builds with the last failure and its log, Rebuild Now; and the features in service.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST } from '../../../lib/messages';
import { can } from '../../../lib/permissions';
import { $adminSettings, rebuildSite, refreshSettings } from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import { perform } from './feedback';
import OutboxList from './OutboxList';
import { ListState } from './parts';
import Services from './settings/Services';
import SiteBuilds from './settings/SiteBuilds';

const FEATURES = [
  'Tool submissions',
  'Editorial review',
  'Premium listings',
  'Change requests',
  'Blog',
  'Search index',
];

function RebuildNow() {
  const [busy, setBusy] = useState(false);
  async function rebuild() {
    setBusy(true);
    await perform(rebuildSite, { success: () => TOAST.rebuildQueued, failure: TOAST.rebuildFailed });
    setBusy(false);
  }
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={rebuild} disabled={busy}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Rebuild Now
    </button>
  );
}

export default function SettingsTab({ user }: { user: CurrentUser }) {
  const { data, loading, error } = useStore($adminSettings);
  return (
    <ListState data={data} loading={loading} error={error}>
      {(settings) => (
        <div className="grid grid-cols-1 lg:grid-cols-2 gap-4">
          <section className="card bg-base-100 border border-base-200" aria-labelledby="settings-services">
            <div className="card-body p-5">
              <h3 id="settings-services" className="card-title text-base">
                API Keys
              </h3>
              <Services settings={settings} />
              {!settings.email.configured && can(user, 'read:outbox') && <OutboxList />}
            </div>
          </section>
          <section className="card bg-base-100 border border-base-200" aria-labelledby="settings-build">
            <div className="card-body p-5">
              <div className="flex items-center justify-between gap-3 flex-wrap">
                <h3 id="settings-build" className="card-title text-base">
                  Site Builds
                </h3>
                {/* No polling (SPEC.md section 9): the admin follows a build with Refresh. */}
                <div className="flex gap-2">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={refreshSettings}>
                    Refresh
                  </button>
                  {can(user, 'run:rebuild') && <RebuildNow />}
                </div>
              </div>
              <SiteBuilds settings={settings} />
            </div>
          </section>
          <section
            className="card bg-base-100 border border-base-200 lg:col-span-2"
            aria-labelledby="settings-features"
          >
            <div className="card-body p-5">
              <h3 id="settings-features" className="card-title text-base">
                Features
              </h3>
              <ul className="grid sm:grid-cols-2 lg:grid-cols-3 gap-2">
                {FEATURES.map((feature) => (
                  <li
                    key={feature}
                    className="flex items-center justify-between gap-2 border border-base-200 rounded-box px-3 py-2"
                  >
                    <span className="text-sm">{feature}</span>
                    <span className="badge badge-success badge-sm">Active</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </div>
      )}
    </ListState>
  );
}
