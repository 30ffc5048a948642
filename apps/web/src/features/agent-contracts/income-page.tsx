import "../i18n/texts/agent.ts";
import type { ContractKind, IncomeSummaryView } from "@panalo/contracts/agent-contracts";
import { manilaDay } from "@panalo/contracts/manila-time";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/field.tsx";
import { intlLocale } from "../../lib/format.ts";
import { useBalance } from "../account/member-api.ts";
import { BarChart, ChartLegend } from "../agent-centre/bar-chart.tsx";
import { money } from "../member-centre/wallet/money.ts";
import { Pager } from "../member-centre/wallet/pager.tsx";
import { BillsTable } from "./bills-table.tsx";
import { useIncome, useIncomeSummary } from "./contracts-api.ts";
import { incomeCsv } from "./income-csv.ts";
import "./agent-contracts.css";

const KINDS: ContractKind[] = ["dividend", "daily_salary", "hourly_salary", "realtime_salary"];
const GROUPS = ["day", "week", "month"] as const;
type Group = (typeof GROUPS)[number];
const PAGE_SIZE = 20;
/** How far back each grouping looks by default (days). */
const BACK: Record<Group, number> = { day: 13, week: 83, month: 364 };

const cents = (v: string) => Math.round(Number(v) * 100) / 100;

/** A period's label in the reader's language: "Nob 29" (a day, a week's Monday), "Nob 2026". */
function periodLabel(period: string, group: Group, lang: string, long = false): string {
  const [y, m, d] = period.split("-").map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
  return date.toLocaleDateString(intlLocale(lang), {
    timeZone: "UTC",
    ...(group === "month"
      ? { month: "short", year: "numeric" }
      : { month: "short", day: "numeric", ...(long ? { year: "numeric" } : {}) }),
  });
}

/**
 * "My income" (spec §2 agent centre): per period, what the agent earned, what it paid its
 * downlines (by name) and the net, as a labelled chart and a table of the same figures, with a
 * CSV export; then every settlement (bill) of its own, newest first, with the total paid.
 */
export default function IncomePage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const symbol = useBalance().data?.currencySymbol;
  const [group, setGroup] = useState<Group>("day");
  const to = manilaDay(Date.now());
  const from = manilaDay(Date.now() - BACK[group] * 86_400_000);
  const summary = useIncomeSummary({ from, to, group });
  return (
    <div className="agent-contract-page" data-testid="agent-income">
      <section aria-labelledby={`${id}-sum`}>
        <h3 id={`${id}-sum`}>{t("agentContracts.income.perPeriod")}</h3>
        <fieldset className="agent-filters income-group">
          <legend className="sr-only">{t("agentContracts.income.groupBy")}</legend>
          {GROUPS.map((g) => (
            <button
              key={g}
              type="button"
              className={g === group ? "btn btn-gold btn-sm" : "btn btn-outline btn-sm"}
              aria-pressed={g === group}
              onClick={() => setGroup(g)}
              data-testid={`income-by-${g}`}
            >
              {t(`agentContracts.income.by.${g}`)}
            </button>
          ))}
        </fieldset>
        {summary.isPending ? (
          <span className="spinner" aria-hidden="true" />
        ) : summary.isError ? (
          <p className="form-error" role="alert">
            {t("agentContracts.loadFailed")}{" "}
            <button type="button" className="link-btn" onClick={() => void summary.refetch()}>
              {t("common.retry")}
            </button>
          </p>
        ) : (
          <IncomeSummary data={summary.data} group={group} symbol={symbol} lang={i18n.language} />
        )}
      </section>
      <Bills />
    </div>
  );
}

