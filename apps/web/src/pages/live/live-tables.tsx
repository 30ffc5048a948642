import type { RoomListEntry } from "@panalo/contracts/live-tables";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLaunchGame } from "../../features/games/launch.ts";
import { useSession } from "../../features/session/session-store.ts";
import { api } from "../../lib/api.ts";

/**
 * The in-house live tables (spec §7 GLS2_roomList): each table with its limits, the
 * current round's state and the players at it, refreshed every few seconds; a table launches
 * into the /game frame like any game.
 */
export function LiveTables() {
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
  // The fish seas come in the same list (game "fish"): they are on /fish.
  const tables = (rooms.data ?? []).filter((r) => r.game !== "fish");
  if (!loggedIn || tables.length === 0) return null;
  return (
    <section aria-label={t("live.tables")} data-testid="live-tables">
      <h2>{t("live.tables")}</h2>
      <ul className="card-grid">
        {tables.map((r) => (
          <li key={r.tableId}>
            <article className="card live-table" data-testid="live-table" data-table={r.tableId}>
              <h3>{r.name}</h3>
              <p className="muted">
                {t("live.limits", { min: r.minBet, max: r.maxBet })} ·{" "}
                <span data-testid="live-players">{t("live.players", { count: r.players })}</span>
              </p>
              <p data-testid="live-state">
                {!r.open
                  ? t("live.closed")
                  : r.round?.status === "betting"
                    ? t("live.betting", { round: r.round.roundNo })
                    : t("live.dealing")}
              </p>
              {r.nodeId !== null && r.open && (
                <button
                  type="button"
                  className="btn btn-gold btn-block"
                  data-testid="live-play"
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
