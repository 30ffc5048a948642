import type { RoomListEntry, TableInfo } from "@panalo/contracts/live-tables";
import { RoomListRequest } from "@panalo/contracts/live-tables";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { route } from "../../lib/route.ts";
import { enabledGameNodes } from "../games/service.ts";
import { requireMember } from "../members/service.ts";
import { liveTableAdminRoutes } from "./admin-routes.ts";

const LIVE_VENDOR = "PNL";
const FISH_VENDOR = "PNF";
const CARDS_VENDOR = "PNP";

/** A PVP card table as the game server lists it (GET /rgs/api/cards/tables, docs/cards.md). */
interface CardTableInfo {
  tableId: string;
  game: "holdem" | "tongits";
  name: string;
  smallBlind: string | null;
  bigBlind: string | null;
  stake: string | null;
  seats: number;
  seatsTaken: number;
  minBuyIn: string;
  maxBuyIn: string;
  enabled: boolean;
}

/** A fish room as the game server lists it (GET /rgs/api/fish/rooms, docs/fish.md). */
interface FishRoomInfo {
  roomId: string;
  level: string;
  minBet: string;
  maxBet: string;
  seats: number;
  seatsFree: number;
  /** Switched off in the back office: no new seat there, so players are not shown it. */
  enabled?: boolean;
}

/**
 * spec §7 GLS2_roomList: the in-house live tables with their limits, the current
 * round's state and the players at each, read from the game server (in memory in the
 * one-process set-up, RGS_URL otherwise) and joined to the catalog's games (nodeId to launch);
 * beside them the fish rooms (game "fish"): stake range, seats free, the level's game to launch;
 * and the PVP card tables (game "holdem" / "tongits"): blinds or per-point stake, buy-in range,
 * seats taken of seats, the table's game to launch. `game` and `stake` filter the list.
 */
export async function liveTableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await liveTableAdminRoutes(app, ctx);
  const member = requireMember(ctx);
  const fromRgs = async <T>(path: string): Promise<T[]> => {
    let body: string;
    if (ctx.config.RGS_MODE === "external") {
      const res = await fetch(`${ctx.config.RGS_URL.replace(/\/+$/, "")}${path}`, {
        signal: AbortSignal.timeout(5000),
      });
      body = await res.text();
    } else {
      body = (await app.inject({ method: "GET", url: path })).body;
    }
    const json = JSON.parse(body) as { success?: boolean; value?: T[] };
    if (!json.success || !Array.isArray(json.value)) throw new Error(`no list from ${path}`);
    return json.value;
  };
  route(
    app,
    { method: "POST", url: "/wps/relay/GLS2_roomList", body: RoomListRequest, guards: [member] },
    async (i): Promise<RoomListEntry[]> => {
      const lang: Lang = i.body.language ?? i.lang;
      let tables: TableInfo[];
      try {
        tables = await fromRgs<TableInfo>("/rgs/api/tables");
      } catch {
        throw new AppError("LIVE_TABLES_UNAVAILABLE", 503);
      }
      // The fish rooms are listed when the game server answers for them; the tables regardless.
      const fish = await fromRgs<FishRoomInfo>("/rgs/api/fish/rooms").catch(() => []);
      const cards = await fromRgs<CardTableInfo>("/rgs/api/cards/tables").catch(() => []);
      const [nodes, fishNodes, cardNodes] = await Promise.all([
        enabledGameNodes(ctx, LIVE_VENDOR),
        enabledGameNodes(ctx, FISH_VENDOR),
        enabledGameNodes(ctx, CARDS_VENDOR),
      ]);
      const cardTables = cards
        .filter((c) => c.enabled && cardNodes.has(c.tableId))
        .map(
          (c): RoomListEntry => ({
            nodeId: cardNodes.get(c.tableId) ?? null,
            tableId: c.tableId,
            game: c.game,
            name: c.name,
            vendor: CARDS_VENDOR,
            chips: [],
            minBet: c.bigBlind ?? c.stake ?? "0.00",
            maxBet: c.maxBuyIn,
            open: true,
            players: c.seatsTaken,
            bettingMs: 0,
            round: null,
            seats: c.seats,
            seatsFree: c.seats - c.seatsTaken,
            seatsTaken: c.seatsTaken,
            smallBlind: c.smallBlind,
            bigBlind: c.bigBlind,
            stake: c.stake,
            minBuyIn: c.minBuyIn,
            maxBuyIn: c.maxBuyIn,
          }),
        );
      const fishRooms = fish
        .filter((r) => r.enabled !== false && fishNodes.has(r.level))
        .map(
          (r): RoomListEntry => ({
            nodeId: fishNodes.get(r.level) ?? null,
            tableId: r.roomId,
            game: "fish",
            name: `Panalo Fishing ${r.minBet}–${r.maxBet} · ${r.roomId}`,
            vendor: FISH_VENDOR,
            chips: [],
            minBet: r.minBet,
            maxBet: r.maxBet,
            open: true,
            players: r.seats - r.seatsFree,
            bettingMs: 0,
            round: null,
            level: r.level,
            seats: r.seats,
            seatsFree: r.seatsFree,
          }),
        );
      const live = tables
        .filter((t) => t.enabled && nodes.has(t.id))
        .map(
          (t): RoomListEntry => ({
            nodeId: nodes.get(t.id) ?? null,
            tableId: t.id,
            game: t.game,
            name: lang === "TY" ? t.name.TY : t.name.EN,
            vendor: t.vendor,
            chips: t.chips,
            minBet: t.minBet,
            maxBet: t.maxBet,
            open: t.open,
            players: t.players,
            bettingMs: t.bettingMs,
            round: t.round
              ? { roundNo: t.round.roundNo, status: t.round.status, closesAt: t.round.closesAt }
              : null,
          }),
        );
      // Filters: by game, and for card tables by stake (big blind or per-point stake, in pesos).
      const wanted = i.body.stake === undefined ? null : Number(i.body.stake).toFixed(2);
      return [...live, ...fishRooms, ...cardTables]
        .filter((r) => i.body.game === undefined || r.game === i.body.game)
        .filter((r) => wanted === null || (r.bigBlind ?? r.stake) === wanted);
    },
  );
}
