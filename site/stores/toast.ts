// Toasts: one visible at a time, 5 seconds by default (SPEC.md section 9).
import { atom } from 'nanostores';
import { TOAST_DURATION_MS } from '../../lib/constants';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing the one on screen. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  clearTimeout(timer);
  const shown = { ...toast, id: nextId++ };
  $toast.set(shown);
  timer = setTimeout(() => {
    if ($toast.get()?.id === shown.id) $toast.set(null);
  }, toast.duration ?? TOAST_DURATION_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}
