// Toasts: one visible at a time, 5 seconds by default (SPEC.md section 9). A toast shown just before a navigation
// (login, submit, unauthorized redirects) names the page it leads to and is shown there for the rest of its time,
// through sessionStorage; on any other page, or after a sign-in or sign-out in between, it is dropped (decision 0015).
import { atom } from 'nanostores';
import { TOAST_DURATION_MS } from '../../lib/constants';
import { hasSignInHint } from './sign-in-hint';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

/** A toast on its way to the next page: until when, on which page, and whether the visitor was signed in. */
export interface CarriedToast {
  toast: Omit<Toast, 'id'>;
  until: number;
  page: string;
  signedIn: boolean;
}

const STORAGE_KEY = 'toast';

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A page's path without a trailing slash: /admin and /admin/ are the same page. */
export function pagePath(url: string, base: string): string {
  const path = new URL(url, base).pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A carried toast is shown only on the page it was meant for, in time, to the same signed-in (or signed-out) visitor. */
export function belongsHere(saved: CarriedToast, here: { now: number; page: string; signedIn: boolean }): boolean {
  return saved.until > here.now && saved.page === here.page && saved.signedIn === here.signedIn;
}

function display(toast: Omit<Toast, 'id'>, until: number): void {
  clearTimeout(timer);
  const shown = { ...toast, id: nextId++ };
  $toast.set(shown);
  timer = setTimeout(() => {
    if ($toast.get()?.id === shown.id) dismissToast();
  }, until - Date.now());
}

/**
 * Shows a toast, replacing the one on screen. With `next`, the address the caller is about to open, that page shows it
 * too for the rest of its time; without it the toast ends with this page.
 */
export function showToast(toast: Omit<Toast, 'id'>, { next }: { next?: string } = {}): void {
  const until = Date.now() + (toast.duration ?? TOAST_DURATION_MS);
  display(toast, until);
  if (next) {
    const carried: CarriedToast = {
      toast,
      until,
      page: pagePath(next, window.location.href),
      signedIn: hasSignInHint(),
    };
    storage()?.setItem(STORAGE_KEY, JSON.stringify(carried));
  } else {
    storage()?.removeItem(STORAGE_KEY);
  }
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
  storage()?.removeItem(STORAGE_KEY);
}

// A toast the previous page carried here: read once, so it never travels further.
try {
  const saved = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as CarriedToast | null;
  storage()?.removeItem(STORAGE_KEY);
  if (
    saved &&
    belongsHere(saved, {
      now: Date.now(),
      page: pagePath(window.location.href, window.location.href),
      signedIn: hasSignInHint(),
    })
  ) {
    display(saved.toast, saved.until);
  }
} catch {
  storage()?.removeItem(STORAGE_KEY);
}
