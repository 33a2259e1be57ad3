import { directoryHref, searchWords } from '../../../lib/directory';
import { hostOf } from '../../../lib/format';
import { highlightParts } from '../../../lib/highlight';
import { searchArticles, searchCatalogue, type ArticleMatch, type ToolList } from '../../stores/catalogue';

// The site-wide search box (docs/decisions/0041, 0087): tools from the catalogue API's full-text search, the same
// engine and order as the directory (typos corrected the same way), and articles from the posts' full-text search
// (GET /api/blog/search), both asked at once when typing pauses.
const MAX_TOOLS = 5;
/** How long typing pauses before the search runs. */
const TYPING_DELAY_MS = 150;

/** A text node and <mark>s for the words the search matched. */
function marked(text: string, words: string[]): Node[] {
  return highlightParts(text, words).map((part) => {
    if (!part.match) return document.createTextNode(part.text);
    const mark = document.createElement('mark');
    mark.textContent = part.text;
    return mark;
  });
}

function resultItem(href: string, title: Node[], kind: string, excerpt: Node[]): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = href;
  a.className = 'flex flex-col items-start gap-0.5 py-2';
  const head = document.createElement('span');
  head.className = 'flex items-center gap-2 font-semibold [&_mark]:bg-primary/15 [&_mark]:text-base-content';
  head.append(...title);
  const badge = document.createElement('span');
  badge.className = 'badge badge-ghost badge-xs font-normal';
  badge.textContent = kind;
  head.append(badge);
  const text = document.createElement('span');
  text.className = 'text-xs text-base-content/80 line-clamp-2 [&_mark]:bg-primary/15 [&_mark]:text-base-content';
  text.append(...excerpt);
  a.append(head, text);
  li.append(a);
  return li;
}

function toolItem(tool: ToolList['tools'][number], words: string[]): HTMLLIElement {
  return resultItem(`/tool/${tool.slug}`, marked(tool.name, words), 'Tool', [
    document.createTextNode(`${hostOf(tool.url)} · `),
    ...marked(tool.description, words),
  ]);
}

function articleItem(post: ArticleMatch, words: string[]): HTMLLIElement {
  return resultItem(`/blog/${post.slug}`, marked(post.title, words), 'Article', marked(post.excerpt, words));
}

export function enhanceSiteSearch(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-search-input]');
  const panel = root.querySelector<HTMLElement>('[data-search-panel]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  const list = root.querySelector<HTMLElement>('[data-search-results]');
  const all = root.querySelector<HTMLAnchorElement>('[data-search-all]');
  const clear = root.querySelector<HTMLButtonElement>('[data-search-clear]');
  if (!input || !panel || !status || !list || !all || !clear) return;
  let inFlight: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = (on: boolean) => {
    panel.hidden = !on;
    input.setAttribute('aria-expanded', String(on));
  };

  const search = async (term: string, controller: AbortController) => {
    status.textContent = 'Searching...';
    try {
      const [tools, articles] = await Promise.all([
        searchCatalogue({ limit: MAX_TOOLS, search: term }, controller.signal),
        // Articles are a bonus: when their search fails the tools still show.
        searchArticles(term, controller.signal).catch(() => [] as ArticleMatch[]),
      ]);
      if (controller.signal.aborted) return;
      const words = searchWords(tools.suggestion ?? term);
      const asTyped = searchWords(term);
      list.replaceChildren(
        ...tools.tools.map((t) => toolItem(t, words)),
        ...articles.map((a) => articleItem(a, asTyped)),
      );
      const count = tools.tools.length + articles.length;
      status.textContent = tools.suggestion
        ? `No results for “${term}”. Did you mean ${tools.suggestion}?`
        : count
          ? `${count} ${count === 1 ? 'result' : 'results'}`
          : `No results for “${term}”`;
    } catch {
      if (controller.signal.aborted) return;
      list.replaceChildren();
      status.textContent = 'Search is unavailable right now.';
    }
  };

  /** Runs after typing pauses; a newer keystroke cancels the wait and aborts the request under way. */
  const onInput = () => {
    clear.hidden = input.value === '';
    const term = input.value.trim();
    clearTimeout(timer);
    inFlight?.abort();
    inFlight = null;
    all.href = directoryHref({ search: term });
    all.textContent = term ? `See all results for “${term}”` : 'Search the directory';
    if (!term) {
      list.replaceChildren();
      open(false);
      return;
    }
    open(true);
    const controller = new AbortController();
    inFlight = controller;
    timer = setTimeout(() => void search(term, controller), TYPING_DELAY_MS);
  };

  input.addEventListener('focus', () => {
    if (input.value.trim()) open(true);
  });
  input.addEventListener('input', onInput);
  const reset = () => {
    input.value = '';
    onInput();
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
