// Toasts: one visible at a time, 5 seconds by default (SPEC.md section 9). A toast shown just
// before a navigation (login, submit, unauthorized redirects) carries over to the next page for
// the rest of its time, through sessionStorage.
import { atom } from 'nanostores';
import { TOAST_DURATION_MS } from '../../lib/constants';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
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

function display(toast: Omit<Toast, 'id'>, until: number): void {
  clearTimeout(timer);
  const shown = { ...toast, id: nextId++ };
  $toast.set(shown);
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ toast, until }));
  timer = setTimeout(() => {
    if ($toast.get()?.id === shown.id) dismissToast();
  }, until - Date.now());
}

/** Shows a toast, replacing the one on screen. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  display(toast, Date.now() + (toast.duration ?? TOAST_DURATION_MS));
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
  storage()?.removeItem(STORAGE_KEY);
}

// A toast the previous page showed and did not finish.
try {
  const saved = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as { toast: Omit<Toast, 'id'>; until: number } | null;
  if (saved && saved.until > Date.now()) display(saved.toast, saved.until);
  else storage()?.removeItem(STORAGE_KEY);
} catch {
  storage()?.removeItem(STORAGE_KEY);
}
