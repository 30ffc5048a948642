import { manilaToday } from "@panalo/contracts/manila-time";
import { type FormEvent, useId, useState } from "react";
import { PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { BASIS_POINTS, readPercent, showAmount, showPercent } from "../../lib/amounts.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import {
  type Bill,
  type Contract,
  type Run,
  useBills,
  useContracts,
  useEndContract,
  useOfferPlatformContract,
  useReport,
  useRunAction,
  useRuns,
} from "./agent-settlement-api.ts";
import {
  billStatusLabel,
  contractKindLabel,
  contractPeriodLabel,
  contractStatusLabel,
  endReasonLabel,
  fundingLabel,
  runScheduleLabel,
  runStatusLabel,
} from "./contract-labels.ts";
import { downloadCsv, toCsv } from "./csv.ts";

const at = (iso: string | null) => formatDateTime(iso);
const pct = (bp: number) => showPercent(bp, BASIS_POINTS);
const manilaDay = (offsetDays = 0) => manilaToday(-offsetDays);

type Tab = "runs" | "bills" | "report" | "contracts";
const TAB_LABEL = {
  runs: "settle.tabRuns",
  bills: "settle.tabBills",
  report: "settle.tabReport",
  contracts: "settle.tabContracts",
} as const satisfies Record<Tab, TextKey>;

/**
 * Agents → Settlements: every settlement run (hold, release, re-run),
 * the bills (one per contract and period; "insufficient upline balance" ones wait for a later
 * run), the commission report per Manila day, week or month, and an agent's contracts. Every table exports CSV.
 */
export function AgentSettlementPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>("runs");
  const [runFilter, setRunFilter] = useState<number | undefined>();
  return (
    <>
      <PageHeader title={t("settle.title")} description={t("settle.description")} />
      <div className="toolbar" role="tablist">
        {(["runs", "bills", "report", "contracts"] as const).map((tb) => (
          <button
            key={tb}
            type="button"
            role="tab"
            aria-selected={tab === tb}
            className={`btn btn--sm ${tab === tb ? "btn--primary" : ""}`}
            onClick={() => setTab(tb)}
            data-testid={`settlement-tab-${tb}`}
          >
            {t(TAB_LABEL[tb])}
          </button>
        ))}
      </div>
      {tab === "runs" && (
        <Runs
          onBills={(id) => {
            setRunFilter(id);
            setTab("bills");
          }}
        />
      )}
      {tab === "bills" && <Bills runId={runFilter} onClearRun={() => setRunFilter(undefined)} />}
      {tab === "report" && <Report />}
      {tab === "contracts" && <Contracts />}
    </>
  );
}

function CsvButton({ name, make }: { name: string; make: () => string }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn--sm"
      onClick={() => downloadCsv(name, make())}
      data-testid="csv-export"
    >
      {t("list.exportCsv")}
    </button>
  );
}

