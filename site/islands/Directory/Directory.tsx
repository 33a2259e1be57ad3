// The directory: search as you type, sort, category, pricing and minimum-rating filters with their counts, and the tool
// grid. The whole query lives in the address (lib/directory.ts); the server renders any such address the same way, so
// the form is a real GET form and paging real links until the island takes over (then Load More).
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES, PRICING_MODELS, type CategoryId, type PricingModel } from '../../../lib/categories';
import { DIRECTORY_PAGE_SIZE, SITE_NAME, SKELETON_CARDS } from '../../../lib/constants';
import type { ToolFacets } from '../../../lib/contract';
import {
  DEFAULT_SORT,
  DIRECTORY_SORTS,
  EMPTY_DIRECTORY_QUERY,
  RATING_THRESHOLDS,
  SORT_LABELS,
  directoryHeading,
  directoryHref,
  directoryTitle,
  parseDirectoryQuery,
  searchWords,
  type DirectoryQuery,
  type DirectorySort,
} from '../../../lib/directory';
import { pricingLabel } from '../../../lib/format';
import { logError } from '../../../lib/http';
import ToolCard, { type ToolCardData } from '../../components/ToolCard';
import ToolCardSkeleton from '../../components/ToolCardSkeleton';
import { catalogueFacets, searchCatalogue } from '../../stores/catalogue';

/** How long typing pauses before the search runs. */
const TYPING_DELAY_MS = 250;

export interface DirectoryProps {
  /** The query of the address the page was rendered for. */
  initialQuery: DirectoryQuery;
  /** Its page of tools, and whether a page follows. */
  initialTools: ToolCardData[];
  initialHasMore: boolean;
  initialFacets: ToolFacets;
  /** The corrected search shown instead of a typed one that found no tool. */
  initialSuggestion: string | null;
  /** The catalogue's size, for the intro line. */
  catalogueSize: number;
  /** Static HTML under the intro (the page passes its links to the category pages). */
  children?: ReactNode;
}

/** The API's query for a directory query's page (page is 1-based). */
function apiQuery(q: DirectoryQuery, page: number) {
  return {
    limit: DIRECTORY_PAGE_SIZE,
    offset: (page - 1) * DIRECTORY_PAGE_SIZE,
    search: q.search || undefined,
    category: [...q.categories],
    pricing: [...q.pricing],
    minRating: q.minRating || undefined,
    sort: q.sort === DEFAULT_SORT ? undefined : q.sort,
  };
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));
const count = (n: number | undefined) => ` (${n ?? 0})`;

