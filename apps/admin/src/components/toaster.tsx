import { useT } from "../lib/i18n.ts";
import { toast, useToasts } from "../lib/toast-store.ts";

const TONE_LABEL = { success: "toast.success", error: "toast.error", info: "toast.info" } as const;

/** Every toast lands in one polite live region, so screen readers hear it without interruption. */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  return (
    <section className="toaster" aria-label={t("toast.region")}>
      <div role="status" aria-live="polite" className="toaster-list">
        {toasts.map((n) => (
          <div key={n.id} className={`toast toast--${n.tone}`} data-testid="toast" data-tone={n.tone}>
            <span className="visually-hidden">{t(TONE_LABEL[n.tone])}: </span>
            <p className="toast-message">{n.message}</p>
            <button
              type="button"
              className="toast-close"
              aria-label={t("toast.dismiss")}
              onClick={() => toast.dismiss(n.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
