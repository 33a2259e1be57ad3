// Settings: whether e-mail and payments run against their providers or in development mode,
// the latest site builds with the last failure and its log, Rebuild Now, and the features in service.
import { useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST } from '../../../lib/messages';
import { can } from '../../../lib/permissions';
import { $adminSettings, rebuildSite, refreshSettings, type AdminSettings, type SiteBuild } from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import { perform } from './feedback';
import { dateTime, ListState } from './parts';

const BUILD_BADGE: Record<string, string> = {
  succeeded: 'badge-success',
  failed: 'badge-error',
  running: 'badge-info',
  queued: 'badge-ghost',
};

const OUTBOX_LABELS: Record<string, string> = {
  dev: 'kept in the outbox',
  pending: 'waiting to send',
  sent: 'sent',
  failed: 'failed',
};

const FEATURES = ['Tool submissions', 'Editorial review', 'Premium listings', 'Change requests', 'Blog', 'Search index'];

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function ModeBadge({ configured, off = 'Development mode' }: { configured: boolean; off?: string }) {
  return configured ? (
    <span className="badge badge-success whitespace-nowrap shrink-0">Configured</span>
  ) : (
    <span className="badge badge-warning whitespace-nowrap shrink-0">{off}</span>
  );
}

function Row({ label, children, badge }: { label: string; children: ReactNode; badge: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3" data-testid="settings-row">
      <div className="min-w-0">
        <div className="font-medium">{label}</div>
        <div className="text-sm text-base-content/70 break-words">{children}</div>
      </div>
      {badge}
    </li>
  );
}

