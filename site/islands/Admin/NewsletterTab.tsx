// The admin Newsletter tab (docs/decisions/0107): "Draft from the data", the next digest issue (NewsletterIssueCard),
// and the past issues with their recipients.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { DIGEST_MIN_ITEMS } from '../../../lib/newsletter';
import { $newsletterIssues, draftFromData, type NewsletterIssueRow } from '../../stores/admin-newsletter';
import { perform } from './feedback';
import NewsletterIssueCard, { STATUS_BADGES } from './NewsletterIssueCard';
import { EmptyState, ListState, dateTime } from './parts';

function PastIssues({ issues }: { issues: NewsletterIssueRow[] }) {
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby="past-issues">
      <h3 id="past-issues" className="mb-2 text-lg font-bold">
        Past issues
      </h3>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Issue</th>
              <th>Status</th>
              <th>Items</th>
              <th>Recipients</th>
              <th>Sent</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.id}>
                <td>
                  {issue.status === 'sent' ? (
                    <a className="link" href={`/newsletter/${issue.issueDate}`}>
                      {issue.issueDate}
                    </a>
                  ) : (
                    issue.issueDate
                  )}
                </td>
                <td>
                  <span className={`badge badge-sm ${STATUS_BADGES[issue.status]}`}>{issue.status}</span>
                </td>
                <td>{issue.items}</td>
                <td>{issue.recipients}</td>
                <td>{issue.sentAt ? dateTime(issue.sentAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function NewsletterTab() {
  const { data, loading, error } = useStore($newsletterIssues);
  const [drafting, setDrafting] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-base-content/80">
          The weekly digest goes out on Mondays; a week with fewer than {DIGEST_MIN_ITEMS} news items rolls into the
          next issue.
        </p>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={drafting}
          onClick={async () => {
            setDrafting(true);
            await perform(draftFromData, {
              success: (issue) => ({ title: ENGAGE_MSG.digestDrafted, description: `${issue.items} news items` }),
              failure: ENGAGE_MSG.digestDraftFailed,
            });
            setDrafting(false);
          }}
        >
          Draft from the data
        </button>
      </div>
      <ListState data={data} loading={loading} error={error}>
        {(issues) => {
          const next = issues.find((issue) => issue.status === 'draft' || issue.status === 'scheduled');
          return (
            <>
              {next ? (
                <NewsletterIssueCard key={next.id} issue={next} />
              ) : (
                <EmptyState>{ENGAGE_MSG.digestNoDraft}</EmptyState>
              )}
              <PastIssues issues={issues.filter((issue) => issue !== next)} />
            </>
          );
        }}
      </ListState>
    </div>
  );
}
