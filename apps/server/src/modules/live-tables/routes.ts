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

/**
 * spec §7 GLS2_roomList: the in-house live tables with their limits, the current
 * round's state and the players at each, read from the game server (in memory in the
 * one-process set-up, RGS_URL otherwise) and joined to the catalog's games (nodeId to launch).
 */
export async function liveTableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await liveTableAdminRoutes(app, ctx);
  const member = requireMember(ctx);
  const fromRgs = async (): Promise<TableInfo[]> => {
    let body: string;
    if (ctx.config.RGS_MODE === "external") {
      const res = await fetch(`${ctx.config.RGS_URL.replace(/\/+$/, "")}/rgs/api/tables`, {
        signal: AbortSignal.timeout(5000),
      });
      body = await res.text();
    } else {
      body = (await app.inject({ method: "GET", url: "/rgs/api/tables" })).body;
    }
    const json = JSON.parse(body) as { success?: boolean; value?: TableInfo[] };
    if (!json.success || !Array.isArray(json.value)) throw new Error("no table list");
    return json.value;
  };
  route(
    app,
    { method: "POST", url: "/wps/relay/GLS2_roomList", body: RoomListRequest, guards: [member] },
    async (i): Promise<RoomListEntry[]> => {
      const lang: Lang = i.body.language ?? i.lang;
      let tables: TableInfo[];
      try {
        tables = await fromRgs();
      } catch {
        throw new AppError("LIVE_TABLES_UNAVAILABLE", 503);
      }
      const nodes = await enabledGameNodes(ctx, LIVE_VENDOR);
      return tables
        .filter((t) => t.enabled && nodes.has(t.id))
        .map((t) => ({
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
        }));
    },
  );
}
