import type { AdminLotteryReportQuery, AdminLotteryReportRow } from "@panalo/contracts/lottery";
import { addDays, manilaStart, manilaToday } from "@panalo/contracts/manila-time";
import { type FormEvent, useId, useState } from "react";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { useT } from "../../lib/i18n.ts";
import { pesos, useLotteryGames, useLotteryReport } from "./lottery-api.ts";

const COLUMNS = 6;

const rate = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)}%`);

function Row({
  r,
  label,
}: {
  r: Omit<AdminLotteryReportRow, "gameCode" | "drawNo" | "drawAt">;
  label: string;
}) {
  return (
    <>
      <td>{label}</td>
      <td className="num">{r.bets}</td>
      <td className="num">{pesos(r.sales)}</td>
      <td className="num">{pesos(r.payouts)}</td>
      <td className="num">{pesos(r.margin)}</td>
      <td className="num">{rate(r.marginRate)}</td>
    </>
  );
}

/** Sales, payouts and margin per game or per draw over a range of Manila days. */
export function LotteryReportPage() {
  const t = useT();
  const id = useId();
  const games = useLotteryGames();
  const [from, setFrom] = useState(manilaToday(-6));
  const [to, setTo] = useState(manilaToday());
  const [groupBy, setGroupBy] = useState<"game" | "draw">("game");
  const [gameCode, setGameCode] = useState("");
  const [query, setQuery] = useState<AdminLotteryReportQuery | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useLotteryReport(query);

  const run = (e?: FormEvent) => {
    e?.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) {
      setProblem(t("lottery.report.badRange"));
      return;
    }
    setProblem(null);
    setQuery({
      from: manilaStart(from).toISOString(),
      to: manilaStart(addDays(to, 1)).toISOString(),
      groupBy,
      gameCode: gameCode || undefined,
    });
  };

  return (
    <>
      <PageHeader title={t("lottery.report.title")} description={t("lottery.report.description")} />
      <form className="toolbar" onSubmit={run} data-testid="lottery-report-form">
        <label className="toolbar-label" htmlFor={`${id}-from`}>
          {t("filter.from")}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input input--auto"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label className="toolbar-label" htmlFor={`${id}-to`}>
          {t("filter.to")}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input input--auto"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <label className="toolbar-label" htmlFor={`${id}-group`}>
          {t("lottery.report.per")}
        </label>
        <select
          id={`${id}-group`}
          className="select input--auto"
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value === "draw" ? "draw" : "game")}
          data-testid="lottery-report-group"
        >
          <option value="game">{t("lottery.report.game")}</option>
          <option value="draw">{t("lottery.report.draw")}</option>
        </select>
        <label className="toolbar-label" htmlFor={`${id}-game`}>
          {t("lottery.report.game")}
        </label>
        <select
          id={`${id}-game`}
          className="select input--auto"
          value={gameCode}
          onChange={(e) => setGameCode(e.target.value)}
        >
          <option value="">{t("draws.allGames")}</option>
          {games.data?.map((g) => (
            <option key={g.code} value={g.code}>
              {g.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary" data-testid="lottery-report-run">
          {t("lottery.report.show")}
        </button>
      </form>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {query && (
        <div className="table-wrap">
          <table className="table" aria-busy={report.isFetching} data-testid="lottery-report">
            <thead>
              <tr>
                <th scope="col">
                  {query.groupBy === "draw" ? t("lottery.report.draw") : t("lottery.report.game")}
                </th>
                <th scope="col" className="num">
                  {t("lottery.report.bets")}
                </th>
                <th scope="col" className="num">
                  {t("lottery.report.sales")}
                </th>
                <th scope="col" className="num">
                  {t("lottery.report.payouts")}
                </th>
                <th scope="col" className="num">
                  {t("lottery.report.margin")}
                </th>
                <th scope="col" className="num">
                  {t("lottery.report.marginRate")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.isPending && <SkeletonRows columns={COLUMNS} />}
              {report.isError && !report.data && (
                <ErrorRow columns={COLUMNS} onRetry={() => report.refetch()} />
              )}
              {report.data?.rows.length === 0 && (
                <EmptyRow columns={COLUMNS} title={t("lottery.report.empty")} />
              )}
              {report.data?.rows.map((r) => (
                <tr
                  key={`${r.gameCode}/${r.drawNo ?? ""}`}
                  data-testid="lottery-report-row"
                  data-game={r.gameCode}
                >
                  <Row r={r} label={r.drawNo ?? r.gameCode} />
                </tr>
              ))}
            </tbody>
            {report.data && report.data.rows.length > 0 && (
              <tfoot>
                <tr data-testid="lottery-report-total">
                  <Row r={report.data.totals} label={t("lottery.report.total")} />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </>
  );
}
