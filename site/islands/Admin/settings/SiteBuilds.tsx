// The Settings tab's "Site Builds" card body: the live build, the builder, the queue, the pages rendered on demand
// until the next build, and the history of builds.
import type { Json, LiveBuild } from '../../../../lib/contract';
import type { AdminSettings } from '../../../stores/admin';
import { dateTime } from '../parts';
import History, { BuildStatus } from './BuildHistory';
import { duration, number, pagesText, plural, timeAgo } from './build-text';

export default function SiteBuilds({ settings }: { settings: AdminSettings }) {
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
        !settings.live && (
          <p className="text-sm text-base-content/70">
            No site build has run since the server started keeping records.
          </p>
        )
      )}
    </div>
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
            Built <time dateTime={live.finishedAt}>{timeAgo(live.finishedAt)}</time> ({dateTime(live.finishedAt)}) in{' '}
            {duration(live.seconds)} · {pagesText(live)}
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
  const summary =
    queue.count === 0
      ? 'Nothing queued.'
      : `${[queue.running > 0 && `${number(queue.running)} being built now`, waiting > 0 && `${number(waiting)} waiting`].filter(Boolean).join(', ')}.`;
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
