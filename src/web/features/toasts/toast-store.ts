import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A button in the toast (for example "Undo"); the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
  /** How long the toast stays; by default TOAST_DURATION_MS. */
  durationMs?: number;
}

export const TOAST_DURATION_MS = 5_000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(toast: Toast | null) {
  current = toast;
  for (const listener of listeners) listener();
}

/** One toast at a time: a new toast replaces the one on screen. */
export function toast(input: Omit<Toast, 'id'>): void {
  clearTimeout(timer);
  publish({ ...input, id: nextId++ });
  timer = setTimeout(() => publish(null), input.durationMs ?? TOAST_DURATION_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  publish(null);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
