// The directory: search form, category chips and the tool grid with Load More; ?q= and ?category= live in the address.
import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { DIRECTORY_FILTERS } from '../../../lib/categories';
import { DIRECTORY_PAGE_SIZE, SKELETON_CARDS } from '../../../lib/constants';
import { api } from '../../../lib/api-client';
import { logError } from '../../../lib/http';
import ToolCard, { type ToolCardData } from '../../components/ToolCard';
import ToolCardSkeleton from '../../components/ToolCardSkeleton';

type Category = (typeof DIRECTORY_FILTERS)[number]['id'];

interface Query {
  search: string;
  category: Category;
}

const ALL: Category = 'all';

function isCategory(value: string | null): value is Category {
  return DIRECTORY_FILTERS.some((f) => f.id === value);
}

/** The query the address describes. */
function queryFromLocation(): Query {
  const params = new URLSearchParams(window.location.search);
  const category = params.get('category');
  return { search: (params.get('q') ?? '').trim(), category: isCategory(category) ? category : ALL };
}

/** The directory address for a query: /directory, /directory?q=…, /directory?category=…. */
export function directoryHref({ search, category }: Query): string {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (category !== ALL) params.set('category', category);
  const qs = params.toString();
  return qs ? `/directory?${qs}` : '/directory';
}

/** A page of the tools a query finds: the cards' fields of each. */
function findTools({ search, category }: Query, page: number): Promise<ToolCardData[]> {
  const offset = page * DIRECTORY_PAGE_SIZE;
  const tags = category === 'all' ? undefined : category;
  return api('GET /api/tools', { query: { limit: DIRECTORY_PAGE_SIZE, offset, search: search || undefined, tags } }).then((a) => a.tools);
}

export interface DirectoryProps {
  /** The first page of all tools, rendered at build time. */
  initialTools: ToolCardData[];
}

export default function Directory({ initialTools }: DirectoryProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState<Query>({ search: '', category: ALL });
  const [tools, setTools] = useState<ToolCardData[]>(initialTools);
  const [page, setPage] = useState(0);
  const [lastPageSize, setLastPageSize] = useState(initialTools.length);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState(false);
  // Only the newest request may change the grid: a slow answer for an old query is dropped.
  const requestId = useRef(0);

  const load = useCallback(
    async (next: Query, nextPage: number) => {
      const id = ++requestId.current;
      setError(false);
      if (nextPage === 0) setLoading(true);
      else setLoadingMore(true);
      try {
        const rows = await findTools(next, nextPage);
        if (id !== requestId.current) return;
        setTools((prev) => (nextPage === 0 ? rows : [...prev, ...rows]));
        setPage(nextPage);
        setLastPageSize(rows.length);
      } catch (e) {
        if (id !== requestId.current) return;
        logError(e);
        setError(true);
        if (nextPage === 0) setTools([]);
      } finally {
        if (id === requestId.current) {
          setLoading(false);
          setLoadingMore(false);
        }
      }
    },
    [],
  );

  /** Shows a query from page one; the first page of all tools is already in the HTML. */
  const show = useCallback(
    (next: Query) => {
      setQuery(next);
      if (!next.search && next.category === ALL) {
        requestId.current++;
        setTools(initialTools);
        setPage(0);
        setLastPageSize(initialTools.length);
        setLoading(false);
        setLoadingMore(false);
        setError(false);
        return;
      }
      void load(next, 0);
    },
    [initialTools, load],
  );

  // The address may already hold a search (a shared link); Back and Forward move between searches.
  useEffect(() => {
    const fromAddress = () => {
      const q = queryFromLocation();
      setInput(q.search);
      show(q);
    };
    const initial = queryFromLocation();
    if (initial.search || initial.category !== ALL) fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [show]);

  const navigate = (next: Query) => {
    const href = directoryHref(next);
    if (href !== window.location.pathname + window.location.search) window.history.pushState(null, '', href);
    show(next);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    navigate({ search: input.trim(), category: query.category });
  };

  const onCategory = (e: MouseEvent<HTMLAnchorElement>, category: Category) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab keeps the link's own address
    e.preventDefault();
    if (category !== query.category) navigate({ search: query.search, category });
  };

  const clear = () => {
    setInput('');
    navigate({ search: '', category: ALL });
  };

  const filtered = query.search !== '' || query.category !== ALL;
  const showClear = input !== '' || query.search !== '';
  const canLoadMore = !loading && tools.length > 0 && lastPageSize === DIRECTORY_PAGE_SIZE;
  const heading = query.search
    ? `Results for “${query.search}”`
    : (DIRECTORY_FILTERS.find((f) => f.id === query.category)?.label ?? 'All Tools');

  return (
    <div>
      <form role="search" action="/directory" method="get" className="flex flex-col sm:flex-row gap-3" onSubmit={onSubmit}>
        <label className="input input-lg w-full sm:flex-1 bg-base-100">
          <svg className="h-5 w-5 opacity-60" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
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
            onChange={(e) => setInput(e.target.value)}
          />
        </label>
        {query.category !== ALL && <input type="hidden" name="category" value={query.category} />}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary btn-lg flex-1 sm:flex-none">
            Search
          </button>
          {showClear && (
            <button type="button" className="btn btn-outline btn-lg flex-1 sm:flex-none" onClick={clear}>
              Clear Search
            </button>
          )}
        </div>
      </form>

      <nav aria-label="Categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {DIRECTORY_FILTERS.map((f) => {
            const selected = f.id === query.category;
            return (
              <li key={f.id}>
                <a
                  href={directoryHref({ search: query.search, category: f.id })}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="category-chip"
                  className={`btn btn-sm rounded-full ${selected ? 'btn-primary' : 'btn-outline border-base-300 bg-base-100 font-medium'}`}
                  onClick={(e) => onCategory(e, f.id)}
                >
                  {f.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-8 mb-4 flex items-baseline justify-between gap-4">
        <h2 className="text-xl font-semibold" data-testid="results-heading">
          {heading}
          {query.search && query.category !== ALL && (
            <span className="font-normal text-base-content/80"> in {DIRECTORY_FILTERS.find((f) => f.id === query.category)?.label}</span>
          )}
        </h2>
      </div>
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="directory-loading">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <ToolCardSkeleton key={i} />
            ))}
          </div>
        ) : error && tools.length === 0 ? (
          <EmptyState title="Something went wrong" hint="The tools could not be loaded. Please try again.">
            <button type="button" className="btn btn-primary mt-4" onClick={() => void load(query, 0)}>
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
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-grid">
            {tools.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {(canLoadMore || loadingMore) && (
        <div className="mt-10 text-center">
          <button
            type="button"
            className="btn btn-outline btn-wide"
            disabled={loadingMore}
            onClick={() => void load(query, page + 1)}
          >
            {loadingMore && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Load More Tools
          </button>
        </div>
      )}
      {error && tools.length > 0 && (
        <p className="mt-4 text-center text-error-text" role="alert">
          More tools could not be loaded. Please try again.
        </p>
      )}
    </div>
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
