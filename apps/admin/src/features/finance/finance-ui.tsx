import { Link } from "react-router";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { isNegative, money } from "./money.ts";

type Tone = "success" | "danger" | "warn" | "muted" | "";

/** A status in words with its colour: what waits for someone is amber, money out of reach red. */
const STATUS: Record<string, { label: TextKey; tone: Tone }> = {
  pending: { label: "finance.status.pending", tone: "warn" },
  approved: { label: "finance.status.approved", tone: "success" },
  applied: { label: "finance.status.applied", tone: "success" },
  paid: { label: "finance.status.paid", tone: "success" },
  rejected: { label: "finance.status.rejected", tone: "danger" },
  failed: { label: "finance.status.failed", tone: "danger" },
  awaiting_payment: { label: "finance.status.awaiting_payment", tone: "muted" },
  received: { label: "finance.status.received", tone: "success" },
  partly_received: { label: "finance.status.partly_received", tone: "warn" },
  not_received: { label: "finance.status.not_received", tone: "danger" },
  auto_received: { label: "finance.status.auto_received", tone: "success" },
};

/** A status in the operator's language (called while rendering); an unknown one as it came. */
export function statusLabel(status: string): string {
  const s = STATUS[status];
  return s ? t(s.label) : status;
}

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  useT();
  const tone = STATUS[status]?.tone ?? "";
  return (
    <span className={`badge${tone ? ` badge--${tone}` : ""}`} data-status={status}>
      {label ?? statusLabel(status)}
    </span>
  );
}

/** A signed amount, green when it adds to the account and red when it takes from it. */
export function SignedAmount({ amount, currency }: { amount: string; currency?: string }) {
  const debit = isNegative(amount);
  return (
    <span className={debit ? "money-debit" : "money-credit"}>
      {debit ? "" : "+"}
      {money(amount, currency)}
    </span>
  );
}

/** The member's name, opening their wallet and ledger. */
export function MemberLink({ id, username }: { id: number; username: string | null }) {
  const t = useT();
  return (
    <Link to={`/players/${id}/wallet`} data-testid={`member-link-${id}`}>
      {username ?? t("finance.playerNo", { id })}
    </Link>
  );
}

/** The status filter above a queue: the value "" lists every status. */
export function StatusFilter<S extends string>({
  id,
  value,
  options,
  onChange,
  testId,
}: {
  id: string;
  value: S | "";
  options: readonly S[];
  onChange: (value: S | "") => void;
  testId: string;
}) {
  const t = useT();
  return (
    <>
      <label htmlFor={id} className="toolbar-label">
        {t("finance.status")}
      </label>
      <select
        id={id}
        className="input select input--auto"
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? "")}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {statusLabel(o)}
          </option>
        ))}
        <option value="">{t("finance.allStatuses")}</option>
      </select>
    </>
  );
}
