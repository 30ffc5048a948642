import "../finance/finance.css";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { errorMessage, isApiCode } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { AmountInput } from "../finance/money.ts";
import {
  type BonusRule,
  type BonusRuleDraft,
  useBonusRules,
  useClearBonusReview,
  useForfeitBonus,
  useGrantBonus,
  useMemberBonuses,
  useSaveBonusRule,
} from "./bonus-api.ts";

const EMPTY: BonusRuleDraft = {
  name: "",
  kind: "first_deposit",
  percent: 100,
  maxBonus: "1000.00",
  minDeposit: "100.00",
  wageringMultiple: 10,
  wageringBase: "bonus",
  contributions: { RNG: 100, LOTT: 10, LIVE: 10, CARDS: 10, "*": 50 },
  maxBet: null,
  expiryDays: 7,
  maxConversion: null,
  forfeitOnWithdrawal: true,
  onePerHousehold: true,
  enabled: true,
};

/** "RNG 100, LOTT 10, * 50" ↔ {"RNG": 100, ...}. */
const ratesText = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
function parseRates(text: string): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const part of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\*|[A-Z]{2,12})\s+(\d{1,3})$/.exec(part);
    if (!m?.[1] || !m[2] || Number(m[2]) > 100) return null;
    out[m[1]] = Number(m[2]);
  }
  return Object.keys(out).length > 0 ? out : null;
}
const optionalAmount = (text: string): string | null | false => {
  if (!text.trim()) return null;
  const a = AmountInput.safeParse(text);
  return a.success ? a.data : false;
};

