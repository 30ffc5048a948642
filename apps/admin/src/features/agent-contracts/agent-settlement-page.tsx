import { manilaToday } from "@panalo/contracts/manila-time";
import { type FormEvent, useId, useState } from "react";
import { PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { BASIS_POINTS, readPercent, showAmount, showPercent } from "../../lib/amounts.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
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
import { downloadCsv, toCsv } from "./csv.ts";

const at = (iso: string | null) => formatDateTime(iso);
const pct = (bp: number) => showPercent(bp, BASIS_POINTS);
const manilaDay = (offsetDays = 0) => manilaToday(-offsetDays);

type Tab = "runs" | "bills" | "report" | "contracts";

/**
 * Agents → Settlements: every settlement run (hold, release, re-run),
 * the bills (one per contract and period; "insufficient upline balance" ones wait for a later
 * run), the commission report per Manila day, week or month, and an agent's contracts. Every table exports CSV.
 */
export function AgentSettlementPage() {
  const [tab, setTab] = useState<Tab>("runs");
  const [runFilter, setRunFilter] = useState<number | undefined>();
  return (
    <>
      <PageHeader
        title="Agent settlements"
        description="Dividend and salary runs of agent contracts, their bills, the commission report and contracts."
      />
      <div className="toolbar" role="tablist">
        {(["runs", "bills", "report", "contracts"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`btn btn--sm ${tab === t ? "btn--primary" : ""}`}
            onClick={() => setTab(t)}
            data-testid={`settlement-tab-${t}`}
          >
            {t === "runs"
              ? "Runs"
              : t === "bills"
                ? "Bills"
                : t === "report"
                  ? "Commission report"
                  : "Contracts"}
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
  return (
    <button
      type="button"
      className="btn btn--sm"
      onClick={() => downloadCsv(name, make())}
      data-testid="csv-export"
    >
      Export CSV
    </button>
  );
}

function Runs({ onBills }: { onBills: (runId: number) => void }) {
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
              <th scope="col">Run</th>
              <th scope="col">Period</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Bills
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Insufficient
              </th>
              <th scope="col">Started</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.isPending ? (
              <SkeletonRows columns={8} />
            ) : runs.isError ? (
              <ErrorRow columns={8} onRetry={() => void runs.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={8} title="No settlement run yet" />
            ) : (
              rows.map((r: Run) => (
                <tr key={r.id} data-testid="settlement-run" data-status={r.status} data-held={r.held}>
                  <td>
                    #{r.id} {r.schedule}
                    <span className="cell-sub">attempts {r.attempts}</span>
                  </td>
                  <td className="cell-nowrap">{r.periodKey}</td>
                  <td>
                    <span
                      className={`badge ${r.status === "failed" ? "badge--danger" : r.held ? "badge--warn" : "badge--muted"}`}
                    >
                      {r.held ? "held" : r.status}
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
                      Bills
                    </button>{" "}
                    <button
                      type="button"
                      className="btn btn--sm"
                      disabled={action.isPending}
                      onClick={() => action.mutate({ id: r.id, action: r.held ? "release" : "hold" })}
                      data-testid="run-hold"
                    >
                      {r.held ? "Release" : "Hold"}
                    </button>{" "}
                    <button
                      type="button"
                      className="btn btn--sm"
                      disabled={action.isPending || r.held || r.status === "running"}
                      onClick={() => action.mutate({ id: r.id, action: "rerun" })}
                      data-testid="run-rerun"
                    >
                      Re-run
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label="Settlement run pages"
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
          Status
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
          <option value="">All</option>
          <option value="paid">Paid</option>
          <option value="insufficient">Insufficient upline balance</option>
          <option value="pending">Pending</option>
          <option value="nothing">Nothing due</option>
        </select>
        {runId && (
          <button type="button" className="btn btn--sm" onClick={onClearRun}>
            Run #{runId} ✕
          </button>
        )}
        <CsvButton name="settlement-bills.csv" make={() => billCsv(rows)} />
        <span className="toolbar-count">Paid in this list: {bills.data?.paidTotal ?? "—"}</span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="settlement-bills" aria-busy={bills.isFetching}>
          <thead>
            <tr>
              <th scope="col">Bill</th>
              <th scope="col">Agent</th>
              <th scope="col">Period</th>
              <th scope="col" className="num">
                Valid bets
              </th>
              <th scope="col" className="num">
                Net loss
              </th>
              <th scope="col" className="num">
                Rate
              </th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {bills.isPending ? (
              <SkeletonRows columns={8} />
            ) : bills.isError ? (
              <ErrorRow columns={8} onRetry={() => void bills.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={8} title="No bills" />
            ) : (
              rows.map((b) => (
                <tr key={b.id} data-testid="settlement-bill" data-status={b.status}>
                  <td>
                    #{b.id} {b.kind}
                    <span className="cell-sub">
                      contract #{b.contractId} · run #{b.runId} ·{" "}
                      {b.payerId ? `paid by member #${b.payerId}` : "platform"}
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
                      {b.status === "insufficient" ? "insufficient upline balance" : b.status}
                    </span>
                    {b.attempts > 1 && <span className="cell-sub">{b.attempts} attempts</span>}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label="Bill pages"
        page={page}
        pageSize={pageSize}
        total={bills.data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}

function Report() {
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
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input input--auto"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label htmlFor={`${id}-to`} className="toolbar-label">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input input--auto"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <label htmlFor={`${id}-group`} className="toolbar-label">
          Per
        </label>
        <select
          id={`${id}-group`}
          className="input input--auto"
          value={group}
          onChange={(e) => setGroup(e.target.value as typeof group)}
          data-testid="report-group"
        >
          <option value="day">Day</option>
          <option value="week">Week (from Monday)</option>
          <option value="month">Month</option>
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
                {group === "day" ? "Day" : group === "week" ? "Week from" : "Month"} (Manila)
              </th>
              <th scope="col">Kind</th>
              <th scope="col">Paid by</th>
              <th scope="col" className="num">
                Bills
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Waiting
              </th>
              <th scope="col" className="num">
                Valid bets
              </th>
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <SkeletonRows columns={7} />
            ) : report.isError ? (
              <ErrorRow columns={7} onRetry={() => void report.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={7} title="Nothing settled in these days" />
            ) : (
              rows.map((r) => (
                <tr key={`${r.day}-${r.kind}-${r.funding}`}>
                  <td>{r.day}</td>
                  <td>{r.kind}</td>
                  <td>{r.funding}</td>
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

function termsText(c: Contract): string {
  const t = c.terms as {
    tiers?: { minActiveMembers: number; minValidBet: string; rateBp: number }[];
    profitRateBp?: number;
    lossRateBp?: number;
    minSingleBet?: string;
    carryOver?: boolean;
  };
  if (t.tiers)
    return (
      t.tiers
        .map((x) => `${pct(x.rateBp)} from ${x.minActiveMembers} active / ${showAmount(x.minValidBet)}`)
        .join("; ") + (t.carryOver === undefined ? "" : t.carryOver ? " · carry-over" : " · no carry-over")
    );
  return `profit ${pct(t.profitRateBp ?? 0)}, loss ${pct(t.lossRateBp ?? 0)}, single bet ≥ ${showAmount(t.minSingleBet ?? "")}`;
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
          Agent (member id)
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
          aria-label="Kind"
        >
          <option value="daily_salary">Daily salary</option>
          <option value="hourly_salary">Hourly salary</option>
          <option value="dividend">Dividend (monthly)</option>
          <option value="realtime_salary">Real-time salary</option>
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
          Offer a platform-paid contract
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
                c.uplineName ?? "platform",
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
              <th scope="col">Contract</th>
              <th scope="col">Upline → downline</th>
              <th scope="col">Terms</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {contracts.isPending ? (
              <SkeletonRows columns={6} />
            ) : contracts.isError ? (
              <ErrorRow columns={6} onRetry={() => void contracts.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={6} title="No contracts" />
            ) : (
              rows.map((c) => (
                <tr key={c.id} data-testid="agent-contract" data-status={c.status}>
                  <td>
                    #{c.id} {c.kind}
                    <span className="cell-sub">
                      {c.period} · paid by {c.funding}
                    </span>
                  </td>
                  <td>
                    {c.uplineName ?? "platform"} → {c.downlineName}
                  </td>
                  <td>{termsText(c)}</td>
                  <td>
                    {c.status}
                    {c.endReason && <span className="cell-sub">{c.endReason}</span>}
                  </td>
                  <td className="cell-nowrap">{at(c.acceptedAt ?? c.offeredAt)}</td>
                  <td>
                    {(c.status === "active" || c.status === "offered") && (
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={end.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              `End contract #${c.id}? What was earned until now is still settled.`,
                            )
                          )
                            end.mutate(c.id);
                        }}
                      >
                        End
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