export default function Directory({ initialQuery, initialTools, initialHasMore, initialFacets, initialSuggestion, catalogueSize, children }: DirectoryProps) {
  const [query, setQuery] = useState(initialQuery);
  const [input, setInput] = useState(initialQuery.search);
  const [tools, setTools] = useState(initialTools);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [lastPage, setLastPage] = useState(initialQuery.page);
  const [facets, setFacets] = useState(initialFacets);
  const [suggestion, setSuggestion] = useState(initialSuggestion);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Paging links until hydrated (they work without JavaScript); Load More after.
  const [hydrated, setHydrated] = useState(false);
  // The request under way: a newer query aborts it, so a slow answer never overwrites a newer one.
  const inFlight = useRef<AbortController | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(async (next: DirectoryQuery, page: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const first = page === next.page;
    setError(false);
    if (first) setLoading(true);
    else setLoadingMore(true);
    try {
      const [answer, counts] = await Promise.all([
        searchCatalogue({ ...apiQuery(next, page), limit: DIRECTORY_PAGE_SIZE + 1 }, controller.signal),
        first ? catalogueFacets(apiQuery(next, 1), controller.signal) : null,
      ]);
      const rows = answer.tools.slice(0, DIRECTORY_PAGE_SIZE);
      setTools((prev) => (first ? rows : [...prev, ...rows]));
      setHasMore(answer.tools.length > DIRECTORY_PAGE_SIZE);
      setLastPage(page);
      setSuggestion(answer.suggestion);
      if (counts) {
        setFacets(counts);
        setAnnouncement(resultsText(counts.total, next, answer.suggestion));
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      logError(e);
      setError(true);
      if (first) setTools([]);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
        setLoadingMore(false);
      }
    }
  }, []);

  /** Shows a query: its address, title and results. `replace` while typing, so Back skips each keystroke. */
  const navigate = useCallback(
    (next: DirectoryQuery, { replace = false } = {}) => {
      const href = directoryHref(next);
      if (href !== window.location.pathname + window.location.search) {
        if (replace) window.history.replaceState(null, '', href);
        else window.history.pushState(null, '', href);
      }
      setQuery(next);
      void load(next, next.page);
    },
    [load],
  );

  useEffect(() => {
    setHydrated(true);
    // Back and Forward show the query of the address they land on.
    const restore = () => {
      const q = parseDirectoryQuery(new URLSearchParams(window.location.search));
      clearTimeout(typingTimer.current);
      setInput(q.search);
      setQuery(q);
      void load(q, q.page);
    };
    window.addEventListener('popstate', restore);
    return () => {
      window.removeEventListener('popstate', restore);
      clearTimeout(typingTimer.current);
      inFlight.current?.abort();
    };
  }, [load]);

  useEffect(() => {
    document.title = `${directoryTitle(query)} | ${SITE_NAME}`;
  }, [query]);

  /** Any change of filter or sort starts again from page one. */
  const change = (patch: Partial<DirectoryQuery>, options?: { replace?: boolean }) => navigate({ ...query, search: input.trim(), ...patch, page: 1 }, options);

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    setInput(text);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      // The first word typed is a new entry in the history; refining it replaces that entry, so Back leaves the search.
      if (text.trim() !== query.search) navigate({ ...query, search: text.trim(), page: 1 }, { replace: query.search !== '' });
    }, TYPING_DELAY_MS);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    clearTimeout(typingTimer.current);
    change({});
  };

  const clear = () => {
    clearTimeout(typingTimer.current);
    setInput('');
    navigate(EMPTY_DIRECTORY_QUERY);
  };

  const active = query.categories.length + query.pricing.length + (query.minRating ? 1 : 0);
  const filtered = query.search !== '' || active > 0;
  const highlight = searchWords(suggestion ?? query.search);
  const heading = directoryHeading(query);
  const pages = Math.max(1, Math.ceil(facets.total / DIRECTORY_PAGE_SIZE));

  return (
    <div>
      <section>
        <div className="pt-8 pb-6 md:pt-14 md:pb-8">
          <h1 className="text-4xl md:text-5xl font-extrabold tracking-tight">{heading}</h1>
          <p className="mt-3 text-lg text-base-content/80 max-w-2xl">
            {catalogueSize > 0
              ? `${catalogueSize} hand-picked ${catalogueSize === 1 ? 'tool' : 'tools'}, each tested and rated by our editors. Search by name or narrow by category, pricing and rating.`
              : 'Hand-picked tools, each tested and rated by our editors. Search by name or narrow by category, pricing and rating.'}
          </p>
          {children && <div className="mt-5">{children}</div>}
        </div>
      </section>

      <form role="search" action="/directory" method="get" onSubmit={onSubmit} data-testid="directory-form">
        <div className="flex flex-col sm:flex-row gap-3">
          <label className="input input-lg w-full sm:flex-1 bg-base-100">
            <svg className="h-5 w-5 opacity-60" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" strokeLinecap="round" />
            </svg>
            <input type="search" name="q" placeholder="Search tools..." aria-label="Search tools" value={input} maxLength={200} onChange={onType} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary btn-lg flex-1 sm:flex-none">
              Search
            </button>
            {(input !== '' || filtered) && (
              <button type="button" className="btn btn-outline btn-lg flex-1 sm:flex-none" onClick={clear} hidden={!hydrated}>
                Clear Search
              </button>
            )}
          </div>
        </div>

        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[15rem_1fr]">
          {/* On phones and tablets a closed "Filters" panel, so the first results show on the first screen; on wide screens
              always open beside them (global.css). A <details>: it opens and closes without JavaScript too. */}
          <details className="directory-filters self-start">
            <summary className="btn btn-outline w-full justify-between">
              <span>
                Filters
                {active > 0 && <span className="font-normal"> ({active})</span>}
              </span>
              <svg className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
              </svg>
            </summary>
            {/* Two columns of filters in the panel; one column beside the results on wide screens. */}
            <div className="mt-4 lg:mt-0 grid grid-cols-2 gap-x-4 gap-y-6 lg:block lg:space-y-6" data-testid="directory-filters">
              <label className="form-control block w-full col-span-2">
                <span className="label-text font-semibold">Sort by</span>
                <select
                  name="sort"
                  className="select select-bordered w-full mt-1"
                  value={query.sort}
                  onChange={(e) => change({ sort: e.target.value as DirectorySort })}
                >
                  {DIRECTORY_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABELS[s]}
                    </option>
                  ))}
                </select>
              </label>
              <FilterGroup legend="Categories">
                {CATEGORIES.map((c) => (
                  <Check
                    key={c.id}
                    name="category"
                    value={c.id}
                    label={c.label + count(facets.categories[c.id])}
                    checked={query.categories.includes(c.id)}
                    onChange={(on) => change({ categories: toggle<CategoryId>(query.categories, c.id, on) })}
                  />
                ))}
              </FilterGroup>
              <FilterGroup legend="Pricing">
                {PRICING_MODELS.map((p) => (
                  <Check
                    key={p}
                    name="pricing"
                    value={p}
                    label={pricingLabel(p) + count(facets.pricing[p])}
                    checked={query.pricing.includes(p)}
                    onChange={(on) => change({ pricing: toggle<PricingModel>(query.pricing, p, on) })}
                  />
                ))}
              </FilterGroup>
              <FilterGroup legend="Editor rating">
                <Check type="radio" name="minRating" value="" label="Any rating" checked={!query.minRating} onChange={() => change({ minRating: 0 })} />
                {RATING_THRESHOLDS.map((t) => (
                  <Check
                    key={t}
                    type="radio"
                    name="minRating"
                    value={String(t)}
                    label={`${t}+${count(facets.minRating[String(t)])}`}
                    checked={query.minRating === t}
                    onChange={() => change({ minRating: t })}
                  />
                ))}
              </FilterGroup>
              {/* Without JavaScript the choices apply on submit; the island applies each at once. */}
              {!hydrated && (
                <button type="submit" className="btn btn-outline w-full col-span-2">
                  Apply filters
                </button>
              )}
            </div>
          </details>

          <div>
            <div className="mb-4 flex items-baseline justify-between gap-4">
              <h2 className="text-xl font-semibold" data-testid="results-heading">
                {query.search ? `Results for “${suggestion ?? query.search}”` : filtered ? 'Matching tools' : 'All Tools'}
                <span className="font-normal text-base-content/80"> · {facets.total} {facets.total === 1 ? 'tool' : 'tools'}</span>
              </h2>
            </div>
            {suggestion && (
              <p className="mb-4 rounded-lg bg-base-200/60 px-4 py-3" data-testid="did-you-mean">
                Did you mean{' '}
                <a className="link link-primary font-semibold" href={directoryHref({ ...query, search: suggestion, page: 1 })}>
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
                  <button type="button" className="btn btn-primary mt-4" onClick={() => void load(query, query.page)}>
                    Try Again
                  </button>
                </EmptyState>
              ) : tools.length === 0 ? (
                filtered ? (
                  <EmptyState title="No tools found" hint="Try adjusting your search or filter criteria" />
                ) : (
                  <EmptyState title="No tools have been approved yet" hint="Check back soon: new tools are reviewed every week." />
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

            {hydrated
              ? (hasMore || loadingMore) &&
                !loading && (
                  <div className="mt-10 text-center">
                    <button type="button" className="btn btn-outline btn-wide" disabled={loadingMore} onClick={() => void load(query, lastPage + 1)}>
                      {loadingMore && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                      Load More Tools
                    </button>
                  </div>
                )
              : pages > 1 && (
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
                )}
            {error && tools.length > 0 && (
              <p className="mt-4 text-center text-error-text" role="alert">
                More tools could not be loaded. Please try again.
              </p>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}

/** What the live region says once a query's results are in. */
function resultsText(total: number, q: DirectoryQuery, suggestion: string | null): string {
  const found = `${total} ${total === 1 ? 'tool' : 'tools'} found`;
  return suggestion ? `No tools match ${q.search}. Showing ${found.replace(' found', '')} for ${suggestion}.` : `${found}.`;
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="font-semibold mb-2">{legend}</legend>
      <div className="space-y-1">{children}</div>
    </fieldset>
  );
}

function Check({
  type = 'checkbox',
  name,
  value,
  label,
  checked,
  onChange,
}: {
  type?: 'checkbox' | 'radio';
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 cursor-pointer text-sm">
      <input
        type={type}
        name={name}
        value={value}
        className={type === 'radio' ? 'radio radio-sm' : 'checkbox checkbox-sm'}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

function EmptyState({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-base-300 bg-base-200/40 px-6 py-16 text-center">
      <svg className="mx-auto h-12 w-12 text-base-content/40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-base-content/80">{hint}</p>
      {children}
    </div>
  );
}
