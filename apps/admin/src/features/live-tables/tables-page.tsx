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
      <PageHeader
        title="Live tables"
        description="Each table's betting window, chips, limits per spot, opening hours and state; the current round, the round history with verify links, and a report of bets, wins and margin."
      />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{errorMessage(update.error)}</p>}
      {editing && <TableSettingsDialog table={editing} onClose={() => setEditing(null)} />}
      <div className="table-wrap">
        <table className="table" data-testid="live-tables">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Window</th>
              <th scope="col">Chips</th>
              <th scope="col">Limits</th>
              <th scope="col">Round</th>
              <th scope="col" className="num">
                Players
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.isPending && <SkeletonRows columns={COLS} />}
            {tables.isError && !tables.data && <ErrorRow columns={COLS} onRetry={() => tables.refetch()} />}
            {tables.data?.length === 0 && <EmptyRow columns={COLS} title="No tables." />}
            {tables.data?.map((t) => (
              <tr key={t.id} data-testid="live-table-row" data-table={t.id}>
                <td>
                  <strong>{t.name.EN}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{t.id}</code> · {t.game} ·{" "}
                    <span className={t.enabled ? "badge badge--success" : "badge badge--muted"}>
                      {t.enabled ? (t.open ? "Open" : "Outside hours") : "Off"}
                    </span>
                  </span>
                </td>
                <td>
                  {t.bettingMs / 1000} s + {t.pauseMs / 1000} s
                </td>
                <td>
                  {t.chips.map(showAmount).join(" · ")}
                  <span className="cell-sub">
                    {t.opensAt && t.closesAt ? `${t.opensAt}–${t.closesAt} PHT` : "All day"}
                  </span>
                </td>
                <td className="cell-nowrap">
                  {showAmount(t.minBet)} – {showAmount(t.maxBet)}
                  {Object.entries(t.limits).map(([k, v]) => (
                    <span key={k} className="cell-sub">
                      {k}: {v.min} – {v.max}
                    </span>
                  ))}
                </td>
                <td>{t.round ? `#${t.round.roundNo} ${t.round.status}` : "—"}</td>
                <td className="num">{t.players}</td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setChosen(t.id)}>
                    Rounds
                  </button>
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`live-settings-${t.id}`}
                        onClick={() => setEditing(t)}
                      >
                        Settings
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`live-toggle-${t.id}`}
                        onClick={() => update.mutate({ id: t.id, enabled: !t.enabled })}
                      >
                        {t.enabled ? "Turn off" : "Turn on"}
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
        <section aria-label={`Rounds of ${chosen}`}>
          <h2>Rounds of {chosen}</h2>
          <div className="table-wrap">
            <table className="table" data-testid="live-rounds">
              <thead>
                <tr>
                  <th scope="col">Round</th>
                  <th scope="col">State</th>
                  <th scope="col" className="num">
                    Bet sets
                  </th>
                  <th scope="col" className="num">
                    Bets
                  </th>
                  <th scope="col" className="num">
                    Wins
                  </th>
                  <th scope="col">Seed hash / verify</th>
                </tr>
              </thead>
              <tbody>
                {rounds.isPending && <SkeletonRows columns={6} />}
                {rounds.data?.length === 0 && <EmptyRow columns={6} title="No rounds yet." />}
                {rounds.data?.map((r) => (
                  <tr key={r.roundId}>
                    <td>#{r.roundNo}</td>
                    <td>{r.status}</td>
                    <td className="num">{r.betSets}</td>
                    <td className="num">{showAmount(r.bets)}</td>
                    <td className="num">{showAmount(r.wins)}</td>
                    <td>
                      <code className="code-tag">{r.seedHash.slice(0, 16)}…</code>{" "}
                      {r.seed && (
                        <a
                          href={`/rgs/verify?table=${encodeURIComponent(tables.data?.find((t) => t.id === chosen)?.game ?? "")}&seed=${r.seed}&lang=EN`}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          Verify
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
      <section aria-label="Report per table">
        <h2>Report per table</h2>
        <label>
          From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>{" "}
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="table-wrap">
          <table className="table" data-testid="live-report">
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col" className="num">
                  Rounds
                </th>
                <th scope="col" className="num">
                  Void
                </th>
                <th scope="col" className="num">
                  Bets
                </th>
                <th scope="col" className="num">
                  Wins
                </th>
                <th scope="col" className="num">
                  Margin
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
