import { toast, useToasts } from "../lib/toast-store.ts";

const TONE_LABEL = { success: "Success", error: "Error", info: "Notice" } as const;

/** Every toast lands in one polite live region, so screen readers hear it without interruption. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section className="toaster" aria-label="Notifications">
      <div role="status" aria-live="polite" className="toaster-list">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.tone}`} data-testid="toast" data-tone={t.tone}>
            <span className="visually-hidden">{TONE_LABEL[t.tone]}: </span>
            <p className="toast-message">{t.message}</p>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => toast.dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
