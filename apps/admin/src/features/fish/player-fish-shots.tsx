import type { AdminFishShot } from "@panalo/contracts/fish-admin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";

const anyOf = <T,>() => z.custom<T>(() => true);
const PAGE = 50;

/**
 * The player page's fish shots (Panalo Fishing), newest first, 50 a page: each shot's room, bet,
 * hit and win, and once the player left the seat (the server seed revealed) whether it
 * recomputes, with a link to the game server's recomputation.
 */
export function PlayerFishShotsSection({ id }: { id: number }) {
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
        <h2 id="player-fish-shots">Fish shots</h2>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Room · nonce</th>
              <th scope="col" className="num">
                Bet
              </th>
              <th scope="col">Hit</th>
              <th scope="col" className="num">
                Win
              </th>
              <th scope="col">Verify</th>
            </tr>
          </thead>
          <tbody>
            {shots.isPending && <SkeletonRows columns={COLS} />}
            {shots.isError && !shots.data && <ErrorRow columns={COLS} onRetry={() => shots.refetch()} />}
            {shots.data?.length === 0 && <EmptyRow columns={COLS} title="No fish shots." />}
            {shots.data?.map((s) => (
              <tr key={`${s.magazineId}-${s.nonce}`} data-testid="player-fish-shot">
                <td className="cell-nowrap">{formatDateTime(s.at)}</td>
                <td>
                  <code className="code-tag">{s.roomId}</code> · {s.nonce}
                  <span className="cell-sub">
                    fish {s.fish} · RTP {(s.rtpBp / 100).toFixed(2)} %
                  </span>
                </td>
                <td className="num">{s.bet}</td>
                <td>{s.hit ? "Hit" : "Miss"}</td>
                <td className="num">{s.win}</td>
                <td>
                  {s.verifyUrl ? (
                    <>
                      {s.verified ? "Recomputes" : "Does not recompute"} ·{" "}
                      <a href={s.verifyUrl} target="_blank" rel="noopener noreferrer">
                        Verify
                      </a>
                    </>
                  ) : (
                    <span className="muted">After the player leaves the seat</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="page-actions">
        <button type="button" className="btn btn--sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <button
          type="button"
          className="btn btn--sm"
          disabled={(shots.data?.length ?? 0) < PAGE}
          onClick={() => setPage(page + 1)}
        >
          Older
        </button>
      </div>
    </section>
  );
}
