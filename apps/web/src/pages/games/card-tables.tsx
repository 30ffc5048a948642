import type { RoomListEntry } from "@panalo/contracts/live-tables";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLaunchGame } from "../../features/games/launch.ts";
import { useSession } from "../../features/session/session-store.ts";
import { api } from "../../lib/api.ts";

type CardGame = "holdem" | "tongits";
const isCards = (r: RoomListEntry) => r.game === "holdem" || r.game === "tongits";

/**
 * The PVP card tables (spec §7 GLS2_roomList, games "holdem" and "tongits"; docs/cards.md): each
 * table with its blinds or per-point stake, buy-in range and seats taken, filtered by game and
 * stake on the server, refreshed every few seconds. Play launches the table's game into the
 * /game frame, where the player picks a buy-in and sits down.
 */
export function CardTables() {
  const { t, i18n } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const launch = useLaunchGame();
  const [game, setGame] = useState<CardGame | "">("");
  const [stake, setStake] = useState("");
  const all = useQuery({
    queryKey: ["card-tables", i18n.language, "all"],
    queryFn: ({ signal }) =>
      api<RoomListEntry[]>("/wps/relay/GLS2_roomList", { method: "POST", body: {}, signal }),
    enabled: loggedIn,
    refetchInterval: 5000,
  });
  const filtered = useQuery({
    queryKey: ["card-tables", i18n.language, game, stake],
    queryFn: ({ signal }) =>
      api<RoomListEntry[]>("/wps/relay/GLS2_roomList", {
        method: "POST",
        body: { ...(game ? { game } : {}), ...(stake ? { stake } : {}) },
        signal,
      }),
    enabled: loggedIn && (game !== "" || stake !== ""),
    refetchInterval: 5000,
  });
  const every = (all.data ?? []).filter(isCards);
  if (!loggedIn || every.length === 0) return null;
  const tables = (game === "" && stake === "" ? every : (filtered.data ?? [])).filter(isCards);
  const stakes = [
    ...new Set(every.filter((r) => !game || r.game === game).map((r) => r.bigBlind ?? r.stake ?? "")),
  ]
    .filter(Boolean)
    .sort((a, b) => Number(a) - Number(b));
  return (
    <section aria-label={t("cardTables.title")} data-testid="card-tables">
      <h2>{t("cardTables.title")}</h2>
      <p className="muted">{t("cardTables.cashOnly")}</p>
      <div className="games-toolbar">
        <label>
          {t("cardTables.game")}{" "}
          <select
            data-testid="card-filter-game"
            value={game}
            onChange={(e) => {
              setGame(e.target.value as CardGame | "");
              setStake("");
            }}
          >
            <option value="">{t("cardTables.allGames")}</option>
            <option value="holdem">{t("cardTables.holdem")}</option>
            <option value="tongits">{t("cardTables.tongits")}</option>
          </select>
        </label>{" "}
        <label>
          {t("cardTables.stake")}{" "}
          <select data-testid="card-filter-stake" value={stake} onChange={(e) => setStake(e.target.value)}>
            <option value="">{t("cardTables.allStakes")}</option>
            {stakes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="card-grid">
        {tables.map((r) => {
          const taken = r.seatsTaken ?? 0;
          const seats = r.seats ?? 0;
          const label = r.game === "holdem" ? t("cardTables.holdem") : t("cardTables.tongits");
          return (
            <li key={r.tableId}>
              <article
                className="card live-table"
                data-testid="card-table"
                data-table={r.tableId}
                data-game={r.game}
              >
                <h3>
                  {label} · {r.name}
                </h3>
                <p className="muted">
                  {r.game === "holdem"
                    ? t("cardTables.blinds", { sb: r.smallBlind, bb: r.bigBlind })
                    : t("cardTables.perPoint", { stake: r.stake })}
                </p>
                <p className="muted">{t("cardTables.buyIn", { min: r.minBuyIn, max: r.maxBuyIn })}</p>
                <p data-testid="card-seats">{t("cardTables.seats", { taken, seats })}</p>
                {r.nodeId !== null && (
                  <button
                    type="button"
                    className="btn btn-gold btn-block"
                    data-testid="card-play"
                    disabled={taken >= seats}
                    onClick={() => launch({ nodeId: r.nodeId ?? 0, gameName: `${label} ${r.name}` })}
                  >
                    {taken >= seats ? t("cardTables.full") : t("common.play")}
                    <span className="sr-only"> {r.name}</span>
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
