// The dashboard's "Your Submissions" card: the user's tools a page at a time (Load More), each with its status (a
// pending one's place in the review queue, a rejected one's reason), View and Edit.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format';
import { STACKED_TABLE } from '../../components/stacked-table';
import { $myQueue, MY_TOOLS_FIRST_PAGE, myToolsPage, type MyTool } from '../../stores/my-tools';
import QueueLine from './QueueLine';
import ToolStatusBadge from './ToolStatusBadge';

/** The tool's public page when it is live, else its private preview. */
function viewHref(tool: MyTool): string {
  return tool.status === 'approved' ? `/tool/${tool.slug}` : `/dashboard/preview?id=${tool.id}`;
}

/** The submit form, prefilled with the owner's pending or rejected submission. */
function editHref(tool: MyTool): string {
  return `/submit?edit=${tool.id}`;
}

/** The rows of one page of the submissions table (none until the page has loaded). */
function SubmissionRows({ url, onEdit }: { url: string; onEdit: (tool: MyTool) => void }) {
  const { data } = useStore(myToolsPage(url));
  const { data: queue } = useStore($myQueue);
  return data?.items.map((tool) => {
    const queued = queue?.pending.find((entry) => entry.id === tool.id);
    const rejection = queue?.rejected.find((entry) => entry.id === tool.id);
    return (
      <tr key={tool.id} data-testid="submission-row">
        <td>
          <div className="font-medium">{tool.name}</div>
          {tool.pendingChangeRequest && (
            <div className="badge badge-xs border-0 bg-sky-100 text-sky-800 mt-1">Changes pending review</div>
          )}
        </td>
        <td data-label="Status">
          <ToolStatusBadge tool={tool} rejection={rejection} />
          {tool.status === 'pending' && queued && queue && <QueueLine entry={queued} queueLength={queue.queueLength} />}
        </td>
        <td data-label="Submitted">{shortDate(tool.submittedAt)}</td>
        <td data-label="Premium">{tool.isPremium ? 'Premium' : 'Free'}</td>
        <td>
          <div className="flex gap-2">
            {tool.status === 'approved' && (
              <button
                type="button"
                className="btn btn-xs btn-outline"
                onClick={() => onEdit(tool)}
                disabled={tool.pendingChangeRequest}
              >
                Edit
              </button>
            )}
            {/* A submission is edited in the submit form itself, prefilled (docs/decisions/0069). */}
            {tool.status === 'pending' && (
              <a className="btn btn-xs btn-outline" href={editHref(tool)}>
                Edit
              </a>
            )}
            {/* A rejection no resubmission can change offers none (docs/decisions/0104). */}
            {tool.status === 'rejected' && rejection?.resubmit !== false && (
              <a className="btn btn-xs btn-outline" href={editHref(tool)}>
                Edit &amp; resubmit
              </a>
            )}
            <a className="btn btn-xs btn-ghost" href={viewHref(tool)}>
              View
            </a>
          </div>
        </td>
      </tr>
    );
  });
}

function Loading() {
  return (
    <div className="flex justify-center py-10">
      <span className="loading loading-spinner" role="status" aria-label="Loading" />
    </div>
  );
}

/** `ready`: the cards above are drawn at their height; until then a spinner holds the place of what could be clicked. */
export default function Submissions({ onEdit, ready }: { onEdit: (tool: MyTool) => void; ready: boolean }) {
  // The pages shown, by address: Load More adds the one the last page names. Each page is its own store, so the rows
  // already shown stay while the next one loads.
  const [pageUrls, setPageUrls] = useState([MY_TOOLS_FIRST_PAGE]);
  const lastUrl = pageUrls[pageUrls.length - 1];
  const first = useStore(myToolsPage(MY_TOOLS_FIRST_PAGE));
  // The rows wait for the queue's answer (or its failure) too: a queue line arriving later would push the rows below
  // it down under a pointer (docs/decisions/0084).
  const queue = useStore($myQueue);
  const queueSettled = queue.data !== undefined || queue.error !== undefined;
  const last = useStore(myToolsPage(lastUrl));
  const loadingMore = pageUrls.length > 1 && last.loading && !last.data;
  const moreFailed = pageUrls.length > 1 && Boolean(last.error) && !last.loading && !last.data;
  const next = last.data?.next;
  const loadMore = () => {
    if (moreFailed) myToolsPage(lastUrl).invalidate();
    else if (next) setPageUrls((urls) => [...urls, next]);
  };

  return (
    <div className="card bg-base-100 border border-base-200 mt-8">
      <div className="card-body">
        <h2 className="card-title">Your Submissions</h2>
        {!ready ? (
          <Loading />
        ) : !first.data && first.error && !first.loading ? (
          <div className="text-center py-10">
            <p className="text-base-content/80 mb-4" role="alert">
              Your submissions could not be loaded.
            </p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => myToolsPage(MY_TOOLS_FIRST_PAGE).invalidate()}
            >
              Try Again
            </button>
          </div>
        ) : !first.data || !queueSettled ? (
          <Loading />
        ) : first.data.items.length === 0 ? (
          <div className="text-center py-10">
            <p className="text-base-content/80 mb-4">No tools submitted yet</p>
            <a href="/submit" className="btn btn-primary">
              Submit Your First Tool
            </a>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className={STACKED_TABLE} aria-label="Your submissions">
              <thead>
                <tr>
                  <th>Tool Name</th>
                  <th>Status</th>
                  <th>Submitted</th>
                  <th>Premium</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {pageUrls.map((url) => (
                  <SubmissionRows key={url} url={url} onEdit={onEdit} />
                ))}
              </tbody>
            </table>
            {moreFailed && (
              <p className="mt-4 text-center text-error-text" role="alert">
                More submissions could not be loaded. Please try again.
              </p>
            )}
            {(next || loadingMore || moreFailed) && (
              <div className="mt-6 text-center">
                <button type="button" className="btn btn-outline btn-wide" disabled={loadingMore} onClick={loadMore}>
                  {loadingMore && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  Load More Submissions
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
