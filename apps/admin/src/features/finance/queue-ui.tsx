import { type ReactNode, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog } from "../../components/dialog.tsx";
import { t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { PayoutReferenceInput } from "./queues-api.ts";

/**
 * The pieces every back-office queue shares: the search box, each item's age,
 * the selection and the bulk-approve bar. Deposits and withdrawals use them today; KYC and
 * promotion applications plug in the same way (their list answers `ageSeconds`, their approve
 * goes through POST /api/admin/queues/:kind/bulk-approve).
 */

/**
 * "45 s", "12 min", "3 h 5 min", "2 d 4 h": how long an item has waited, in the operator's
 * language (called while rendering).
 */
export function ageText(seconds: number): string {
  if (seconds < 60) return t("queue.ageS", { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("queue.ageMin", { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 ? t("queue.ageHMin", { h: hours, m: minutes % 60 }) : t("queue.ageH", { h: hours });
  const days = Math.floor(hours / 24);
  return hours % 24 ? t("queue.ageDH", { d: days, h: hours % 24 }) : t("queue.ageD", { d: days });
}

/** An item's age, amber after an hour and red after a day of waiting. */
export function Age({ seconds, waiting, testId }: { seconds: number; waiting: boolean; testId?: string }) {
  const t = useT();
  const tone = !waiting ? "muted" : seconds >= 86_400 ? "danger" : seconds >= 3600 ? "warn" : "";
  return (
    <span
      className={`badge${tone ? ` badge--${tone}` : ""}`}
      data-testid={testId}
      title={t("queue.ageS", { s: seconds })}
    >
      {ageText(seconds)}
    </span>
  );
}

/** The search box, kept in the address (`q`) like the status filter; applied as the operator types. */
export function useQueueSearch(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const set = (next: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.trim()) out.set("q", next);
        else out.delete("q");
        out.delete("page");
        return out;
      },
      { replace: true },
    );
  return [q, set];
}

export function QueueSearch({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder: string;
  testId: string;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  // Typing waits a moment before asking the server again.
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <>
      <label htmlFor={id} className="toolbar-label">
        {t("queue.search")}
      </label>
      <input
        id={id}
        type="search"
        className="input input--auto"
        value={text}
        placeholder={placeholder}
        data-testid={testId}
        onChange={(e) => setText(e.target.value)}
      />
    </>
  );
}

/** Which rows are ticked; only ids still shown stay ticked. */
export function useSelection(visibleIds: readonly number[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const shown = new Set(visibleIds);
  const selected = [...picked].filter((id) => shown.has(id));
  const toggle = (id: number) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = visibleIds.length > 0 && selected.length === visibleIds.length;
  const toggleAll = () => setPicked(all ? new Set() : new Set(visibleIds));
  return {
    selected,
    isPicked: (id: number) => picked.has(id),
    toggle,
    toggleAll,
    all,
    clear: () => setPicked(new Set()),
  };
}

export function BulkBar({ count, children }: { count: number; children: ReactNode }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <section className="toolbar bulk-bar" aria-label={t("queue.selectedItems")} data-testid="queue-bulk-bar">
      <span className="toolbar-count">{t("queue.selected", { n: count })}</span>
      {children}
    </section>
  );
}

/** After a bulk approval: what was done, what was skipped, or that a second operator must approve. */
export function reportBulk(
  result: { approved: number; results: Array<{ id: number; outcome: string }> },
  label: (id: number) => string,
) {
  const skipped = result.results.filter((r) => r.outcome !== "approved").map((r) => label(r.id));
  toast.success(
    skipped.length
      ? t("queue.approvedSkipped", { n: result.approved, skipped: skipped.join(", ") })
      : t("queue.approved", { n: result.approved }),
  );
}

/**
 * Marking withdrawals paid asks for each payout's reference (the bank's or e-wallet's transaction
 * number): it is stored, shown to the member and audited.
 */
export function PayoutReferenceDialog({
  title,
  items,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  items: Array<{ id: number; summary: ReactNode }>;
  busy: boolean;
  onSubmit: (refs: Array<{ id: number; payoutReference: string }>) => void;
  onClose: () => void;
}) {
  const t = useT();
  const formId = useId();
  const [refs, setRefs] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<number, string> = {};
    const out: Array<{ id: number; payoutReference: string }> = [];
    for (const item of items) {
      const parsed = PayoutReferenceInput.safeParse(refs[item.id] ?? "");
      if (parsed.success) out.push({ id: item.id, payoutReference: parsed.data });
      else found[item.id] = parsed.error.issues[0]?.message ?? t("queue.checkReference");
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(out);
  };
  return (
    <Dialog
      title={title}
      description={t("queue.referenceHelp")}
      size="md"
      onClose={onClose}
      busy={busy}
      testId="payout-reference-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={busy}
            data-testid="payout-reference-confirm"
          >
            {busy
              ? t("queue.saving")
              : items.length > 1
                ? t("queue.markNPaid", { n: items.length })
                : t("queue.markPaid")}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="form-stack">
        {items.map((item) => {
          const id = `${formId}-${item.id}`;
          return (
            <div key={item.id} className="field">
              <label htmlFor={id} className="field-label">
                {item.summary}
              </label>
              <input
                id={id}
                className="input"
                maxLength={80}
                required
                value={refs[item.id] ?? ""}
                aria-invalid={errors[item.id] ? true : undefined}
                aria-describedby={errors[item.id] ? `${id}-error` : undefined}
                data-testid={`payout-reference-${item.id}`}
                onChange={(e) => setRefs((r) => ({ ...r, [item.id]: e.target.value }))}
              />
              {errors[item.id] && (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {errors[item.id]}
                </p>
              )}
            </div>
          );
        })}
      </form>
    </Dialog>
  );
}
