import { toast } from "../lib/toast-store.ts";

/** Copies `value` to the clipboard; `label` names it in the toast and for screen readers. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied.`);
    } catch {
      toast.error("Copying failed; select the text and copy it by hand.");
    }
  };
  return (
    <button
      type="button"
      className="btn btn--xs"
      onClick={copy}
      aria-label={`Copy ${label.toLowerCase()}`}
      data-testid={testId}
    >
      Copy
    </button>
  );
}
