// The Settings tab's build history: the newest request with its outcome, the last failure with its log, and the
// requests before it.
import { useRef } from 'react';
import type { Json, RebuildJob } from '../../../../lib/contract';
import type { AdminSettings } from '../../../stores/admin';
import { dateTime } from '../parts';
import { capitalise, outcomeText } from './build-text';

const BUILD_BADGE: Record<string, string> = {
  succeeded: 'badge-success',
  failed: 'badge-error',
  running: 'badge-info',
  queued: 'badge-ghost',
};

export function BuildStatus({ build }: { build: Pick<Json<RebuildJob>, 'status'> }) {
  return (
    <span className={`badge badge-sm shrink-0 ${BUILD_BADGE[build.status] ?? 'badge-ghost'}`}>
      {capitalise(build.status)}
    </span>
  );
}

/** The newest failed build: whether and when it is tried again, and its log (collapsed: it can be long). */
function LastFailure({
  failure,
  maxAttempts,
}: {
  failure: NonNullable<AdminSettings['lastFailure']>;
  maxAttempts: number;
}) {
  const log = useRef<HTMLPreElement>(null);
  const tries = failure.attempts;
  const of = ` of ${maxAttempts}`;
  let state: string;
  if (!failure.willRetry)
    state = `Gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}${failure.finishedAt ? ` (${dateTime(failure.finishedAt)})` : ''}. The site still serves the last good build.`;
  else if (failure.status === 'running') state = `Try ${tries}${of} failed; trying again now.`;
  else
    state = `Try ${tries}${of} failed; trying again ${failure.nextAttemptAt ? `at ${dateTime(failure.nextAttemptAt)}` : 'soon'}. The site still serves the last good build.`;
  return (
    <section
      className="rounded-box border border-red-300 bg-red-50 p-3 flex flex-col gap-2"
      aria-labelledby="settings-build-failure"
      data-testid="build-failure"
    >
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
          <pre
            ref={log}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable)
            tabIndex={0}
            className="mt-2 text-xs leading-relaxed bg-base-100 border border-base-300 rounded-box p-3 max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono"
          >
            {failure.error}
          </pre>
        </details>
      )}
    </section>
  );
}

/** The newest request, the last failure, and the requests before it, each with its outcome (and its figures once built). */
export default function History({ build, settings }: { build: Json<RebuildJob>; settings: AdminSettings }) {
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
                  <div className="text-xs text-base-content/60">{outcomeText(b)}</div>
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
