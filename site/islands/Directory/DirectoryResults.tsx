// The directory's results: their heading and count, the "Did you mean" line, the tool grid (or skeletons, or why it is
// empty), and what follows it: paging links until hydrated (they work without JavaScript), Load More after.
import type { ReactNode } from 'react';
import { DIRECTORY_PAGE_SIZE, SKELETON_CARDS } from '../../../lib/constants';
import { directoryHref, searchWords } from '../../../lib/directory';
import ToolCard from '../../components/ToolCard';
import ToolCardSkeleton from '../../components/ToolCardSkeleton';
import type { DirectoryState } from './use-directory';

export default function DirectoryResults({ state, filtered }: { state: DirectoryState; filtered: boolean }) {
  const { query, tools, facets, suggestion, loading, error, announcement } = state;
  const highlight = searchWords(suggestion ?? query.search);
  return (
    <div>
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 className="text-xl font-semibold" data-testid="results-heading">
          {query.search ? `Results for “${suggestion ?? query.search}”` : filtered ? 'Matching tools' : 'All Tools'}
          <span className="font-normal text-base-content/80">
            {' '}
            · {facets.total} {facets.total === 1 ? 'tool' : 'tools'}
          </span>
        </h2>
      </div>
      {suggestion && (
        <p className="mb-4 rounded-lg bg-base-200/60 px-4 py-3" data-testid="did-you-mean">
          Did you mean{' '}
          <a
            className="link link-primary font-semibold"
            href={directoryHref({ ...query, search: suggestion, page: 1 })}
          >
            {suggestion}
          </a>
          ? No tools match “{query.search}”, so these are the results for “{suggestion}”.
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div aria-busy={loading}>
        {loading ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="directory-loading">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <ToolCardSkeleton key={i} />
            ))}
          </div>
        ) : error && tools.length === 0 ? (
          <EmptyState title="Something went wrong" hint="The tools could not be loaded. Please try again.">
            <button type="button" className="btn btn-primary mt-4" onClick={state.retry}>
              Try Again
            </button>
          </EmptyState>
        ) : tools.length === 0 ? (
          filtered ? (
            <EmptyState title="No tools found" hint="Try adjusting your search or filter criteria" />
          ) : (
            <EmptyState
              title="No tools have been approved yet"
              hint="Check back soon: new tools are reviewed every week."
            />
          )
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="tool-grid">
            {tools.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} highlight={highlight} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <MoreTools state={state} />
      {error && tools.length > 0 && (
        <p className="mt-4 text-center text-error-text" role="alert">
          More tools could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}

/** Load More once hydrated; before that (and without JavaScript) links to the pages before and after. */
function MoreTools({ state }: { state: DirectoryState }) {
  const { query, facets, hasMore, loading, loadingMore, hydrated } = state;
  if (hydrated) {
    if (!(hasMore || loadingMore) || loading) return null;
    return (
      <div className="mt-10 text-center">
        <button type="button" className="btn btn-outline btn-wide" disabled={loadingMore} onClick={state.loadMore}>
          {loadingMore && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Load More Tools
        </button>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(facets.total / DIRECTORY_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4" data-testid="pagination">
      {query.page > 1 && (
        <a className="btn btn-outline" rel="prev" href={directoryHref({ ...query, page: query.page - 1 })}>
          Previous page
        </a>
      )}
      <span>
        Page {query.page} of {pages}
      </span>
      {query.page < pages && (
        <a className="btn btn-outline" rel="next" href={directoryHref({ ...query, page: query.page + 1 })}>
          Next page
        </a>
      )}
    </nav>
  );
}

function EmptyState({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-base-300 bg-base-200/40 px-6 py-16 text-center">
      <svg
        className="mx-auto h-12 w-12 text-base-content/40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-base-content/80">{hint}</p>
      {children}
    </div>
  );
}
