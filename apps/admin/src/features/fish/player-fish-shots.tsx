import type { AdminFishShot } from "@panalo/contracts/fish-admin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";

const anyOf = <T,>() => z.custom<T>(() => true);
const PAGE = 50;

/**
 * The player page's fish shots (Panalo Fishing), newest first, 50 a page: each shot's room, bet,
 * hit and win, and once the player left the seat (the server seed revealed) whether it
 * recomputes, with a link to the game server's recomputation.
 */
export function PlayerFishShotsSection({ id }: { id: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const shots = useQuery({
    queryKey: ["player", id, "fish-shots", page],
    queryFn: ({ signal }) =>
      api.get(`/fish/shots?playerId=${id}&page=${page}`, anyOf<AdminFishShot[]>(), signal),
  });
  const COLS = 6;
  return (
    <section className="section" aria-labelledby="player-fish-shots" data-testid="player-fish-shots">
      <div className="section-header">
        <h2 id="player-fish-shots">{t("fishShots.title")}</h2>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("fishShots.time")}</th>
              <th scope="col">{t("fishShots.room")}</th>
              <th scope="col" className="num">
                {t("fishShots.bet")}
              </th>
              <th scope="col">{t("fishShots.hitHead")}</th>
              <th scope="col" className="num">
                {t("fishShots.win")}
              </th>
              <th scope="col">{t("fishShots.verify")}</th>
            </tr>
          </thead>
          <tbody>
            {shots.isPending && <SkeletonRows columns={COLS} />}
            {shots.isError && !shots.data && <ErrorRow columns={COLS} onRetry={() => shots.refetch()} />}
            {shots.data?.length === 0 && <EmptyRow columns={COLS} title={t("fishShots.empty")} />}
            {shots.data?.map((s) => (
              <tr key={`${s.magazineId}-${s.nonce}`} data-testid="player-fish-shot">
                <td className="cell-nowrap">{formatDateTime(s.at)}</td>
                <td>
                  <code className="code-tag">{s.roomId}</code> · {s.nonce}
                  <span className="cell-sub">
                    {t("fishShots.fishRtp", { fish: s.fish, rtp: (s.rtpBp / 100).toFixed(2) })}
                  </span>
                </td>
                <td className="num">{s.bet}</td>
                <td>{s.hit ? t("fishShots.hit") : t("fishShots.miss")}</td>
                <td className="num">{s.win}</td>
                <td>
                  {s.verifyUrl ? (
                    <>
                      {s.verified ? t("fishShots.recomputes") : t("fishShots.notRecomputes")} ·{" "}
                      <a href={s.verifyUrl} target="_blank" rel="noopener noreferrer">
                        {t("fishShots.verify")}
                      </a>
                    </>
                  ) : (
                    <span className="muted">{t("fishShots.afterLeave")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="page-actions">
        <button type="button" className="btn btn--sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t("cards.newer")}
        </button>
        <button
          type="button"
          className="btn btn--sm"
          disabled={(shots.data?.length ?? 0) < PAGE}
          onClick={() => setPage(page + 1)}
        >
          {t("cards.older")}
        </button>
      </div>
    </section>
  );
}
