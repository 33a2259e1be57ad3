import { SEARCH_INDEX_SHARDS } from '../../../lib/constants';

// Site search over the Pagefind index of tool and blog pages. /pagefind/s0/pagefind.js (written by the build) is
// imported the first time a box is focused or typed in, so the search costs nothing until it is used.
const MAX_RESULTS = 6;
// The index comes in shards (a change re-indexes only its own): the first one's script loads, the others merge into it.
const SHARDS = Array.from({ length: SEARCH_INDEX_SHARDS }, (_, shard) => `/pagefind/s${shard}/`);

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  filters?: Record<string, string[]>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string): Promise<void>;
  debouncedSearch(term: string, options?: Record<string, unknown>, ms?: number): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

let pagefind: Promise<Pagefind> | null = null;

function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    // A runtime address, not a module of the bundle: the index is written after Astro builds.
    const path = `${SHARDS[0]}pagefind.js`;
    const module = (await import(/* @vite-ignore */ path)) as Pagefind;
    await module.options({ excerptLength: 18 });
    await Promise.all(SHARDS.slice(1).map((shard) => module.mergeIndex(shard)));
    await module.init();
    return module;
  })();
  pagefind.catch(() => {
    pagefind = null; // let a later attempt retry
  });
  return pagefind;
}

function resultItem(data: PagefindResultData): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = data.url;
  a.className = 'flex flex-col items-start gap-0.5 py-2';
  const head = document.createElement('span');
  head.className = 'flex items-center gap-2 font-semibold';
  head.textContent = data.meta.title ?? data.url;
  const kind = data.filters?.type?.[0];
  if (kind) {
    const badge = document.createElement('span');
    badge.className = 'badge badge-ghost badge-xs font-normal';
    badge.textContent = kind === 'Blog' ? 'Article' : kind;
    head.append(badge);
  }
  const excerpt = document.createElement('span');
  excerpt.className = 'text-xs text-base-content/80 line-clamp-2 [&_mark]:bg-primary/15 [&_mark]:text-base-content';
  // Pagefind's excerpt is escaped page text with <mark> around the matches.
  excerpt.innerHTML = data.excerpt;
  a.append(head, excerpt);
  li.append(a);
  return li;
}

export function enhanceSiteSearch(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-search-input]');
  const panel = root.querySelector<HTMLElement>('[data-search-panel]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  const list = root.querySelector<HTMLElement>('[data-search-results]');
  const all = root.querySelector<HTMLAnchorElement>('[data-search-all]');
  const clear = root.querySelector<HTMLButtonElement>('[data-search-clear]');
  if (!input || !panel || !status || !list || !all || !clear) return;
  let latest = 0;

  const open = (on: boolean) => {
    panel.hidden = !on;
    input.setAttribute('aria-expanded', String(on));
  };

  const search = async () => {
    clear.hidden = input.value === '';
    const term = input.value.trim();
    const id = ++latest;
    all.href = term ? `/directory?q=${encodeURIComponent(term)}` : '/directory';
    all.textContent = term ? `Search the directory for “${term}”` : 'Search the directory';
    if (!term) {
      list.replaceChildren();
      open(false);
      return;
    }
    open(true);
    status.textContent = 'Searching...';
    try {
      const found = await (await loadPagefind()).debouncedSearch(term, {}, 150);
      if (found === null || id !== latest) return; // a newer search replaced this one
      const data = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));
      if (id !== latest) return;
      list.replaceChildren(...data.map(resultItem));
      status.textContent = data.length ? `${found.results.length} ${found.results.length === 1 ? 'result' : 'results'}` : `No results for “${term}”`;
    } catch {
      if (id !== latest) return;
      list.replaceChildren();
      status.textContent = 'Search is unavailable right now.';
    }
  };

  input.addEventListener('focus', () => {
    void loadPagefind().catch(() => undefined);
    if (input.value.trim()) open(true);
  });
  input.addEventListener('input', () => void search());
  const reset = () => {
    input.value = '';
    void search();
    input.focus();
  };
  clear.addEventListener('click', reset);
  // A value the browser restored (back button) needs its clear button.
  clear.hidden = input.value === '';
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      // In the box, Escape empties it (and so closes the results), as it did when the box was type="search".
      if (e.target === input) reset();
      else {
        input.focus(); // first: focusing a box with text opens the results
        open(false);
      }
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const links = [...list.querySelectorAll<HTMLAnchorElement>('a'), all];
      if (panel.hidden || links.length === 0) return;
      e.preventDefault();
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = e.key === 'ArrowDown' ? (at + 1) % links.length : at <= 0 ? -1 : at - 1;
      (next === -1 ? input : links[next]).focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (!root.contains(e.target as Node)) open(false);
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) open(false);
  });
}