function Runs({ onBills }: { onBills: (runId: number) => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const pageSize = 50;
  const runs = useRuns(page, pageSize);
  const action = useRunAction();
  const rows = runs.data?.items ?? [];
  return (
    <section className="section">
      <div className="toolbar">
        <CsvButton
          name="settlement-runs.csv"
          make={() =>
            toCsv(
              [
                "id",
                "schedule",
                "period",
                "cutoff",
                "status",
                "held",
                "attempts",
                "bills",
                "paid",
                "paid amount",
                "insufficient",
                "error",
              ],
              rows.map((r) => [
                r.id,
                r.schedule,
                r.periodKey,
                r.cutoff,
                r.status,
                r.held,
                r.attempts,
                r.bills,
                r.paid,
                r.paidAmount,
                r.insufficient,
                r.error,
              ]),
            )
          }
        />
        {action.error && (
          <span className="form-error" role="alert">
            {errorMessage(action.error)}
          </span>
        )}
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="settlement-runs" aria-busy={runs.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("settle.colRun")}</th>
              <th scope="col">{t("settle.colPeriod")}</th>
              <th scope="col">{t("settle.colStatus")}</th>
              <th scope="col" className="num">
                {t("settle.colBills")}
              </th>
              <th scope="col" className="num">
                {t("settle.colPaid")}
              </th>
              <th scope="col" className="num">
                {t("settle.colInsufficient")}
              </th>
              <th scope="col">{t("settle.colStarted")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("settle.colActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.isPending ? (
              <SkeletonRows columns={8} />
            ) : runs.isError ? (
              <ErrorRow columns={8} onRetry={() => void runs.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={8} title={t("settle.noRuns")} />
            ) : (
              rows.map((r: Run) => (
                <tr key={r.id} data-testid="settlement-run" data-status={r.status} data-held={r.held}>
                  <td>
                    #{r.id} {runScheduleLabel(r.schedule)}
                    <span className="cell-sub">{t("settle.attemptsOf", { n: r.attempts })}</span>
                  </td>
                  <td className="cell-nowrap">{r.periodKey}</td>
                  <td>
                    <span
                      className={`badge ${r.status === "failed" ? "badge--danger" : r.held ? "badge--warn" : "badge--muted"}`}
                    >
                      {r.held ? t("settle.held") : runStatusLabel(r.status)}
                    </span>
                    {r.error && <span className="cell-sub">{r.error}</span>}
                  </td>
                  <td className="num">{r.bills}</td>
                  <td className="num">
                    {r.paid} · {showAmount(r.paidAmount)}
                  </td>
                  <td className="num">{r.insufficient}</td>
                  <td className="cell-nowrap">{at(r.startedAt)}</td>
                  <td className="cell-nowrap">
                    <button type="button" className="btn btn--sm" onClick={() => onBills(r.id)}>
                      {t("settle.tabBills")}
                    </button>{" "}
                    <button
                      type="button"
                      className="btn btn--sm"
                      disabled={action.isPending}
                      onClick={() => action.mutate({ id: r.id, action: r.held ? "release" : "hold" })}
                      data-testid="run-hold"
                    >
                      {r.held ? t("settle.release") : t("settle.hold")}
                    </button>{" "}
                    <button
                      type="button"
                      className="btn btn--sm"
                      disabled={action.isPending || r.held || r.status === "running"}
                      onClick={() => action.mutate({ id: r.id, action: "rerun" })}
                      data-testid="run-rerun"
                    >
                      {t("settle.rerun")}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label={t("settle.runPages")}
        page={page}
        pageSize={pageSize}
        total={runs.data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}

const billCsv = (rows: Bill[]) =>
  toCsv(
    [
      "bill",
      "contract",
      "member",
      "kind",
      "period",
      "window start",
      "window end",
      "run",
      "payer",
      "valid bet",
      "net loss",
      "active members",
      "rate",
      "carry in",
      "carry out",
      "amount",
      "status",
      "attempts",
      "paid at",
    ],
    rows.map((b) => [
      b.id,
      b.contractId,
      b.memberName ?? b.memberId,
      b.kind,
      b.periodKey,
      b.windowStart,
      b.windowEnd,
      b.runId,
      b.payerId ?? "platform",
      b.validBet,
      b.netLoss,
      b.activeMembers,
      pct(b.rateBp),
      b.carryIn,
      b.carryOut,
      b.amount,
      b.status,
      b.attempts,
      b.paidAt,
    ]),
  );

function Bills({ runId, onClearRun }: { runId?: number; onClearRun: () => void }) {
  const t = useT();
  const id = useId();
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const pageSize = 100;
  const bills = useBills({ runId, status: status || undefined, page, pageSize });
  const rows = bills.data?.items ?? [];
  return (
    <section className="section">
      <div className="toolbar">
        <label htmlFor={`${id}-status`} className="toolbar-label">
          {t("settle.colStatus")}
        </label>
        <select
          id={`${id}-status`}
          className="input select input--auto"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          data-testid="bills-status"
        >
          <option value="">{t("list.all")}</option>
          <option value="paid">{t("settle.colPaid")}</option>
          <option value="insufficient">{t("settle.billInsufficient")}</option>
          <option value="pending">{t("settle.billPending")}</option>
          <option value="nothing">{t("settle.billNothing")}</option>
        </select>
        {runId && (
          <button type="button" className="btn btn--sm" onClick={onClearRun}>
            {t("settle.runFilter", { id: runId })}
          </button>
        )}
        <CsvButton name="settlement-bills.csv" make={() => billCsv(rows)} />
        <span className="toolbar-count">
          {t("settle.paidInList", { amount: bills.data?.paidTotal ?? "—" })}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="settlement-bills" aria-busy={bills.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("settle.colBill")}</th>
              <th scope="col">{t("settle.colAgent")}</th>
              <th scope="col">{t("settle.colPeriod")}</th>
              <th scope="col" className="num">
                {t("settle.colValidBets")}
              </th>
              <th scope="col" className="num">
                {t("settle.colNetLoss")}
              </th>
              <th scope="col" className="num">
                {t("settle.colRate")}
              </th>
              <th scope="col" className="num">
                {t("settle.colAmount")}
              </th>
              <th scope="col">{t("settle.colStatus")}</th>
            </tr>
          </thead>
          <tbody>
            {bills.isPending ? (
              <SkeletonRows columns={8} />
            ) : bills.isError ? (
              <ErrorRow columns={8} onRetry={() => void bills.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={8} title={t("settle.noBills")} />
            ) : (
              rows.map((b) => (
                <tr key={b.id} data-testid="settlement-bill" data-status={b.status}>
                  <td>
                    #{b.id} {contractKindLabel(b.kind)}
                    <span className="cell-sub">
                      {t("settle.billOf", {
                        contract: b.contractId,
                        run: b.runId,
                        payer: b.payerId ? t("settle.paidByMember", { id: b.payerId }) : t("settle.platform"),
                      })}
                    </span>
                  </td>
                  <td>{b.memberName ?? b.memberId}</td>
                  <td className="cell-nowrap">
                    {at(b.windowStart)} – {at(b.windowEnd)}
                  </td>
                  <td className="num">{b.validBet}</td>
                  <td className="num">{b.netLoss}</td>
                  <td className="num">{pct(b.rateBp)}</td>
                  <td className="num">{showAmount(b.amount)}</td>
                  <td>
                    <span
                      className={`badge ${b.status === "insufficient" ? "badge--danger" : "badge--muted"}`}
                    >
                      {b.status === "insufficient"
                        ? t("settle.insufficientUpline")
                        : billStatusLabel(b.status)}
                    </span>
                    {b.attempts > 1 && (
                      <span className="cell-sub">{t("settle.attempts", { n: b.attempts })}</span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label={t("settle.billPages")}
        page={page}
        pageSize={pageSize}
        total={bills.data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}

function Report() {
  const t = useT();
  const id = useId();
  const [from, setFrom] = useState(manilaDay(30));
  const [to, setTo] = useState(manilaDay());
  const [group, setGroup] = useState<"day" | "week" | "month">("day");
  const report = useReport(from, to, group);
  const rows = report.data?.items ?? [];
  return (
    <section className="section">
      <div className="toolbar">
        <label htmlFor={`${id}-from`} className="toolbar-label">
          {t("list.from")}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input input--auto"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label htmlFor={`${id}-to`} className="toolbar-label">
          {t("list.to")}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input input--auto"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <label htmlFor={`${id}-group`} className="toolbar-label">
          {t("settle.per")}
        </label>
        <select
          id={`${id}-group`}
          className="input input--auto"
          value={group}
          onChange={(e) => setGroup(e.target.value as typeof group)}
          data-testid="report-group"
        >
          <option value="day">{t("settle.day")}</option>
          <option value="week">{t("settle.week")}</option>
          <option value="month">{t("settle.month")}</option>
        </select>
        <CsvButton
          name={`commission-report-${group}-${from}-${to}.csv`}
          make={() =>
            toCsv(
              [
                group,
                "kind",
                "funding",
                "bills",
                "paid",
                "paid amount",
                "waiting",
                "waiting amount",
                "valid bets",
              ],
              rows.map((r) => [
                r.day,
                r.kind,
                r.funding,
                r.bills,
                r.paid,
                r.paidAmount,
                r.waiting,
                r.waitingAmount,
                r.validBet,
              ]),
            )
          }
        />
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="commission-report">
          <thead>
            <tr>
              <th scope="col">
                {group === "day"
                  ? t("settle.colDay")
                  : group === "week"
                    ? t("settle.colWeek")
                    : t("settle.colMonth")}
              </th>
              <th scope="col">{t("settle.colKind")}</th>
              <th scope="col">{t("settle.colPaidBy")}</th>
              <th scope="col" className="num">
                {t("settle.colBills")}
              </th>
              <th scope="col" className="num">
                {t("settle.colPaid")}
              </th>
              <th scope="col" className="num">
                {t("settle.colWaiting")}
              </th>
              <th scope="col" className="num">
                {t("settle.colValidBets")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <SkeletonRows columns={7} />
            ) : report.isError ? (
              <ErrorRow columns={7} onRetry={() => void report.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={7} title={t("settle.noReport")} />
            ) : (
              rows.map((r) => (
                <tr key={`${r.day}-${r.kind}-${r.funding}`}>
                  <td>{r.day}</td>
                  <td>{contractKindLabel(r.kind)}</td>
                  <td>{fundingLabel(r.funding)}</td>
                  <td className="num">{r.bills}</td>
                  <td className="num">
                    {r.paid} · {showAmount(r.paidAmount)}
                  </td>
                  <td className="num">
                    {r.waiting} · {showAmount(r.waitingAmount)}
                  </td>
                  <td className="num">{r.validBet}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The contract's terms in the operator's language (called while rendering or exporting). */
function termsText(c: Contract): string {
  const terms = c.terms as {
    tiers?: { minActiveMembers: number; minValidBet: string; rateBp: number }[];
    profitRateBp?: number;
    lossRateBp?: number;
    minSingleBet?: string;
    carryOver?: boolean;
  };
  if (terms.tiers)
    return (
      terms.tiers
        .map((x) =>
          t("settle.tier", {
            rate: pct(x.rateBp),
            members: x.minActiveMembers,
            bet: showAmount(x.minValidBet),
          }),
        )
        .join("; ") +
      (terms.carryOver === undefined ? "" : terms.carryOver ? t("settle.carryOver") : t("settle.noCarryOver"))
    );
  return t("settle.realtimeTerms", {
    profit: pct(terms.profitRateBp ?? 0),
    loss: pct(terms.lossRateBp ?? 0),
    bet: showAmount(terms.minSingleBet ?? ""),
  });
}

function Contracts() {
  const t = useT();
  const id = useId();
  const [memberText, setMemberText] = useState("");
  const memberId = /^\d{1,15}$/.test(memberText) ? Number(memberText) : undefined;
  const contracts = useContracts(memberId);
  const end = useEndContract();
  const offer = useOfferPlatformContract();
  const [kind, setKind] = useState("daily_salary");
  const [rate, setRate] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const rows = contracts.data?.items ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readPercent(rate, BASIS_POINTS, { maxParts: 10_000 });
    if (!memberId || !read.ok) {
      setFormError(t("contracts.formError"));
      return;
    }
    const rateBp = read.value;
    const tiers = [{ minActiveMembers: 0, minValidBet: "0", rateBp }];
    const terms =
      kind === "realtime_salary"
        ? { kind, profitRateBp: rateBp, lossRateBp: rateBp, minSingleBet: "0" }
        : kind === "hourly_salary"
          ? { kind, tiers }
          : kind === "dividend"
            ? { kind, period: "monthly", carryOver: true, tiers }
            : { kind, period: "daily", tiers };
    setFormError(null);
    offer.mutate(
      { downlineId: memberId, funding: "platform", terms },
      { onError: (err) => setFormError(errorMessage(err)) },
    );
  };

  return (
    <section className="section">
      <form className="toolbar" onSubmit={submit}>
        <label htmlFor={`${id}-member`} className="toolbar-label">
          {t("settle.memberId")}
        </label>
        <input
          id={`${id}-member`}
          className="input input--auto"
          inputMode="numeric"
          value={memberText}
          onChange={(e) => setMemberText(e.target.value)}
          data-testid="contracts-member"
        />
        <select
          className="input select input--auto"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          aria-label={t("settle.colKind")}
        >
          <option value="daily_salary">{t("settle.kindDaily")}</option>
          <option value="hourly_salary">{t("settle.kindHourly")}</option>
          <option value="dividend">{t("settle.kindDividend")}</option>
          <option value="realtime_salary">{t("settle.kindRealtime")}</option>
        </select>
        <PercentInput
          label={t("contracts.rate")}
          hideLabel
          unit={BASIS_POINTS}
          maxParts={10_000}
          value={rate}
          onChange={setRate}
          testId="contracts-rate"
        />
        <button type="submit" className="btn btn--sm btn--primary" disabled={offer.isPending}>
          {t("settle.offer")}
        </button>
        <CsvButton
          name="agent-contracts.csv"
          make={() =>
            toCsv(
              [
                "id",
                "kind",
                "upline",
                "downline",
                "funding",
                "period",
                "terms",
                "status",
                "offered",
                "accepted",
                "ended",
                "reason",
              ],
              rows.map((c) => [
                c.id,
                c.kind,
                c.uplineName ?? t("settle.platform"),
                c.downlineName,
                c.funding,
                c.period,
                termsText(c),
                c.status,
                c.offeredAt,
                c.acceptedAt,
                c.endedAt,
                c.endReason,
              ]),
            )
          }
        />
      </form>
      {(formError || end.error) && (
        <p className="form-error" role="alert">
          {formError ?? errorMessage(end.error)}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" data-testid="agent-contracts">
          <thead>
            <tr>
              <th scope="col">{t("settle.colContract")}</th>
              <th scope="col">{t("settle.colUpDown")}</th>
              <th scope="col">{t("settle.colTerms")}</th>
              <th scope="col">{t("settle.colStatus")}</th>
              <th scope="col">{t("settle.colSince")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("settle.colActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {contracts.isPending ? (
              <SkeletonRows columns={6} />
            ) : contracts.isError ? (
              <ErrorRow columns={6} onRetry={() => void contracts.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={6} title={t("settle.noContracts")} />
            ) : (
              rows.map((c) => (
                <tr key={c.id} data-testid="agent-contract" data-status={c.status}>
                  <td>
                    #{c.id} {contractKindLabel(c.kind)}
                    <span className="cell-sub">
                      {t("settle.contractOf", {
                        period: contractPeriodLabel(c.period),
                        funding: fundingLabel(c.funding),
                      })}
                    </span>
                  </td>
                  <td>
                    {c.uplineName ?? t("settle.platform")} → {c.downlineName}
                  </td>
                  <td>{termsText(c)}</td>
                  <td>
                    {contractStatusLabel(c.status)}
                    {c.endReason && <span className="cell-sub">{endReasonLabel(c.endReason)}</span>}
                  </td>
                  <td className="cell-nowrap">{at(c.acceptedAt ?? c.offeredAt)}</td>
                  <td>
                    {(c.status === "active" || c.status === "offered") && (
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={end.isPending}
                        onClick={() => {
                          if (window.confirm(t("settle.endConfirm", { id: c.id }))) end.mutate(c.id);
                        }}
                      >
                        {t("settle.end")}
                      </button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
