// The directory: search as you type, sort, category, pricing and minimum-rating filters with their counts, and the tool
// grid. The whole query lives in the address (lib/directory.ts); the server renders any such address the same way, so
// the form is a real GET form and paging real links until the island takes over (then Load More).
import type { ReactNode } from 'react';
import { directoryHeading } from '../../../lib/directory';
import DirectoryFilters from './DirectoryFilters';
import DirectoryResults from './DirectoryResults';
import { useDirectory, type DirectoryStart } from './use-directory';

export interface DirectoryProps extends DirectoryStart {
  /** The catalogue's size, for the intro line. */
  catalogueSize: number;
  /** Static HTML under the intro (the page passes its links to the category pages). */
  children?: ReactNode;
}

export default function Directory({ catalogueSize, children, ...start }: DirectoryProps) {
  const state = useDirectory(start);
  const { query, input, hydrated } = state;
  const active =
    query.categories.length + query.pricing.length + (query.minRating ? 1 : 0) + (query.includeDiscontinued ? 1 : 0);
  const filtered = query.search !== '' || active > 0;

  return (
    <div>
      <section>
        <div className="pt-8 pb-6 md:pt-14 md:pb-8">
          <h1 className="text-4xl md:text-5xl font-extrabold tracking-tight">{directoryHeading(query)}</h1>
          <p className="mt-3 text-lg text-base-content/80 max-w-2xl">
            {catalogueSize > 0
              ? `${catalogueSize} hand-picked ${catalogueSize === 1 ? 'tool' : 'tools'}, each tested and rated by our editors. Search by name or narrow by category, pricing and rating.`
              : 'Hand-picked tools, each tested and rated by our editors. Search by name or narrow by category, pricing and rating.'}
          </p>
          {children && <div className="mt-5">{children}</div>}
        </div>
      </section>

      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark in every browser; <search> is too new to rely on */}
      <form role="search" action="/directory" method="get" onSubmit={state.onSubmit} data-testid="directory-form">
        <div className="flex flex-col sm:flex-row gap-3">
          <label className="input input-lg w-full sm:flex-1 bg-base-100">
            <svg
              className="h-5 w-5 opacity-60"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" strokeLinecap="round" />
            </svg>
            <input
              type="search"
              name="q"
              placeholder="Search tools..."
              aria-label="Search tools"
              value={input}
              maxLength={200}
              onChange={state.onType}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary btn-lg flex-1 sm:flex-none">
              Search
            </button>
            {(input !== '' || filtered) && (
              <button
                type="button"
                className="btn btn-outline btn-lg flex-1 sm:flex-none"
                onClick={state.clear}
                hidden={!hydrated}
              >
                Clear Search
              </button>
            )}
          </div>
        </div>

        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[15rem_1fr]">
          <DirectoryFilters
            query={query}
            facets={state.facets}
            active={active}
            hydrated={hydrated}
            change={state.change}
          />
          <DirectoryResults state={state} filtered={filtered} />
        </div>
      </form>
    </div>
  );
}
