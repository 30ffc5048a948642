import { useT } from "../lib/i18n.ts";
import { toast } from "../lib/toast-store.ts";

/** Copies `value` to the clipboard; `label` names it in the toast and for screen readers. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("common.copied", { label }));
    } catch {
      toast.error(t("newOperator.copyFailed"));
    }
  };
  return (
    <button
      type="button"
      className="btn btn--xs"
      onClick={copy}
      aria-label={t("common.copyAria", { label: label.toLowerCase() })}
      data-testid={testId}
    >
      {t("newOperator.copy")}
    </button>
  );
}
