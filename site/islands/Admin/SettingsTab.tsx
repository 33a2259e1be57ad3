// Settings: whether e-mail and payments run against their providers or in development mode; the live site build
// (when, how long, pages rendered vs reused), the queue, the pages served on demand until the next build, the latest
// builds with the last failure and its log, Rebuild Now; and the features in service.
import { useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST } from '../../../lib/messages';
import { can } from '../../../lib/permissions';
import type { BuildStats, Json, LiveBuild, RebuildJob } from '../../../lib/contract';
import { $adminSettings, rebuildSite, refreshSettings, type AdminSettings } from '../../stores/admin';
import type { CurrentUser } from '../../stores/user';
import { perform } from './feedback';
import OutboxList from './OutboxList';
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

const number = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;

/** '4.2 s', '1 min 5 s': how long a build took. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday': as of when the tab was read (it never polls, so Refresh updates it). */
function timeAgo(value: string, now = Date.now()): string {
  const seconds = (new Date(value).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  return 'just now';
}

/** 'in 4.2 s, 120 pages (3 rendered, 117 reused)': what a finished build did. */
function statsText(figures: Json<BuildStats>): string {
  return `in ${duration(figures.seconds)}, ${pagesText(figures)}`;
}

/** 'Finished …' or 'Requested …', with the build's figures once it has them. */
function outcomeText(build: Json<RebuildJob>): string {
  const when = build.finishedAt ? `Finished ${dateTime(build.finishedAt)}` : `Requested ${dateTime(build.requestedAt)}`;
  return build.stats ? `${when} · ${statsText(build.stats)}` : when;
}

/** '120 pages (3 rendered, 117 reused)'. */
function pagesText(figures: Json<BuildStats>): string {
  return `${plural(figures.pages, 'page')} (${number(figures.rendered)} rendered, ${number(figures.reused)} reused)`;
}

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

function outboxText(outbox: Record<string, number>): string {
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
          ? `Stripe Checkout is live${!payments.webhook ? '; the webhook secret is missing, so payments are not confirmed' : ''}.`
          : 'No API key: upgrades complete at once as mock checkouts.'}
      </Row>
      <Row label="Google sign-in" badge={<ModeBadge configured={google.configured} off="Not configured" />}>
        {google.configured ? 'Visitors can sign in with Google.' : 'Only e-mail and password sign-in is offered.'}
      </Row>
    </ul>
  );
}

function BuildStatus({ build }: { build: Pick<Json<RebuildJob>, 'status'> }) {
  return <span className={`badge badge-sm shrink-0 ${BUILD_BADGE[build.status] ?? 'badge-ghost'}`}>{capitalise(build.status)}</span>;
}

/** The newest failed build: whether and when it is tried again, and its log (collapsed: it can be long). */
function LastFailure({ failure, maxAttempts }: { failure: NonNullable<AdminSettings['lastFailure']>; maxAttempts: number }) {
  const log = useRef<HTMLPreElement>(null);
  const tries = failure.attempts;
  const of = ` of ${maxAttempts}`;
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
          <span className="block">{failure.reason}</span>
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
  const { build } = settings;
  return (
    <div className="flex flex-col gap-3">
      <LiveSite live={settings.live} />
      <Builder builder={settings.builder} />
      <Queue queue={settings.queue} />
      <OnDemand onDemand={settings.onDemand} />
      {build ? (
        <History build={build} settings={settings} />
      ) : (
        // A live build without a request: built when the server first started, before any change asked for one.
        !settings.live && <p className="text-sm text-base-content/70">No site build has run since the server started keeping records.</p>
      )}
    </div>
  );
}

