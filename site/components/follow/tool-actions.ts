// The tool page's Follow / Save / "Compare with…" forms, enhanced (docs/decisions/0108): a signed-in member sees
// "Following" and "Saved" (the forms then unfollow and unsave), and the compare field suggests tools as the visitor
// types (the catalogue's search, GET /api/tools); picking one opens the pair's compare page.
import { comparePath } from '../../../lib/alternatives';
import { hasSignInHint } from '../../stores/sign-in-hint';

const TYPING_DELAY_MS = 150;

async function showState(root: HTMLElement, slug: string): Promise<void> {
  // Signed out (no hint cookie): nothing to ask, and no 401 in the visitor's console.
  if (!hasSignInHint()) return;
  const res = await fetch(`/api/follows/state?target=tool&id=${encodeURIComponent(slug)}`, {
    credentials: 'same-origin',
  });
  // Signed out: the forms stay as they are. The body is read all the same: a response left unread stays open in
  // Chromium (the page never goes idle).
  if (!res.ok) return void (await res.text());
  const state = (await res.json()) as { following: boolean; saved: boolean };
  const email = root.querySelector<HTMLElement>('[data-follow-email]');
  email?.remove();
  root.querySelector('[data-follow-consent]')?.remove();
  const followButton = root.querySelector<HTMLButtonElement>('[data-follow-button]');
  const followIntent = root.querySelector<HTMLInputElement>('[data-follow-intent]');
  if (state.following && followButton && followIntent) {
    followButton.textContent = 'Following · Unfollow';
    followIntent.value = 'unfollow';
  }
  const saveButton = root.querySelector<HTMLButtonElement>('[data-save-button]');
  const saveIntent = root.querySelector<HTMLInputElement>('[data-save-intent]');
  if (state.saved && saveButton && saveIntent) {
    saveButton.textContent = 'Saved · Remove';
    saveIntent.value = 'remove';
  }
}

function suggest(root: HTMLElement, slug: string): void {
  const input = root.querySelector<HTMLInputElement>('[data-compare-input]');
  const options = root.querySelector<HTMLDataListElement>('[data-compare-options]');
  const form = root.querySelector<HTMLFormElement>('[data-compare-form]');
  if (!input || !options || !form) return;
  const byName = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const picked = byName.get(input.value);
    if (picked) {
      window.location.assign(comparePath(slug, picked));
      return;
    }
    timer = setTimeout(async () => {
      const search = input.value.trim();
      if (search.length < 2) return;
      inFlight?.abort();
      inFlight = new AbortController();
      try {
        // A plain fetch of the catalogue's search: the page's only script stays small (no store, no schemas).
        const res = await fetch(`/api/tools?search=${encodeURIComponent(search)}&limit=6`, { signal: inFlight.signal });
        if (!res.ok) return void (await res.text());
        const { tools } = (await res.json()) as { tools: { name: string; slug: string }[] };
        byName.clear();
        options.replaceChildren(
          ...tools
            .filter((t) => t.slug !== slug)
            .map((t) => {
              byName.set(t.name, t.slug);
              const option = document.createElement('option');
              option.value = t.name;
              return option;
            }),
        );
      } catch {
        // An aborted or failed search leaves the plain form, which still works.
      }
    }, TYPING_DELAY_MS);
  });
  form.addEventListener('submit', (event) => {
    const picked = byName.get(input.value);
    if (!picked) return;
    event.preventDefault();
    window.location.assign(comparePath(slug, picked));
  });
}

export function enhanceToolActions(root: HTMLElement): void {
  const slug = root.dataset.slug ?? '';
  void showState(root, slug);
  suggest(root, slug);
}
