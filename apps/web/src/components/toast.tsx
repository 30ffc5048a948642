import { useSyncExternalStore } from "react";

/** Short messages at the top of the screen, read out by screen readers; each lasts 5 s. */
type ToastKind = "info" | "success" | "error";
interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

const TOAST_MS = 5000;
const MAX_TOASTS = 4;
let toasts: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function toast(text: string, kind: ToastKind = "info"): void {
  lastId += 1;
  const id = lastId;
  toasts = [...toasts, { id, text, kind }].slice(-MAX_TOASTS);
  notify();
  setTimeout(() => {
    toasts = toasts.filter((x) => x.id !== id);
    notify();
  }, TOAST_MS);
}

export function ToastHost() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => toasts,
  );
  return (
    <div className="toasts" aria-live="polite">
      {list.map((x) => (
        <div
          key={x.id}
          className={`toast toast-${x.kind}`}
          data-testid="toast"
          role={x.kind === "error" ? "alert" : "status"}
        >
          {x.text}
        </div>
      ))}
    </div>
  );
}