/** The newest request, the last failure, and the requests before it, each with its outcome (and its figures once built). */
function History({ build, settings }: { build: Json<RebuildJob>; settings: AdminSettings }) {
  const { lastFailure } = settings;
  const earlier = settings.rebuilds.filter((b) => b.id !== build.id);
  return (
    <>
      <div className="flex items-start justify-between gap-3" data-testid="latest-build">
        <div className="min-w-0">
          <div className="font-medium">Latest site build</div>
          <div className="text-sm text-base-content/70">
            <span className="block">{build.reason}</span>
            {outcomeText(build)}
          </div>
        </div>
        <BuildStatus build={build} />
      </div>
      {lastFailure && <LastFailure failure={lastFailure} maxAttempts={settings.maxAttempts} />}
      {earlier.length > 0 && (
        <div>
          <h4 className="text-sm font-medium mb-1">Earlier builds</h4>
          <ul className="divide-y divide-base-200 text-sm" aria-label="Earlier site builds">
            {earlier.map((b) => (
              <li key={b.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <div className="truncate" title={b.reason}>
                    {b.reason}
                  </div>
                  <div className="text-xs text-base-content/60">
                    {outcomeText(b)}
                  </div>
                </div>
                <BuildStatus build={b} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The server process that builds (the worker lease's holder): none, or one that stopped renewing, means no builds. */
function Builder({ builder }: { builder: AdminSettings['builder'] }) {
  return (
    <div data-testid="builder">
      <h4 className="font-medium">Builder</h4>
      <p className="text-sm text-base-content/70 break-words">
        {!builder
          ? 'No server process holds the build lease: nothing is built until one starts.'
          : builder.lapsed
            ? `${builder.holder} stopped renewing the build lease ${plural(builder.renewedSecondsAgo, 'second')} ago; another server process takes over.`
            : `${builder.holder}, checked in ${plural(builder.renewedSecondsAgo, 'second')} ago. It also sends the e-mails and runs the sweeps.`}
      </p>
    </div>
  );
}

/** The build the site serves now. */
function LiveSite({ live }: { live: Json<LiveBuild> | null }) {
  return (
    <div data-testid="live-build">
      <h4 className="font-medium">Live site</h4>
      <p className="text-sm text-base-content/70">
        {live ? (
          <>
            Built{' '}
            <time dateTime={live.finishedAt}>{timeAgo(live.finishedAt)}</time>{' '}
            ({dateTime(live.finishedAt)}) in {duration(live.seconds)} · {pagesText(live)}
          </>
        ) : (
          'No static build is live yet.'
        )}
      </p>
    </div>
  );
}

/** The requests not built yet: the build running now, and those waiting for the next one. */
function Queue({ queue }: { queue: AdminSettings['queue'] }) {
  const waiting = queue.count - queue.running;
  const summary = queue.count === 0 ? 'Nothing queued.' : [queue.running > 0 && `${number(queue.running)} being built now`, waiting > 0 && `${number(waiting)} waiting`].filter(Boolean).join(', ') + '.';
  const more = queue.count - queue.jobs.length;
  return (
    <div data-testid="build-queue">
      <h4 className="font-medium">Queue</h4>
      <p className="text-sm text-base-content/70">{summary}</p>
      {queue.jobs.length > 0 && (
        <ul className="divide-y divide-base-200 text-sm" aria-label="Queued site builds">
          {queue.jobs.map((job) => (
            <li key={job.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <div className="truncate" title={job.reason}>
                  {job.reason}
                </div>
                <div className="text-xs text-base-content/60">
                  Requested {dateTime(job.requestedAt)}
                  {job.nextAttemptAt && ` · try ${job.attempts + 1} at ${dateTime(job.nextAttemptAt)}`}
                </div>
              </div>
              <BuildStatus build={{ status: job.status }} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="text-xs text-base-content/60 pt-1">…and {plural(more, 'more request')}.</p>}
    </div>
  );
}

/** The pages whose change the live build does not hold yet: the server renders them from the database meanwhile. */
function OnDemand({ onDemand }: { onDemand: AdminSettings['onDemand'] }) {
  const more = onDemand.count - onDemand.paths.length;
  return (
    <div data-testid="on-demand">
      <h4 className="font-medium">Rendered on demand</h4>
      {onDemand.count === 0 ? (
        <p className="text-sm text-base-content/70">Every page is served from the live build.</p>
      ) : (
        <p className="text-sm text-base-content/70 break-words">
          Changes served live until the next build:{' '}
          {onDemand.paths.map((path, i) => (
            <span key={path}>
              {i > 0 && ', '}
              <a className="link font-mono text-xs" href={path}>
                {path}
              </a>
            </span>
          ))}
          {more > 0 ? ` and ${plural(more, 'more page')}.` : '.'}
        </p>
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
              <Builds settings={settings} />
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
