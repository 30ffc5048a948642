import type { AdminLotteryGame } from "@panalo/contracts/lottery";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { GameEditor, scheduleText } from "./game-editor.tsx";
import { pesos, useLotteryGames } from "./lottery-api.ts";

const COLUMNS = 9;

function prizeText(g: AdminLotteryGame): string {
  if (g.prizeTable.straight !== undefined) return `straight ${g.prizeTable.straight}×`;
  return Object.entries(g.prizeTable.matches ?? {})
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([k, v]) => `${k}: ${v.toLocaleString("en-US")}×`)
    .join(", ");
}

/** Lottery games: schedules, prize tables, limits, cancel and enable. */
export function LotteryGamesPage() {
  const canWrite = useCanWrite("lottery-games");
  const games = useLotteryGames();
  const [editing, setEditing] = useState<AdminLotteryGame | null>(null);
  return (
    <>
      <PageHeader
        title="Lottery games"
        description="Each game's draw schedule, sales cut-off, prize table, stake limits and the liability limit per number. Changes apply to bets placed from now on."
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={games.isFetching} data-testid="lottery-games">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Type</th>
              <th scope="col">Schedule</th>
              <th scope="col" className="num">
                Cut-off
              </th>
              <th scope="col">Prizes</th>
              <th scope="col">Stake</th>
              <th scope="col" className="num">
                Liability limit
              </th>
              <th scope="col">State</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.isPending && <SkeletonRows columns={COLUMNS} />}
            {games.isError && !games.data && <ErrorRow columns={COLUMNS} onRetry={() => games.refetch()} />}
            {games.data?.length === 0 && <EmptyRow columns={COLUMNS} title="No lottery games." />}
            {games.data?.map((g) => (
              <tr key={g.code} data-testid="lottery-game-row" data-code={g.code}>
                <td>
                  <strong>{g.name}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{g.code}</code> · {g.tag}
                  </span>
                </td>
                <td>{g.gameType}</td>
                <td>{scheduleText(g.schedule)}</td>
                <td className="num">{g.cutoffSeconds} s</td>
                <td data-testid="lottery-game-prizes">{prizeText(g)}</td>
                <td className="cell-nowrap">
                  {pesos(g.minStake)} – {pesos(g.maxStake)}
                </td>
                <td className="num" data-testid="lottery-game-liability">
                  {pesos(g.liabilityLimit)}
                </td>
                <td>
                  <span className={g.enabled ? "badge badge--success" : "badge badge--muted"}>
                    {g.enabled ? "Enabled" : "Disabled"}
                  </span>
                  {g.cancelAllowed && <span className="cell-sub">Cancel allowed</span>}
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() => setEditing(g)}
                    data-testid={`lottery-edit-${g.code}`}
                  >
                    {canWrite ? "Edit" : "View"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <GameEditor game={editing} readOnly={!canWrite} onClose={() => setEditing(null)} />}
    </>
  );
}
