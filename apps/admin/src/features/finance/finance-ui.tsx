import { Link } from "react-router";
import { isNegative, money } from "./money.ts";

type Tone = "success" | "danger" | "warn" | "muted" | "";

/** A status in words with its colour: what waits for someone is amber, money out of reach red. */
const STATUS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: "Pending", tone: "warn" },
  approved: { label: "Approved", tone: "success" },
  applied: { label: "Applied", tone: "success" },
  paid: { label: "Paid", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
  awaiting_payment: { label: "Awaiting payment", tone: "muted" },
  received: { label: "Received", tone: "success" },
  partly_received: { label: "Partly received", tone: "warn" },
  not_received: { label: "Not received", tone: "danger" },
  auto_received: { label: "Received (auto)", tone: "success" },
};

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}

export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, tone: "" };
  return (
    <span className={`badge${s.tone ? ` badge--${s.tone}` : ""}`} data-status={status}>
      {s.label}
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
  return (
    <Link to={`/players/${id}/wallet`} data-testid={`member-link-${id}`}>
      {username ?? `Player #${id}`}
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
  return (
    <>
      <label htmlFor={id} className="toolbar-label">
        Status
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
        <option value="">All statuses</option>
      </select>
    </>
  );
}