function RuleForm({ rule, onDone }: { rule: (BonusRuleDraft & { id?: number }) | null; onDone: () => void }) {
  const save = useSaveBonusRule();
  const start = rule ?? EMPTY;
  const [d, setD] = useState({
    ...start,
    maxBonusText: start.maxBonus ?? "",
    maxBetText: start.maxBet ?? "",
    maxConversionText: start.maxConversion ?? "",
    rates: ratesText(start.contributions),
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const contributions = parseRates(d.rates);
    const maxBonus = optionalAmount(d.maxBonusText);
    const maxBet = optionalAmount(d.maxBetText);
    const maxConversion = optionalAmount(d.maxConversionText);
    const minDeposit =
      d.minDeposit.trim() === "" || d.minDeposit === "0" ? "0.00" : optionalAmount(d.minDeposit);
    if (!d.name.trim()) return setError("Name the bonus");
    if (!contributions)
      return setError('Contributions: game types and percents, like "RNG 100, LOTT 10, * 0"');
    if (
      maxBonus === false ||
      maxBet === false ||
      maxConversion === false ||
      minDeposit === false ||
      minDeposit === null
    )
      return setError("Amounts look like 1500 or 1500.50");
    setError(null);
    save.mutate(
      {
        id: rule?.id,
        name: d.name.trim(),
        kind: d.kind,
        percent: d.percent,
        maxBonus,
        minDeposit,
        wageringMultiple: d.wageringMultiple,
        wageringBase: d.wageringBase,
        contributions,
        maxBet,
        expiryDays: d.expiryDays,
        maxConversion,
        forfeitOnWithdrawal: d.forfeitOnWithdrawal,
        onePerHousehold: d.onePerHousehold,
        enabled: d.enabled,
      },
      {
        onSuccess: () => {
          toast.success("Bonus rule saved.");
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const num = (k: "percent" | "wageringMultiple" | "expiryDays", label: string) => (
    <label>
      {label}
      <input
        className="input"
        type="number"
        value={d[k]}
        onChange={(e) => setD({ ...d, [k]: Number(e.target.value) })}
        data-testid={`rule-${k}`}
      />
    </label>
  );
  const text = (
    k: "name" | "maxBonusText" | "minDeposit" | "maxBetText" | "maxConversionText" | "rates",
    label: string,
  ) => (
    <label>
      {label}
      <input
        className="input"
        value={d[k]}
        onChange={(e) => setD({ ...d, [k]: e.target.value })}
        data-testid={`rule-${k}`}
      />
    </label>
  );
  const check = (k: "forfeitOnWithdrawal" | "onePerHousehold" | "enabled", label: string) => (
    <label className="checkbox">
      <input type="checkbox" checked={d[k]} onChange={(e) => setD({ ...d, [k]: e.target.checked })} /> {label}
    </label>
  );
  return (
    <form className="card form-grid" onSubmit={submit} data-testid="bonus-rule-form">
      {text("name", "Name")}
      <label>
        Kind
        <select
          className="input"
          value={d.kind}
          onChange={(e) => setD({ ...d, kind: e.target.value as BonusRule["kind"] })}
        >
          <option value="first_deposit">First deposit</option>
          <option value="reload">Reload deposit</option>
          <option value="manual">Manual / reward</option>
        </select>
      </label>
      {num("percent", "Percent of the deposit")}
      {text("maxBonusText", "Bonus cap (empty: none)")}
      {text("minDeposit", "Minimum deposit")}
      {num("wageringMultiple", "Wagering multiple")}
      <label>
        Wagering of
        <select
          className="input"
          value={d.wageringBase}
          onChange={(e) => setD({ ...d, wageringBase: e.target.value as BonusRule["wageringBase"] })}
        >
          <option value="bonus">the bonus</option>
          <option value="bonus_deposit">bonus + deposit</option>
        </select>
      </label>
      {text("rates", "Contributions % by game type (* = others)")}
      {text("maxBetText", "Maximum bet while wagering (empty: none)")}
      {num("expiryDays", "Expires after (days)")}
      {text("maxConversionText", "Most it can turn into (empty: no cap)")}
      {check("forfeitOnWithdrawal", "A withdrawal before wagering is met forfeits it")}
      {check("onePerHousehold", "One bonus per household (shared payout account flags for review)")}
      {check("enabled", "Offered")}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="rule-save">
          Save rule
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RulesPanel({ canWrite }: { canWrite: boolean }) {
  const rules = useBonusRules();
  const [editing, setEditing] = useState<(BonusRuleDraft & { id?: number }) | null | "new">(null);
  return (
    <section>
      <h2>Bonus rules</h2>
      {canWrite && editing === null && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEditing("new")}
          data-testid="rule-new"
        >
          New rule
        </button>
      )}
      {editing !== null && (
        <RuleForm rule={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
      )}
      <div className="table-wrap">
        <table className="table" data-testid="bonus-rules">
          <thead>
            <tr>
              <th>#</th>
              <th>Name</th>
              <th>Kind</th>
              <th>Offer</th>
              <th>Wagering</th>
              <th>Max bet</th>
              <th>Cap</th>
              <th>Expiry</th>
              <th>Offered</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(rules.data?.items ?? []).map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>{r.name}</td>
                <td>{r.kind}</td>
                <td>
                  {r.kind === "manual"
                    ? "—"
                    : `${r.percent}% up to ${r.maxBonus ?? "∞"}, from ${r.minDeposit}`}
                </td>
                <td>
                  {r.wageringMultiple}× {r.wageringBase === "bonus" ? "bonus" : "bonus + deposit"} ·{" "}
                  {ratesText(r.contributions)}
                </td>
                <td>{r.maxBet ?? "—"}</td>
                <td>{r.maxConversion ?? "—"}</td>
                <td>{r.expiryDays} d</td>
                <td>{r.enabled ? "yes" : "no"}</td>
                <td>
                  {canWrite && (
                    <button type="button" className="btn btn-sm" onClick={() => setEditing(r)}>
                      Edit
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MemberBonusesPanel({ canWrite }: { canWrite: boolean }) {
  // Opened from a player's page (/bonuses?member=ID): that member's bonuses straight away.
  const [search] = useSearchParams();
  const fromLink = /^\d{1,15}$/.test(search.get("member") ?? "") ? Number(search.get("member")) : null;
  const [idText, setIdText] = useState(fromLink === null ? "" : String(fromLink));
  const [memberId, setMemberId] = useState<number | null>(fromLink);
  const list = useMemberBonuses(memberId);
  const rules = useBonusRules();
  const grant = useGrantBonus(memberId);
  const forfeit = useForfeitBonus(memberId);
  const clear = useClearBonusReview(memberId);
  const [ruleId, setRuleId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const onGrant = (e: FormEvent) => {
    e.preventDefault();
    const a = AmountInput.safeParse(amount);
    if (!a.success || ruleId === null) return toast.error("Choose a rule and an amount");
    grant.mutate(
      { ruleId, amount: a.data, requestId },
      {
        onSuccess: () => {
          toast.success("Bonus granted.");
          setRequestId(crypto.randomUUID());
        },
        onError: (err) => {
          // Above the finance threshold the grant waits for a second operator (Approvals).
          if (isApiCode(err, "APPROVAL_PENDING")) setRequestId(crypto.randomUUID());
          toast.error(errorMessage(err));
        },
      },
    );
  };
  return (
    <section>
      <h2>Member bonuses</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setMemberId(/^\d{1,15}$/.test(idText.trim()) ? Number(idText.trim()) : null);
        }}
      >
        <input
          className="input"
          placeholder="Member id"
          value={idText}
          onChange={(e) => setIdText(e.target.value)}
          data-testid="bonus-member-id"
        />
        <button type="submit" className="btn">
          Show
        </button>
      </form>
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      {list.data?.bonusReview && (
        <p className="notice" data-testid="bonus-review">
          Flagged for household review: no bonus is offered.{" "}
          {canWrite && (
            <button type="button" className="btn btn-sm" onClick={() => clear.mutate()}>
              Clear the flag
            </button>
          )}
        </p>
      )}
      {memberId !== null && canWrite && (
        <form className="inline-form" onSubmit={onGrant} data-testid="bonus-grant-form">
          <select
            className="input"
            value={ruleId ?? ""}
            onChange={(e) => setRuleId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Rule…</option>
            {(rules.data?.items ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <input
            className="input"
            placeholder="Amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={grant.isPending}>
            Grant bonus
          </button>
        </form>
      )}
      {memberId !== null && (
        <div className="table-wrap">
          <table className="table" data-testid="member-bonuses">
            <thead>
              <tr>
                <th>#</th>
                <th>Rule</th>
                <th>Amount</th>
                <th>Balance</th>
                <th>Wagered</th>
                <th>State</th>
                <th>Expires</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(list.data?.items ?? []).map((b) => (
                <tr key={b.id}>
                  <td>{b.id}</td>
                  <td>{b.name}</td>
                  <td>{b.amount}</td>
                  <td>{b.balance ?? "—"}</td>
                  <td>
                    {b.wagered} / {b.wageringRequired} ({b.progress}%)
                  </td>
                  <td>{b.state}</td>
                  <td>{b.expiresAt ? formatDateTime(b.expiresAt) : ""}</td>
                  <td>
                    {canWrite && b.state === "active" && (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => {
                          const reason = window.prompt("Why is this bonus forfeited?");
                          if (reason?.trim())
                            forfeit.mutate(
                              { id: b.id, reason: reason.trim() },
                              { onError: (err) => toast.error(errorMessage(err)) },
                            );
                        }}
                      >
                        Forfeit
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Back office → Bonuses (issue 16 point 7): the rules, and each member's bonuses. */
export function BonusesPage() {
  const canWrite = useCanWrite("bonuses");
  return (
    <div className="page">
      <PageHeader
        title="Bonuses"
        description="Deposit and manual bonus rules; each member's bonuses with a manual grant (a second operator above the finance threshold) or forfeit."
      />
      {!canWrite && <ReadOnlyNote />}
      <RulesPanel canWrite={canWrite} />
      <MemberBonusesPanel canWrite={canWrite} />
    </div>
  );
}
