import {
  AdminBingoGamesQuery,
  AdminBingoReportQuery,
  AdminBingoRoomUpdate,
  type BingoRoomInfo,
  type BingoRoomListEntry,
  BingoRoomListRequest,
} from "@panalo/contracts/bingo";
import { rgsAdminSecret, signAdminCall } from "@panalo/rgs/lottery/admin-auth";
import type { FastifyInstance, FastifyReply } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { enabledGameNodes } from "../games/service.ts";
import { requireMember } from "../members/service.ts";

const BINGO_VENDOR = "PNB";

/**
 * The bingo rooms on the platform: the /bingo listing
 * (/wps/relay/GLS2_bingoRoomList: each room's next game, ticket price and prize pool, joined
 * to the catalog's games for the launch) and the back office's /api/admin/bingo* (permissions
 * tables.read / tables.write), forwarded to the game server signed like the tables' calls.
 */
export async function bingoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secret = ctx.config.APP_SECRET ? rgsAdminSecret(ctx.config.APP_SECRET) : "";
  const base = ctx.config.RGS_MODE === "external" ? ctx.config.RGS_URL.replace(/\/+$/, "") : "";
  const call = async (
    method: "GET" | "PUT",
    path: string,
    operator: string | null,
    payload?: unknown,
  ): Promise<{ status: number; json: { success?: boolean; value?: unknown } }> => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers = {
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...(operator === null ? {} : signAdminCall(secret, { method, path, operator, body })),
    };
    try {
      let status: number;
      let text: string;
      if (base) {
        const res = await fetch(`${base}${path}`, {
          method,
          headers,
          ...(method === "GET" ? {} : { body }),
          signal: AbortSignal.timeout(ctx.config.RGS_CALL_TIMEOUT_MS),
        });
        status = res.status;
        text = await res.text();
      } else {
        const res = await app.inject({
          method,
          url: path,
          headers,
          ...(method === "GET" ? {} : { payload: body }),
        });
        status = res.statusCode;
        text = res.body;
      }
      return { status, json: JSON.parse(text) as { success?: boolean; value?: unknown } };
    } catch {
      throw new AppError("BINGO_UNAVAILABLE", 503);
    }
  };
  const forward = async (
    reply: FastifyReply | null,
    operator: string,
    method: "GET" | "PUT",
    path: string,
    payload?: unknown,
  ) => {
    const { status, json } = await call(method, path, operator, payload);
    if (json.success === true) return json.value;
    if (reply) {
      await reply.status(status >= 400 ? status : 502).send(json);
      return undefined;
    }
    throw new AppError("BINGO_UNAVAILABLE", 503);
  };

  const member = requireMember(ctx);
  route(
    app,
    { method: "POST", url: "/wps/relay/GLS2_bingoRoomList", body: BingoRoomListRequest, guards: [member] },
    async (i): Promise<BingoRoomListEntry[]> => {
      const lang: Lang = i.body.language ?? i.lang;
      const { json } = await call("GET", "/rgs/api/bingo/rooms", null);
      if (!json.success || !Array.isArray(json.value)) throw new AppError("BINGO_UNAVAILABLE", 503);
      const rooms = json.value as BingoRoomInfo[];
      const nodes = await enabledGameNodes(ctx, BINGO_VENDOR);
      return rooms
        .filter((r) => r.enabled && nodes.has(r.id))
        .map((r) => ({
          nodeId: nodes.get(r.id) ?? null,
          roomId: r.id,
          kind: r.kind,
          name: lang === "TY" ? r.name.TY : r.name.EN,
          ticketPrice: r.ticketPrice,
          open: r.open,
          players: r.players,
          game: r.game
            ? {
                gameNo: r.game.gameNo,
                status: r.game.status,
                startsAt: r.game.startsAt,
                pool: r.game.pool,
                ticketsSold: r.game.ticketsSold,
              }
            : null,
        }));
    },
  );

  const read = [requireOperator(ctx, "tables.read")];
  route(app, { method: "GET", url: "/api/admin/bingo/rooms", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/bingo/rooms"),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/bingo/rooms",
      body: AdminBingoRoomUpdate,
      guards: [requireOperator(ctx, "tables.write")],
    },
    async (i) => {
      const op = operatorOf(i.req);
      const before = (
        (await forward(null, op.username, "GET", "/rgs/admin/bingo/rooms")) as BingoRoomInfo[]
      ).find((r) => r.id === i.body.id);
      const after = (await forward(i.reply, op.username, "PUT", "/rgs/admin/bingo/rooms", i.body)) as
        | BingoRoomInfo
        | undefined;
      if (after === undefined) return undefined;
      const { game: _b, players: _pb, ...beforeSettings } = before ?? ({} as BingoRoomInfo);
      const { game: _a, players: _pa, ...afterSettings } = after;
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "bingo_room",
        entityId: i.body.id,
        before: before ? beforeSettings : null,
        after: afterSettings,
        ip: i.ip,
      });
      return after;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/bingo/games", query: AdminBingoGamesQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/bingo/games?roomId=${encodeURIComponent(i.query.roomId)}&page=${i.query.page}`,
      ),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/bingo/report", query: AdminBingoReportQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/bingo/report?from=${i.query.from}&to=${i.query.to}`,
      ),
  );
}