function IncomeSummary(props: { data: IncomeSummaryView; group: Group; symbol?: string; lang: string }) {
  const { t } = useTranslation();
  const { data, group, symbol, lang } = props;
  const head = {
    period: t("agentContracts.col.period"),
    gross: t("agentContracts.income.gross"),
    paidOut: t("agentContracts.income.paidOut"),
    net: t("agentContracts.income.net"),
    downlines: t("agentContracts.income.downlines"),
    total: t("agentContracts.income.total"),
  };
  const download = () => {
    const blob = new Blob([incomeCsv(data, head)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `income-${data.from}-${data.to}-${group}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };
  const series = [
    {
      key: "gross",
      label: head.gross,
      className: "bar-gross",
      values: data.periods.map((p) => cents(p.gross)),
    },
    {
      key: "out",
      label: head.paidOut,
      className: "bar-out",
      values: data.periods.map((p) => cents(p.paidOut)),
    },
    { key: "net", label: head.net, className: "bar-net", values: data.periods.map((p) => cents(p.net)) },
  ];
  const fmt = (v: number) => money(symbol, v.toFixed(2));
  return (
    <>
      <dl className="agent-figures" data-testid="income-totals">
        <div className="agent-figure">
          <dt>{head.gross}</dt>
          <dd data-testid="income-gross">{money(symbol, data.totals.gross)}</dd>
        </div>
        <div className="agent-figure">
          <dt>{head.paidOut}</dt>
          <dd data-testid="income-paid-out">{money(symbol, data.totals.paidOut)}</dd>
        </div>
        <div className="agent-figure">
          <dt>{head.net}</dt>
          <dd data-testid="income-net">{money(symbol, data.totals.net)}</dd>
        </div>
      </dl>
      {data.periods.length === 0 ? (
        <p data-testid="income-none">{t("agentContracts.income.none")}</p>
      ) : (
        <>
          <ChartLegend series={series} />
          <BarChart
            labels={data.periods.map((p) => periodLabel(p.period, group, lang))}
            series={series}
            format={fmt}
            headline="net"
            title={t("agentContracts.income.chart")}
            summary={t("agentContracts.income.chartSummary", {
              from: periodLabel(data.periods[0]?.period ?? data.from, group, lang, true),
              to: periodLabel(data.periods.at(-1)?.period ?? data.to, group, lang, true),
              net: money(symbol, data.totals.net),
            })}
            testId="income-chart"
          />
          <table className="agent-table" data-testid="income-periods">
            <caption className="sr-only">{t("agentContracts.income.perPeriod")}</caption>
            <thead>
              <tr>
                <th scope="col">{head.period}</th>
                <th scope="col" className="num">
                  {head.gross}
                </th>
                <th scope="col">{head.paidOut}</th>
                <th scope="col" className="num">
                  {head.net}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.periods].reverse().map((p) => (
                <tr key={p.period} data-testid="income-period">
                  <th scope="row" data-label={head.period}>
                    {periodLabel(p.period, group, lang, true)}
                  </th>
                  <td className="num" data-label={head.gross}>
                    {money(symbol, p.gross)}
                  </td>
                  <td data-label={head.paidOut}>
                    <span>
                      {money(symbol, p.paidOut)}
                      {p.downlines.length > 0 && (
                        <span className="muted" data-testid="income-downlines">
                          {" "}
                          ({p.downlines.map((d) => `${d.username} ${money(symbol, d.amount)}`).join(", ")})
                        </span>
                      )}
                    </span>
                  </td>
                  <td className="num" data-label={head.net} data-testid="income-period-net">
                    {money(symbol, p.net)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <button type="button" className="btn btn-outline btn-sm" onClick={download} data-testid="income-csv">
        {t("agentContracts.income.exportCsv")}
      </button>
    </>
  );
}

function Bills() {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useBalance().data?.currencySymbol;
  const [kind, setKind] = useState<ContractKind | "">("");
  const [page, setPage] = useState(1);
  const q = { ...(kind ? { kind } : {}), page, pageSize: PAGE_SIZE };
  const { data, isPending, isError, refetch } = useIncome(q);
  return (
    <section aria-labelledby={`${id}-bills`}>
      <h3 id={`${id}-bills`}>{t("agentContracts.settlements")}</h3>
      <Field id={`${id}-kind`} label={t("agentContracts.col.kind")}>
        <select
          id={`${id}-kind`}
          className="input"
          value={kind}
          onChange={(e) => {
            setKind(KINDS.find((k) => k === e.target.value) ?? "");
            setPage(1);
          }}
          data-testid="income-kind"
        >
          <option value="">{t("agentContracts.allKinds")}</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`agentContracts.title.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      {isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : isError ? (
        <p className="form-error" role="alert">
          {t("agentContracts.loadFailed")}{" "}
          <button type="button" className="link-btn" onClick={() => void refetch()}>
            {t("common.retry")}
          </button>
        </p>
      ) : (
        <>
          <p data-testid="income-total">
            {t("agentContracts.totalPaid")}: <strong>{money(symbol, data.paidTotal)}</strong>
          </p>
          <BillsTable bills={data.items} testId="income-table" />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="income-pager" />
        </>
      )}
    </section>
  );
}
