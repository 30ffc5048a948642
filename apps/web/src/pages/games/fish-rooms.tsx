import type { RoomListEntry } from "@panalo/contracts/live-tables";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLaunchGame } from "../../features/games/launch.ts";
import { useSession } from "../../features/session/session-store.ts";
import { api } from "../../lib/api.ts";

/**
 * The in-house fish game's seas (spec §7 GLS2_roomList, game "fish"): by stake level, each room
 * with its stake range and free seats, refreshed every few seconds. Play launches the level's
 * game into the /game frame; the game server seats the player at a free seat of that level.
 */
export function FishRooms() {
  const { t, i18n } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const launch = useLaunchGame();
  const rooms = useQuery({
    queryKey: ["live-rooms", i18n.language],
    queryFn: ({ signal }) =>
      api<RoomListEntry[]>("/wps/relay/GLS2_roomList", { method: "POST", body: {}, signal }),
    enabled: loggedIn,
    refetchInterval: 5000,
  });
  const fish = (rooms.data ?? []).filter((r) => r.game === "fish");
  if (!loggedIn || fish.length === 0) return null;
  const levels = [...new Set(fish.map((r) => r.level ?? ""))];
  return (
    <section aria-label={t("fishRooms.title")} data-testid="fish-rooms">
      <h2>{t("fishRooms.title")}</h2>
      <ul className="card-grid">
        {levels.map((level) => {
          const seas = fish.filter((r) => r.level === level);
          const first = seas[0];
          if (!first) return null;
          const free = seas.reduce((n, r) => n + (r.seatsFree ?? 0), 0);
          const name = t("fishRooms.name", { min: first.minBet, max: first.maxBet });
          return (
            <li key={level}>
              <article className="card live-table" data-testid="fish-level" data-level={level}>
                <h3>{name}</h3>
                <p className="muted">{t("fishRooms.stakes", { min: first.minBet, max: first.maxBet })}</p>
                <ul className="fish-seas">
                  {seas.map((r) => (
                    <li key={r.tableId} data-testid="fish-room" data-room={r.tableId}>
                      {t("fishRooms.room", { room: r.tableId })} ·{" "}
                      <span data-testid="fish-seats-free">
                        {t("fishRooms.seatsFree", { count: r.seatsFree ?? 0, seats: r.seats ?? 4 })}
                      </span>
                    </li>
                  ))}
                </ul>
                {first.nodeId !== null && (
                  <button
                    type="button"
                    className="btn btn-gold btn-block"
                    data-testid="fish-play"
                    onClick={() => launch({ nodeId: first.nodeId ?? 0, gameName: name })}
                  >
                    {t("common.play")}
                    <span className="sr-only"> {name}</span>
                    {free === 0 && <span className="muted"> · {t("fishRooms.newSea")}</span>}
                  </button>
                )}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
