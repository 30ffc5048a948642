import type { AdminLotteryGame } from "@panalo/contracts/lottery";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { t as tr, useT } from "../../lib/i18n.ts";
import { GameEditor, scheduleText } from "./game-editor.tsx";
import { pesos, useLotteryGames } from "./lottery-api.ts";

const COLUMNS = 9;

function prizeText(g: AdminLotteryGame): string {
  if (g.prizeTable.straight !== undefined) return tr("lottery.games.straight", { n: g.prizeTable.straight });
  return Object.entries(g.prizeTable.matches ?? {})
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([k, v]) => `${k}: ${v.toLocaleString("en-US")}×`)
    .join(", ");
}

/** Lottery games: schedules, prize tables, limits, cancel and enable. */
export function LotteryGamesPage() {
  const t = useT();
  const canWrite = useCanWrite("lottery-games");
  const games = useLotteryGames();
  const [editing, setEditing] = useState<AdminLotteryGame | null>(null);
  return (
    <>
      <PageHeader title={t("lottery.games.title")} description={t("lottery.games.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={games.isFetching} data-testid="lottery-games">
          <thead>
            <tr>
              <th scope="col">{t("lottery.games.game")}</th>
              <th scope="col">{t("lottery.games.type")}</th>
              <th scope="col">{t("lottery.games.schedule")}</th>
              <th scope="col" className="num">
                {t("lottery.games.cutoff")}
              </th>
              <th scope="col">{t("lottery.games.prizes")}</th>
              <th scope="col">{t("lottery.games.stake")}</th>
              <th scope="col" className="num">
                {t("lottery.games.liability")}
              </th>
              <th scope="col">{t("lottery.games.state")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("lottery.games.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.isPending && <SkeletonRows columns={COLUMNS} />}
            {games.isError && !games.data && <ErrorRow columns={COLUMNS} onRetry={() => games.refetch()} />}
            {games.data?.length === 0 && <EmptyRow columns={COLUMNS} title={t("lottery.games.empty")} />}
            {games.data?.map((g) => (
              <tr key={g.code} data-testid="lottery-game-row" data-code={g.code}>
                <td>
                  <strong>{g.name}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{g.code}</code> · {g.tag}
                  </span>
                </td>
                <td>{gameCategoryLabel(g.gameType)}</td>
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
                    {g.enabled ? t("lottery.games.enabled") : t("lottery.games.disabled")}
                  </span>
                  {g.cancelAllowed && <span className="cell-sub">{t("lottery.games.cancelAllowed")}</span>}
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() => setEditing(g)}
                    data-testid={`lottery-edit-${g.code}`}
                  >
                    {canWrite ? t("lottery.games.edit") : t("lottery.games.view")}
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
