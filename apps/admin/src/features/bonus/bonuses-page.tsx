import "../finance/finance.css";
import { formatMinor } from "@panalo/contracts/money-format";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import {
  amountText,
  amountToMinor,
  readPercent,
  readPesos,
  showAmount,
  WHOLE_PERCENT,
} from "../../lib/amounts.ts";
import { errorMessage, isApiCode } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
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
import { bonusKindLabel, bonusStateLabel } from "./bonus-labels.ts";

const RULE_COLUMNS = 10;
const MEMBER_COLUMNS = 8;

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
  const a = readPesos(text);
  return a.ok ? formatMinor(a.value) : false;
};

function RuleForm({ rule, onDone }: { rule: (BonusRuleDraft & { id?: number }) | null; onDone: () => void }) {
  const t = useT();
  const save = useSaveBonusRule();
  const start = rule ?? EMPTY;
  const [d, setD] = useState({
    ...start,
    percentText: String(start.percent),
    minDeposit: amountText(start.minDeposit),
    maxBonusText: amountText(start.maxBonus),
    maxBetText: amountText(start.maxBet),
    maxConversionText: amountText(start.maxConversion),
    rates: ratesText(start.contributions),
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const contributions = parseRates(d.rates);
    const maxBonus = optionalAmount(d.maxBonusText);
    const maxBet = optionalAmount(d.maxBetText);
    const maxConversion = optionalAmount(d.maxConversionText);
    const minRead = readPesos(d.minDeposit || "0", { allowZero: true });
    const minDeposit = minRead.ok ? formatMinor(minRead.value) : false;
    const percent = readPercent(d.percentText, WHOLE_PERCENT, { maxParts: 1000 });
    if (!d.name.trim()) return setError(t("bonus.nameError"));
    if (!percent.ok) return setError(t("bonus.percentError"));
    if (!contributions) return setError(t("bonus.ratesError"));
    if (maxBonus === false || maxBet === false || maxConversion === false || minDeposit === false)
      return setError(t("amount.format"));
    setError(null);
    save.mutate(
      {
        id: rule?.id,
        name: d.name.trim(),
        kind: d.kind,
        percent: percent.value,
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
          toast.success(t("bonus.ruleSaved"));
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const num = (k: "wageringMultiple" | "expiryDays", label: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        type="number"
        value={d[k]}
        onChange={(e) => setD({ ...d, [k]: Number(e.target.value) })}
        data-testid={`rule-${k}`}
      />
    </label>
  );
  const text = (k: "name" | "rates", label: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        value={d[k]}
        onChange={(e) => setD({ ...d, [k]: e.target.value })}
        data-testid={`rule-${k}`}
      />
    </label>
  );
  const check = (k: "forfeitOnWithdrawal" | "onePerHousehold" | "enabled", label: string) => (
    <label className="field-check">
      <input
        type="checkbox"
        className="checkbox"
        checked={d[k]}
        onChange={(e) => setD({ ...d, [k]: e.target.checked })}
      />
      <span className="field-check-label">{label}</span>
    </label>
  );
  return (
    <form className="panel section" onSubmit={submit} data-testid="bonus-rule-form">
      <h3 className="subheading">{rule?.id ? t("bonus.editRule", { id: rule.id }) : t("bonus.newRule")}</h3>
      <div className="form-grid form-grid--3">
        {text("name", t("bonus.name"))}
        <label className="field">
          <span className="field-label">{t("bonus.kind")}</span>
          <select
            className="input select"
            value={d.kind}
            onChange={(e) => setD({ ...d, kind: e.target.value as BonusRule["kind"] })}
          >
            <option value="first_deposit">{t("bonus.kindFirst")}</option>
            <option value="reload">{t("bonus.kindReload")}</option>
            <option value="manual">{t("bonus.kindManual")}</option>
          </select>
        </label>
        <PercentInput
          label={t("bonus.percent")}
          unit={WHOLE_PERCENT}
          maxParts={1000}
          value={d.percentText}
          onChange={(v) => setD({ ...d, percentText: v })}
          saved={rule?.id ? rule.percent : undefined}
          testId="rule-percent"
        />
        <MoneyInput
          label={t("bonus.maxBonus")}
          optional
          value={d.maxBonusText}
          onChange={(v) => setD({ ...d, maxBonusText: v })}
          saved={rule?.id ? amountToMinor(rule.maxBonus) : undefined}
          testId="rule-maxBonusText"
        />
        <MoneyInput
          label={t("bonus.minDeposit")}
          allowZero
          value={d.minDeposit}
          onChange={(v) => setD({ ...d, minDeposit: v })}
          saved={rule?.id ? amountToMinor(rule.minDeposit) : undefined}
          testId="rule-minDeposit"
        />
        {num("wageringMultiple", t("bonus.wageringMultiple"))}
        <label className="field">
          <span className="field-label">{t("bonus.wageringOf")}</span>
          <select
            className="input select"
            value={d.wageringBase}
            onChange={(e) => setD({ ...d, wageringBase: e.target.value as BonusRule["wageringBase"] })}
          >
            <option value="bonus">{t("bonus.baseBonus")}</option>
            <option value="bonus_deposit">{t("bonus.baseBonusDeposit")}</option>
          </select>
        </label>
        {text("rates", t("bonus.rates"))}
        <MoneyInput
          label={t("bonus.maxBet")}
          optional
          value={d.maxBetText}
          onChange={(v) => setD({ ...d, maxBetText: v })}
          saved={rule?.id ? amountToMinor(rule.maxBet) : undefined}
          testId="rule-maxBetText"
        />
        {num("expiryDays", t("bonus.expiryDays"))}
        <MoneyInput
          label={t("bonus.maxConversion")}
          optional
          value={d.maxConversionText}
          onChange={(v) => setD({ ...d, maxConversionText: v })}
          saved={rule?.id ? amountToMinor(rule.maxConversion) : undefined}
          testId="rule-maxConversionText"
        />
      </div>
      <div className="form-stack">
        {check("forfeitOnWithdrawal", t("bonus.forfeitOnWithdrawal"))}
        {check("onePerHousehold", t("bonus.onePerHousehold"))}
        {check("enabled", t("bonus.offered"))}
      </div>
      {error && (
        <p className="alert alert--warn" role="alert">
          {error}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="rule-save">
          {save.isPending ? t("bonus.saving") : t("bonus.saveRule")}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}

function RulesPanel({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const rules = useBonusRules();
  const [editing, setEditing] = useState<(BonusRuleDraft & { id?: number }) | null | "new">(null);
  return (
    <section className="section" aria-labelledby="bonus-rules-heading">
      <div className="section-header">
        <h2 id="bonus-rules-heading">{t("bonus.rules")}</h2>
        {canWrite && editing === null && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => setEditing("new")}
            data-testid="rule-new"
          >
            {t("bonus.newRule")}
          </button>
        )}
      </div>
      {editing !== null && (
        <RuleForm rule={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
      )}
      <div className="table-wrap">
        <table className="table" aria-busy={rules.isFetching} data-testid="bonus-rules">
          <thead>
            <tr>
              <th scope="col">{t("bonus.id")}</th>
              <th scope="col">{t("bonus.name")}</th>
              <th scope="col">{t("bonus.kind")}</th>
              <th scope="col">{t("bonus.offer")}</th>
              <th scope="col">{t("bonus.wagering")}</th>
              <th scope="col" className="num">
                {t("bonus.maxBetHead")}
              </th>
              <th scope="col" className="num">
                {t("bonus.cap")}
              </th>
              <th scope="col">{t("bonus.expiry")}</th>
              <th scope="col">{t("bonus.offered")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("bonus.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.isPending && <SkeletonRows columns={RULE_COLUMNS} rows={3} />}
            {rules.isError && !rules.data && (
              <ErrorRow columns={RULE_COLUMNS} onRetry={() => rules.refetch()} />
            )}
            {rules.data?.items.length === 0 && <EmptyRow columns={RULE_COLUMNS} title={t("bonus.noRules")} />}
            {(rules.data?.items ?? []).map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>{r.name}</td>
                <td>{bonusKindLabel(r.kind)}</td>
                <td>
                  {r.kind === "manual"
                    ? "—"
                    : t("bonus.offerText", {
                        percent: r.percent,
                        max: r.maxBonus === null ? "∞" : showAmount(r.maxBonus),
                        min: showAmount(r.minDeposit),
                      })}
                </td>
                <td>
                  {r.wageringMultiple}×{" "}
                  {r.wageringBase === "bonus" ? t("bonus.wBonus") : t("bonus.wBonusDeposit")} ·{" "}
                  {ratesText(r.contributions)}
                </td>
                <td className="num">{r.maxBet ?? <span className="muted">—</span>}</td>
                <td className="num">{r.maxConversion ?? <span className="muted">—</span>}</td>
                <td className="cell-nowrap">{t("bonus.days", { n: r.expiryDays })}</td>
                <td>
                  <StatusPill on={r.enabled} onLabel={t("bonus.offered")} offLabel={t("table.off")} />
                </td>
                <td className="actions">
                  {canWrite && (
                    <button type="button" className="btn btn--sm" onClick={() => setEditing(r)}>
                      {t("bonus.edit")}
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
  const t = useT();
  const [ruleId, setRuleId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const onGrant = (e: FormEvent) => {
    e.preventDefault();
    const a = readPesos(amount);
    if (!a.ok || ruleId === null) return toast.error(t("bonus.grantError"));
    grant.mutate(
      { ruleId, amount: formatMinor(a.value), requestId },
      {
        onSuccess: () => {
          toast.success(t("bonus.granted"));
          setRequestId(crypto.randomUUID());
        },
        onError: (err) => {
          // Above the finance threshold the grant waits for a second operator (Approvals); the
          // query client shows the message (a notice for that, an error otherwise).
          if (isApiCode(err, "APPROVAL_PENDING")) setRequestId(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <section className="section" aria-labelledby="member-bonuses-heading">
      <div className="section-header">
        <h2 id="member-bonuses-heading">{t("bonus.memberBonuses")}</h2>
      </div>
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setMemberId(/^\d{1,15}$/.test(idText.trim()) ? Number(idText.trim()) : null);
        }}
      >
        <label className="toolbar-label" htmlFor="bonus-member-id">
          {t("bonus.memberIdLabel")}
        </label>
        <input
          id="bonus-member-id"
          className="input input--auto"
          inputMode="numeric"
          placeholder={t("bonus.memberId")}
          value={idText}
          onChange={(e) => setIdText(e.target.value)}
          data-testid="bonus-member-id"
        />
        <button type="submit" className="btn">
          {t("bonus.show")}
        </button>
      </form>
      {list.isError && (
        <p className="alert alert--warn" role="alert">
          {errorMessage(list.error)}
        </p>
      )}
      {list.data?.bonusReview && (
        <p className="alert alert--warn" data-testid="bonus-review">
          {t("bonus.flagged")}{" "}
          {canWrite && (
            <button type="button" className="btn btn--sm" onClick={() => clear.mutate()}>
              {t("bonus.clearFlag")}
            </button>
          )}
        </p>
      )}
      {memberId !== null && canWrite && (
        <form className="toolbar" onSubmit={onGrant} data-testid="bonus-grant-form">
          <span className="toolbar-label">{t("bonus.grant")}</span>
          <select
            className="input select input--auto"
            aria-label={t("bonus.rule")}
            value={ruleId ?? ""}
            onChange={(e) => setRuleId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t("bonus.chooseRule")}</option>
            {(rules.data?.items ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <MoneyInput label={t("bonus.grantAmount")} hideLabel value={amount} onChange={setAmount} />
          <button type="submit" className="btn btn--primary" disabled={grant.isPending}>
            {t("bonus.grantBonus")}
          </button>
        </form>
      )}
      {memberId !== null && (
        <div className="table-wrap">
          <table className="table" aria-busy={list.isFetching} data-testid="member-bonuses">
            <thead>
              <tr>
                <th scope="col">{t("bonus.id")}</th>
                <th scope="col">{t("bonus.ruleHead")}</th>
                <th scope="col" className="num">
                  {t("bonus.grantAmount")}
                </th>
                <th scope="col" className="num">
                  {t("bonus.balance")}
                </th>
                <th scope="col">{t("bonus.wagered")}</th>
                <th scope="col">{t("bonus.state")}</th>
                <th scope="col">{t("bonus.expires")}</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">{t("bonus.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && <SkeletonRows columns={MEMBER_COLUMNS} rows={3} />}
              {list.data?.items.length === 0 && (
                <EmptyRow columns={MEMBER_COLUMNS} title={t("bonus.noneForMember")} />
              )}
              {(list.data?.items ?? []).map((b) => (
                <tr key={b.id}>
                  <td>{b.id}</td>
                  <td>{b.name}</td>
                  <td className="num">{showAmount(b.amount)}</td>
                  <td className="num">
                    {b.balance === null ? <span className="muted">—</span> : showAmount(b.balance)}
                  </td>
                  <td className="cell-nowrap">
                    {showAmount(b.wagered)} / {showAmount(b.wageringRequired)} ({b.progress} %)
                  </td>
                  <td>{bonusStateLabel(b.state)}</td>
                  <td className="cell-nowrap">{b.expiresAt ? formatDateTime(b.expiresAt) : ""}</td>
                  <td className="actions">
                    {canWrite && b.state === "active" && (
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        onClick={() => {
                          const reason = window.prompt(t("bonus.forfeitWhy"));
                          if (reason?.trim())
                            forfeit.mutate(
                              { id: b.id, reason: reason.trim() },
                              { onError: (err) => toast.error(errorMessage(err)) },
                            );
                        }}
                      >
                        {t("bonus.forfeit")}
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

/** Back office → Bonuses: the rules, and each member's bonuses. */
export function BonusesPage() {
  const t = useT();
  const canWrite = useCanWrite("bonuses");
  return (
    <>
      <PageHeader title={t("bonus.title")} description={t("bonus.description")} />
      {!canWrite && <ReadOnlyNote />}
      <RulesPanel canWrite={canWrite} />
      <MemberBonusesPanel canWrite={canWrite} />
    </>
  );
}
