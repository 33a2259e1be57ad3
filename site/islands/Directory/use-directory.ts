// The directory island's state: the query shown and its tools, counts and suggestion, loaded from the catalogue store
// as the query changes (a newer query aborts the one under way, so a slow answer never overwrites a newer one), with
// the address kept in step: each query is an address, and Back and Forward show the query of the one they land on.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { DIRECTORY_PAGE_SIZE, SITE_NAME } from '../../../lib/constants';
import type { ToolFacets } from '../../../lib/contract';
import { EMPTY_DIRECTORY_QUERY, directoryHref, directoryTitle, type DirectoryQuery } from '../../../lib/directory';
import { logError } from '../../../lib/http';
import type { ToolCardData } from '../../components/ToolCard';
import { catalogueFacets, searchCatalogue } from '../../stores/catalogue';
import { apiQuery, isDirectoryQuery, resultsText } from './query';

/** How long typing pauses before the search runs. */
const TYPING_DELAY_MS = 250;

export interface DirectoryStart {
  initialQuery: DirectoryQuery;
  initialTools: ToolCardData[];
  initialHasMore: boolean;
  initialFacets: ToolFacets;
  initialSuggestion: string | null;
}

export function useDirectory({
  initialQuery,
  initialTools,
  initialHasMore,
  initialFacets,
  initialSuggestion,
}: DirectoryStart) {
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
        // Each entry keeps its query: Back and Forward show it without reading the address again (the server reads
        // it, lib/catalogue-query.ts; the island ships no parser).
        if (replace) window.history.replaceState(next, '', href);
        else window.history.pushState(next, '', href);
      }
      setQuery(next);
      void load(next, next.page);
    },
    [load],
  );

  useEffect(() => {
    setHydrated(true);
    // Back and Forward show the query of the entry they land on; the page's own entry holds the query it was rendered with.
    window.history.replaceState(initialQuery, '', window.location.href);
    const restore = (event: PopStateEvent) => {
      // An entry the directory did not make (a link to #an-anchor): the server reads its address.
      if (!isDirectoryQuery(event.state)) return window.location.reload();
      const q = event.state;
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
  }, [load, initialQuery]);

  useEffect(() => {
    document.title = `${directoryTitle(query)} | ${SITE_NAME}`;
  }, [query]);

  /** Any change of filter or sort starts again from page one. */
  const change = (patch: Partial<DirectoryQuery>, options?: { replace?: boolean }) =>
    navigate({ ...query, search: input.trim(), ...patch, page: 1 }, options);

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    setInput(text);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      // The first word typed is a new entry in the history; refining it replaces that entry, so Back leaves the search.
      if (text.trim() !== query.search)
        navigate({ ...query, search: text.trim(), page: 1 }, { replace: query.search !== '' });
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

  return {
    query,
    input,
    tools,
    hasMore,
    facets,
    suggestion,
    loading,
    loadingMore,
    error,
    announcement,
    hydrated,
    change,
    onType,
    onSubmit,
    clear,
    retry: () => void load(query, query.page),
    loadMore: () => void load(query, lastPage + 1),
  };
}

export type DirectoryState = ReturnType<typeof useDirectory>;
