import type { AdminCardOpponent } from "@panalo/contracts/cards-admin";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { z } from "zod";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { showAmount } from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { CardHandsTable } from "./cards-page.tsx";

const anyOf = <T,>() => z.custom<T>(() => true);

/**
 * The player page's card hands (Hold'em, Tongits): against each opponent the completed hands
 * both were dealt into, the player's wins and losses in them, the win rate and the net; then
 * every hand the player was dealt into, with the result and a verify link.
 */
export function PlayerCardsSection({ id }: { id: number }) {
  const t = useT();
  const opponents = useQuery({
    queryKey: ["player", id, "card-opponents"],
    queryFn: ({ signal }) => api.get(`/cards/opponents?playerId=${id}`, anyOf<AdminCardOpponent[]>(), signal),
  });
  const COLS = 6;
  return (
    <section className="section" aria-labelledby="player-cards" data-testid="player-cards">
      <div className="section-header">
        <h2 id="player-cards">{t("cards.playerTitle")}</h2>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="player-card-opponents">
          <thead>
            <tr>
              <th scope="col">{t("cards.opponent")}</th>
              <th scope="col" className="num">
                {t("cards.hands")}
              </th>
              <th scope="col" className="num">
                {t("cards.wonLost")}
              </th>
              <th scope="col" className="num">
                {t("cards.opponentWon")}
              </th>
              <th scope="col" className="num">
                {t("cards.winRate")}
              </th>
              <th scope="col" className="num">
                {t("cards.net")}
              </th>
            </tr>
          </thead>
          <tbody>
            {opponents.isPending && <SkeletonRows columns={COLS} />}
            {opponents.isError && !opponents.data && (
              <ErrorRow columns={COLS} onRetry={() => opponents.refetch()} />
            )}
            {opponents.data?.length === 0 && <EmptyRow columns={COLS} title={t("cards.noHands")} />}
            {opponents.data?.map((o) => (
              <tr key={o.opponentId} data-testid="player-card-opponent" data-opponent={o.opponentId}>
                <td>
                  <Link to={`/players/${o.opponentId}`}>#{o.opponentId}</Link>
                </td>
                <td className="num">{o.hands}</td>
                <td className="num">
                  {o.won} / {o.lost}
                </td>
                <td className="num">{o.opponentWon}</td>
                <td className="num">{o.winRatePercent} %</td>
                <td className="num">{showAmount(o.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CardHandsTable query={`player-hands?playerId=${id}`} testId="player-card-hands" />
    </section>
  );
}
