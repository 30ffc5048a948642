import type { BingoRoomListEntry } from "@panalo/contracts/bingo";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLaunchGame } from "../../features/games/launch.ts";
import { useSession } from "../../features/session/session-store.ts";
import { api } from "../../lib/api.ts";
import { formatMoneyString } from "../../lib/format.ts";

const time = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === "TY" ? "fil-PH" : lang === "CN" ? "zh-CN" : lang.toLowerCase(), {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "Asia/Manila",
  }).format(new Date(iso));

/**
 * The in-house bingo rooms (/wps/relay/GLS2_bingoRoomList): each room with
 * its next game's start time, the ticket price and the prize pool so far, refreshed every few
 * seconds; a room launches into the /game frame like any game.
 */
export function BingoRooms() {
  const { t, i18n } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const launch = useLaunchGame();
  const rooms = useQuery({
    queryKey: ["bingo-rooms", i18n.language],
    queryFn: ({ signal }) =>
      api<BingoRoomListEntry[]>("/wps/relay/GLS2_bingoRoomList", { method: "POST", body: {}, signal }),
    enabled: loggedIn,
    refetchInterval: 3000,
  });
  if (!loggedIn || !rooms.data?.length) return null;
  return (
    <section aria-label={t("bingo.rooms")} data-testid="bingo-rooms">
      <h2>{t("bingo.rooms")}</h2>
      <ul className="card-grid">
        {rooms.data.map((r) => (
          <li key={r.roomId}>
            <article className="card live-table" data-testid="bingo-room" data-room={r.roomId}>
              <h3>{r.name}</h3>
              <p className="muted">
                {t(r.kind === "bingo90" ? "bingo.kind90" : "bingo.kind75")} ·{" "}
                <span data-testid="bingo-room-price">
                  {t("bingo.price", { price: formatMoneyString(r.ticketPrice) })}
                </span>
              </p>
              <p data-testid="bingo-room-next">
                {!r.open || !r.game
                  ? t("bingo.closed")
                  : r.game.status === "selling"
                    ? t("bingo.next", { game: r.game.gameNo, time: time(r.game.startsAt, i18n.language) })
                    : t("bingo.playing", { game: r.game.gameNo })}
              </p>
              <p data-testid="bingo-room-pool">
                {t("bingo.pool", { pool: formatMoneyString(r.game?.pool ?? "0.00") })}
                {r.game ? ` · ${t("bingo.sold", { count: r.game.ticketsSold })}` : ""}
              </p>
              {r.nodeId !== null && r.open && (
                <button
                  type="button"
                  className="btn btn-gold btn-block"
                  data-testid="bingo-play"
                  onClick={() => launch({ nodeId: r.nodeId ?? 0, gameName: r.name })}
                >
                  {t("common.play")}
                  <span className="sr-only"> {r.name}</span>
                </button>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
