// The next digest issue in the admin Newsletter tab (docs/decisions/0107): its week and news count, the intro, a
// preview of the e-mail in a sandboxed frame (srcdoc, no scripts), a test to me, and scheduling on its day or not.
import { useEffect, useState } from 'react';
import { issueDateLabel, issueTitle, MAX_DIGEST_INTRO } from '../../../lib/digest';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { DIGEST_MIN_ITEMS, ISSUE_SEND_HOUR_UTC, type IssueStatus } from '../../../lib/newsletter';
import {
  previewIssue,
  saveIntro,
  scheduleIssue,
  sendIssueNow,
  sendTestToMe,
  unscheduleIssue,
  type NewsletterIssueRow,
} from '../../stores/admin-newsletter';
import { EmailPreviewFrame } from './EmailPreviewFrame';
import { perform } from './feedback';
import { dateTime } from './parts';

export const STATUS_BADGES: Record<IssueStatus, string> = {
  draft: 'badge-ghost',
  scheduled: 'badge-info',
  sending: 'badge-warning',
  sent: 'badge-success',
  rolled: 'badge-neutral',
};

const defaultTime = `${String(ISSUE_SEND_HOUR_UTC).padStart(2, '0')}:00`;

export default function NewsletterIssueCard({ issue }: { issue: NewsletterIssueRow }) {
  const [intro, setIntro] = useState(issue.intro);
  const [confirmSend, setConfirmSend] = useState(false);
  const [time, setTime] = useState(issue.scheduledFor ? issue.scheduledFor.slice(11, 16) : defaultTime);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setIntro(issue.intro), [issue.intro]);
  const thin = issue.items < DIGEST_MIN_ITEMS;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  const showPreview = () =>
    run(() =>
      perform(() => previewIssue(issue.id), {
        success: (answer) => {
          setPreview(answer.html);
          return { title: answer.subject };
        },
        failure: ENGAGE_MSG.digestPreviewFailed,
      }),
    );
  return (
    <section className="card bg-base-100 border border-base-200" aria-labelledby="next-issue" data-testid="next-issue">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline gap-2">
          <h3 id="next-issue" className="text-lg font-bold">
            {issueTitle(issue.issueDate)}
          </h3>
          <span className={`badge ${STATUS_BADGES[issue.status]}`}>{issue.status}</span>
        </div>
        <p className="text-sm text-base-content/80">
          News from {dateTime(issue.periodStart)} to {dateTime(issue.periodEnd)} (UTC): {issue.items} item
          {issue.items === 1 ? '' : 's'} ({issue.content.approved.length} approved, {issue.content.rereviews.length}{' '}
          re-reviewed, {issue.content.discontinued.length} discontinued, {issue.content.corrections.length} corrected)
          {issue.content.featured.length > 0 && `, ${issue.content.featured.length} featured`}.
          {issue.scheduledFor && <> Scheduled for {dateTime(issue.scheduledFor)}.</>}
        </p>
        {thin && (
          <p role="status" className="alert alert-warning text-sm">
            {ENGAGE_MSG.digestThin(issue.items, DIGEST_MIN_ITEMS)}
          </p>
        )}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() =>
              perform(() => saveIntro(issue.id, intro), {
                success: () => ({ title: ENGAGE_MSG.digestIntroSaved }),
                failure: ENGAGE_MSG.digestIntroFailed,
              }),
            );
          }}
        >
          <label className="text-sm font-medium" htmlFor="digest-intro">
            Intro (plain text)
          </label>
          <textarea
            id="digest-intro"
            className="textarea textarea-bordered min-h-24 w-full"
            maxLength={MAX_DIGEST_INTRO}
            value={intro}
            onChange={(event) => setIntro(event.target.value)}
          />
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-base-content/80">
              {intro.length}/{MAX_DIGEST_INTRO}
            </span>
            <button type="submit" className="btn btn-sm" disabled={busy || intro === issue.intro}>
              Save intro
            </button>
          </div>
        </form>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void showPreview()}>
            Preview
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() =>
              void run(() =>
                perform(() => sendTestToMe(issue.id), {
                  success: (answer) => ({ title: answer.message }),
                  failure: ENGAGE_MSG.digestTestFailed,
                }),
              )
            }
          >
            Send a test to me
          </button>
        </div>
        {issue.status === 'scheduled' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline self-start"
            disabled={busy}
            onClick={() =>
              void run(() =>
                perform(() => unscheduleIssue(issue.id), {
                  success: () => ({ title: ENGAGE_MSG.digestUnscheduled }),
                  failure: ENGAGE_MSG.digestUnscheduleFailed,
                }),
              )
            }
          >
            Unschedule
          </button>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() =>
                perform(() => scheduleIssue(issue.id, `${issue.issueDate}T${time}:00Z`), {
                  success: () => ({ title: ENGAGE_MSG.digestScheduled }),
                  failure: ENGAGE_MSG.digestScheduleFailed,
                }),
              );
            }}
          >
            <label className="flex flex-col gap-1 text-sm font-medium">
              Send at (UTC, on {issueDateLabel(issue.issueDate)})
              <input
                type="time"
                className="input input-sm input-bordered w-32"
                value={time}
                required
                onChange={(event) => setTime(event.target.value)}
              />
            </label>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy || thin}>
              Schedule
            </button>
            <button
              type="button"
              className={`btn btn-sm ${confirmSend ? 'btn-warning' : 'btn-outline'}`}
              disabled={busy || thin}
              onClick={() => {
                // Two clicks: the first asks, as sending to every reader cannot be undone.
                if (!confirmSend) return setConfirmSend(true);
                void run(() =>
                  perform(() => sendIssueNow(issue.id), {
                    success: (sent) => ({ title: ENGAGE_MSG.digestSentNow(sent.recipients) }),
                    failure: ENGAGE_MSG.digestSendNowFailed,
                  }),
                );
              }}
            >
              {confirmSend ? 'Send to every reader now' : 'Send now'}
            </button>
          </form>
        )}
        {preview !== null && (
          <EmailPreviewFrame
            title="Preview of the e-mail"
            html={preview}
            className="h-[32rem] w-full rounded-box border border-base-300 bg-white"
            testId="digest-preview"
          />
        )}
      </div>
    </section>
  );
}