function outboxText(outbox: Record<string, number> | undefined): string | null {
  if (!outbox) return null;
  const parts = Object.entries(outbox)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${OUTBOX_LABELS[status] ?? status}`);
  return parts.length ? `E-mails: ${parts.join(', ')}.` : 'No e-mails yet.';
}

function Services({ settings }: { settings: AdminSettings }) {
  const { email, payments, google } = settings;
  return (
    <ul className="divide-y divide-base-200">
      <Row label="E-mail (Resend)" badge={<ModeBadge configured={email.configured} />}>
        {email.configured ? `Sent through Resend${email.from ? ` from ${email.from}` : ''}.` : 'No API key: e-mails are kept in the outbox table, not sent.'}{' '}
        {outboxText(email.outbox)}
      </Row>
      <Row label="Payments (Stripe)" badge={<ModeBadge configured={payments.configured} />}>
        {payments.configured
          ? `Stripe Checkout is live${payments.webhook === false ? '; the webhook secret is missing, so payments are not confirmed' : ''}.`
          : 'No API key: upgrades complete at once as mock checkouts.'}
      </Row>
      {google && (
        <Row label="Google sign-in" badge={<ModeBadge configured={google.configured} off="Not configured" />}>
          {google.configured ? 'Visitors can sign in with Google.' : 'Only e-mail and password sign-in is offered.'}
        </Row>
      )}
    </ul>
  );
}

function BuildStatus({ build }: { build: SiteBuild }) {
  return <span className={`badge badge-sm shrink-0 ${BUILD_BADGE[build.status] ?? 'badge-ghost'}`}>{capitalise(build.status)}</span>;
}

/** The newest failed build: whether and when it is tried again, and its log (collapsed: it can be long). */
function LastFailure({ failure, maxAttempts }: { failure: NonNullable<AdminSettings['lastFailure']>; maxAttempts: number | undefined }) {
  const log = useRef<HTMLPreElement>(null);
  const tries = failure.attempts ?? 1;
  const of = maxAttempts ? ` of ${maxAttempts}` : '';
  let state: string;
  if (!failure.willRetry) state = `Gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}${failure.finishedAt ? ` (${dateTime(failure.finishedAt)})` : ''}. The site still serves the last good build.`;
  else if (failure.status === 'running') state = `Try ${tries}${of} failed; trying again now.`;
  else state = `Try ${tries}${of} failed; trying again ${failure.nextAttemptAt ? `at ${dateTime(failure.nextAttemptAt)}` : 'soon'}. The site still serves the last good build.`;
  return (
    <section className="rounded-box border border-red-300 bg-red-50 p-3 flex flex-col gap-2" aria-labelledby="settings-build-failure" data-testid="build-failure">
      <div>
        <h4 id="settings-build-failure" className="font-medium text-red-800">
          Site build failed
        </h4>
        <p className="text-sm text-base-content/80 break-words">
          {failure.reason && <span className="block">{failure.reason}</span>}
          {state}
        </p>
      </div>
      {failure.error && (
        // The error is at the end of the log: opening it scrolls there.
        <details onToggle={(e) => e.currentTarget.open && log.current?.scrollTo({ top: log.current.scrollHeight })}>
          <summary className="cursor-pointer text-sm font-medium">Build log</summary>
          {/* Focusable so the log scrolls from the keyboard too. */}
          <pre ref={log} tabIndex={0} className="mt-2 text-xs leading-relaxed bg-base-100 border border-base-300 rounded-box p-3 max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono">
            {failure.error}
          </pre>
        </details>
      )}
    </section>
  );
}

function Builds({ settings }: { settings: AdminSettings }) {
  const { build, lastFailure } = settings;
  if (!build) return <p className="text-sm text-base-content/70 py-3">No site build has run since the server started keeping records.</p>;
  const earlier = (settings.rebuilds ?? []).filter((b) => b.id === undefined || b.id !== build.id);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3" data-testid="latest-build">
        <div className="min-w-0">
          <div className="font-medium">Latest site build</div>
          <div className="text-sm text-base-content/70">
            {build.reason && <span className="block">{build.reason}</span>}
            {build.finishedAt ? `Finished ${dateTime(build.finishedAt)}` : build.requestedAt ? `Requested ${dateTime(build.requestedAt)}` : 'Not finished yet'}
          </div>
        </div>
        <BuildStatus build={build} />
      </div>
      {lastFailure && <LastFailure failure={lastFailure} maxAttempts={settings.maxAttempts} />}
      {earlier.length > 0 && (
        <div>
          <h4 className="text-sm font-medium mb-1">Earlier builds</h4>
          <ul className="divide-y divide-base-200 text-sm" aria-label="Earlier site builds">
            {earlier.map((b, i) => (
              <li key={b.id ?? i} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <div className="truncate" title={b.reason}>
                    {b.reason ?? 'Site build'}
                  </div>
                  <div className="text-xs text-base-content/60">{b.finishedAt ? `Finished ${dateTime(b.finishedAt)}` : b.requestedAt ? `Requested ${dateTime(b.requestedAt)}` : ''}</div>
                </div>
                <BuildStatus build={b} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

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
        <div className="grid lg:grid-cols-2 gap-4">
          <section className="card bg-base-100 border border-base-200" aria-labelledby="settings-services">
            <div className="card-body p-5">
              <h3 id="settings-services" className="card-title text-base">
                API Keys
              </h3>
              {settings ? <Services settings={settings} /> : <p className="text-sm text-base-content/70">This server does not report its configuration.</p>}
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
              {settings ? <Builds settings={settings} /> : <p className="text-sm text-base-content/70">The build state is not available.</p>}
            </div>
          </section>
          <section className="card bg-base-100 border border-base-200 lg:col-span-2" aria-labelledby="settings-features">
            <div className="card-body p-5">
              <h3 id="settings-features" className="card-title text-base">
                Features
              </h3>
              <ul className="grid sm:grid-cols-2 lg:grid-cols-3 gap-2">
                {FEATURES.map((feature) => (
                  <li key={feature} className="flex items-center justify-between gap-2 border border-base-200 rounded-box px-3 py-2">
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
