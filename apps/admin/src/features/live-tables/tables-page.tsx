import type { TableInfo, TableRoundView } from "@panalo/contracts/live-tables";
import { manilaToday } from "@panalo/contracts/manila-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { showAmount, showPercentText } from "../../lib/amounts.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { betKindLabel, tableGameLabel, tableRoundStatusLabel } from "./table-labels.ts";
import { TableSettingsDialog } from "./table-settings-dialog.tsx";

type Round = TableRoundView & { betSets: number; bets: string; wins: string; settledAt: string | null };
type ReportRow = {
  tableId: string;
  rounds: number;
  voided: number;
  bets: string;
  wins: string;
  margin: string;
  marginPercent: string | null;
};
const anyOf = <T,>() => z.custom<T>(() => true);
const today = () => manilaToday();

/**
 * Live tables: each table's settings (window, chips, limits, hours, on/off) and
 * current round, its round history with verify links, and bets, wins and margin per table.
 */
export function LiveTablesPage() {
  const t = useT();
  const canWrite = useCanWrite("live-tables");
  const client = useQueryClient();
  const tables = useQuery({
    queryKey: ["live-tables"],
    queryFn: ({ signal }) => api.get("/tables", anyOf<TableInfo[]>(), signal),
    refetchInterval: 5000,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const rounds = useQuery({
    queryKey: ["live-tables", "rounds", chosen],
    queryFn: ({ signal }) =>
      api.get(`/tables/rounds?tableId=${encodeURIComponent(chosen ?? "")}`, anyOf<Round[]>(), signal),
    enabled: chosen !== null,
  });
  const report = useQuery({
    queryKey: ["live-tables", "report", from, to],
    queryFn: ({ signal }) => api.get(`/tables/report?from=${from}&to=${to}`, anyOf<ReportRow[]>(), signal),
  });
  const update = useMutation({
    mutationFn: (u: Record<string, unknown>) => api.put("/tables", u, anyOf<TableInfo>()),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["live-tables"] }),
  });
  const [editing, setEditing] = useState<TableInfo | null>(null);
  const COLS = 7;
  return (
    <>
      <PageHeader title={t("liveTables.title")} description={t("liveTables.description")} />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{errorMessage(update.error)}</p>}
      {editing && <TableSettingsDialog table={editing} onClose={() => setEditing(null)} />}
      <div className="table-wrap">
        <table className="table" data-testid="live-tables">
          <thead>
            <tr>
              <th scope="col">{t("liveTables.table")}</th>
              <th scope="col">{t("liveTables.window")}</th>
              <th scope="col">{t("liveTables.chips")}</th>
              <th scope="col">{t("liveTables.limits")}</th>
              <th scope="col">{t("liveTables.round")}</th>
              <th scope="col" className="num">
                {t("liveTables.players")}
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("liveTables.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.isPending && <SkeletonRows columns={COLS} />}
            {tables.isError && !tables.data && <ErrorRow columns={COLS} onRetry={() => tables.refetch()} />}
            {tables.data?.length === 0 && <EmptyRow columns={COLS} title={t("liveTables.empty")} />}
            {tables.data?.map((tbl) => (
              <tr key={tbl.id} data-testid="live-table-row" data-table={tbl.id}>
                <td>
                  <strong>{tbl.name.EN}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{tbl.id}</code> · {tableGameLabel(tbl.game)} ·{" "}
                    <span className={tbl.enabled ? "badge badge--success" : "badge badge--muted"}>
                      {tbl.enabled
                        ? tbl.open
                          ? t("liveTables.open")
                          : t("bingo.outsideHours")
                        : t("liveTables.off")}
                    </span>
                  </span>
                </td>
                <td>
                  {tbl.bettingMs / 1000} s + {tbl.pauseMs / 1000} s
                </td>
                <td>
                  {tbl.chips.map(showAmount).join(" · ")}
                  <span className="cell-sub">
                    {tbl.opensAt && tbl.closesAt
                      ? `${tbl.opensAt}–${tbl.closesAt} PHT`
                      : t("liveTables.allDay")}
                  </span>
                </td>
                <td className="cell-nowrap">
                  {showAmount(tbl.minBet)} – {showAmount(tbl.maxBet)}
                  {Object.entries(tbl.limits).map(([k, v]) => (
                    <span key={k} className="cell-sub">
                      {betKindLabel(k)}: {v.min} – {v.max}
                    </span>
                  ))}
                </td>
                <td>
                  {tbl.round ? `#${tbl.round.roundNo} ${tableRoundStatusLabel(tbl.round.status)}` : "—"}
                </td>
                <td className="num">{tbl.players}</td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setChosen(tbl.id)}>
                    {t("liveTables.rounds")}
                  </button>
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`live-settings-${tbl.id}`}
                        onClick={() => setEditing(tbl)}
                      >
                        {t("liveTables.settings")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`live-toggle-${tbl.id}`}
                        onClick={() => update.mutate({ id: tbl.id, enabled: !tbl.enabled })}
                      >
                        {tbl.enabled ? t("liveTables.turnOff") : t("liveTables.turnOn")}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chosen && (
        <section aria-label={t("liveTables.roundsOf", { table: chosen })}>
          <h2>{t("liveTables.roundsOf", { table: chosen })}</h2>
          <div className="table-wrap">
            <table className="table" data-testid="live-rounds">
              <thead>
                <tr>
                  <th scope="col">{t("liveTables.round")}</th>
                  <th scope="col">{t("liveTables.state")}</th>
                  <th scope="col" className="num">
                    {t("liveTables.betSets")}
                  </th>
                  <th scope="col" className="num">
                    {t("liveTables.bets")}
                  </th>
                  <th scope="col" className="num">
                    {t("liveTables.wins")}
                  </th>
                  <th scope="col">{t("liveTables.seedHash")}</th>
                </tr>
              </thead>
              <tbody>
                {rounds.isPending && <SkeletonRows columns={6} />}
                {rounds.data?.length === 0 && <EmptyRow columns={6} title={t("liveTables.noRounds")} />}
                {rounds.data?.map((r) => (
                  <tr key={r.roundId}>
                    <td>#{r.roundNo}</td>
                    <td>{tableRoundStatusLabel(r.status)}</td>
                    <td className="num">{r.betSets}</td>
                    <td className="num">{showAmount(r.bets)}</td>
                    <td className="num">{showAmount(r.wins)}</td>
                    <td>
                      <code className="code-tag">{r.seedHash.slice(0, 16)}…</code>{" "}
                      {r.seed && (
                        <a
                          href={`/rgs/verify?table=${encodeURIComponent(tables.data?.find((x) => x.id === chosen)?.game ?? "")}&seed=${r.seed}&lang=EN`}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {t("liveTables.verify")}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <section aria-label={t("liveTables.report")}>
        <h2>{t("liveTables.report")}</h2>
        <label>
          {t("filter.from")} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>{" "}
        <label>
          {t("filter.to")} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="table-wrap">
          <table className="table" data-testid="live-report">
            <thead>
              <tr>
                <th scope="col">{t("liveTables.table")}</th>
                <th scope="col" className="num">
                  {t("liveTables.rounds")}
                </th>
                <th scope="col" className="num">
                  {t("liveTables.void")}
                </th>
                <th scope="col" className="num">
                  {t("liveTables.bets")}
                </th>
                <th scope="col" className="num">
                  {t("liveTables.wins")}
                </th>
                <th scope="col" className="num">
                  {t("liveTables.margin")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data?.map((r) => (
                <tr key={r.tableId}>
                  <td>{r.tableId}</td>
                  <td className="num">{r.rounds}</td>
                  <td className="num">{r.voided}</td>
                  <td className="num">{showAmount(r.bets)}</td>
                  <td className="num">{showAmount(r.wins)}</td>
                  <td className="num">
                    {showAmount(r.margin)}
                    {r.marginPercent !== null && ` (${showPercentText(r.marginPercent)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
