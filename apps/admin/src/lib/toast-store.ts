import { useSyncExternalStore } from "react";

export type ToastTone = "success" | "error" | "info";

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

/** How long a toast stays before it leaves on its own. */
const TOAST_LIFETIME_MS = 5_000;
/** More than this at once is noise; the oldest go first. */
const TOASTS_MAX = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  const remaining = toasts.filter((t) => t.id !== id);
  if (remaining.length === toasts.length) return;
  toasts = remaining;
  emit();
}

function push(tone: ToastTone, message: string): void {
  // The same message already on screen (e.g. several calls refused at once) is shown once.
  if (toasts.some((t) => t.message === message && t.tone === tone)) return;
  const id = nextId++;
  toasts = [...toasts, { id, tone, message }].slice(-TOASTS_MAX);
  emit();
  setTimeout(() => dismiss(id), TOAST_LIFETIME_MS);
}

export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  dismiss,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

/** The toasts on screen now (for tests and non-React callers). */
export function currentToasts(): readonly Toast[] {
  return toasts;
}
