import {
  TableBetRequest,
  type TableInfo,
  TableRoundsQuery,
  type TableRoundView,
  TableSessionRequest,
  TableVerifyRequest,
} from "@panalo/contracts/live-tables";
import { formatMinor } from "@panalo/contracts/money";
import { RgsReplayQuery } from "@panalo/contracts/rgs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { latestByRoom, playerStakes, recalledStake, recentRounds, roundById } from "../rounds/reads.ts";
import { checkReplayLink, ok, openRoomSession, parse, roomSocketRoute } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import { betRow, placeBets, TABLE_SESSION_PREFIX } from "./bets.ts";
import { latestRound, TABLES, type TablesContext } from "./engine.ts";
import { loadTable, loadTables, roundView, tableInfo, tableOutcome, tableSeedHash } from "./model.ts";

export async function tableInfos(ctx: TablesContext): Promise<TableInfo[]> {
  const tables = await loadTables(ctx.db);
  const byTable = await latestByRoom(ctx, TABLES);
  return tables.map((t) => tableInfo(t, ctx.now(), ctx.hub.players(t.id), byTable.get(t.id) ?? null));
}

/** The last settled rounds of a table, newest first (the roads and last results). */
export const recentTableRounds = async (ctx: TablesContext, tableId: string, limit: number) =>
  (await recentRounds(ctx, TABLES, tableId, ["settled"], limit)).map(roundView);

/**
 * The live tables' API under /rgs (contracts: packages/contracts/src/live-tables.ts) and the
 * players' socket /rgs/ws/tables/:tableId (first message {"type":"auth","sessionId":"…"} to
 * receive one's own results; without it, the public round events only).
 */
export function tableRoutes(
  app: FastifyInstance,
  ctx: TablesContext,
  secretOf: (vendor: string) => string,
): void {
  app.get("/api/tables", async () => ok(await tableInfos(ctx)));

  app.post("/api/tables/session", async (req) => {
    const b = parse(TableSessionRequest, req.body);
    const table = await loadTable(ctx.db, b.tableId);
    if (!table) throw new RgsError("TABLE_NOT_FOUND", 404);
    const opened = await openRoomSession(ctx, {
      vendor: table.vendor,
      gameId: `${TABLE_SESSION_PREFIX}${table.id}`,
      token: b.token,
      lang: b.lang ?? "TY",
    });
    const round = await latestRound(ctx, table.id);
    return ok({
      ...opened,
      table: tableInfo(table, ctx.now(), ctx.hub.players(table.id), round),
      recent: await recentTableRounds(ctx, table.id, 60),
    });
  });

  app.get("/api/tables/:tableId", async (req) => {
    const { tableId } = parse(z.object({ tableId: z.string().min(1).max(64) }), req.params);
    const table = await loadTable(ctx.db, tableId);
    if (!table) throw new RgsError("TABLE_NOT_FOUND", 404);
    const round = await latestRound(ctx, table.id);
    return ok({ table: tableInfo(table, ctx.now(), ctx.hub.players(table.id), round) });
  });

  app.get("/api/tables/rounds", async (req) => {
    const q = parse(TableRoundsQuery, req.query);
    return ok(await recentTableRounds(ctx, q.tableId, q.limit));
  });

  app.get("/api/tables/rounds/:roundId", async (req) => {
    const { roundId } = parse(z.object({ roundId: z.string().uuid() }), req.params);
    return ok(roundView(await roundById(ctx, TABLES, roundId)));
  });

  app.post("/api/tables/bet", async (req) => {
    const b = parse(TableBetRequest, req.body);
    const session = await liveSession(ctx, b.sessionId);
    return ok(await placeBets(ctx, session, b));
  });

  /** The player's bets on a round (a page reloaded mid-round shows them again). */
  app.get("/api/tables/my-bets", async (req) => {
    const q = parse(z.object({ sessionId: z.string().uuid(), roundId: z.string().uuid() }), req.query);
    const session = await liveSession(ctx, q.sessionId);
    const list = (await playerStakes(ctx, TABLES, q.roundId, session.playerId)).map((s) => betRow(s.row));
    return ok(
      list.map((b) => ({
        betId: b.id,
        bets: b.bets,
        total: formatMinor(b.total),
        win: b.win === null ? null : formatMinor(b.win),
        status: b.status,
      })),
    );
  });

  /**
   * Game recall of one bet set from the platform's betting record (the same signed link as a
   * slot round's, docs/provider-protocol.md "Game recall"): the round's cards, numbers or dice,
   * the bets and the win. Read-only; a bad or expired link answers REPLAY_LINK_INVALID.
   */
  app.get("/api/tables/replay/:betId", async (req, reply) => {
    const { betId } = parse(z.object({ betId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    checkReplayLink(ctx, secretOf, betId, q);
    const { stake, round, room: table } = await recalledStake(ctx, TABLES, betId, q);
    const bet = betRow(stake.row);
    reply.header("cache-control", "no-store");
    return ok({
      table: { id: table.id, game: table.game, name: table.name },
      round: roundView(round),
      bets: bet.bets,
      total: formatMinor(bet.total),
      win: bet.win === null ? null : formatMinor(bet.win),
      status: bet.status,
      currency: String(stake.row.currency ?? ""),
    });
  });

  /** Anyone can recompute a round from its revealed seed (the verify page). */
  app.post("/api/tables/verify", async (req) => {
    const b = parse(TableVerifyRequest, req.body);
    return ok({ seedHash: tableSeedHash(b.seed), outcome: tableOutcome(b.game, b.seed) });
  });

  roomSocketRoute(app, ctx, {
    path: "/ws/tables/:roomId",
    key: (id) => id,
    gameId: (id) => `${TABLE_SESSION_PREFIX}${id}`,
    hello: (tableId, send) => {
      const hello = (round: TableRoundView | null) =>
        send(JSON.stringify({ type: "hello", tableId, round, players: ctx.hub.players(tableId) }));
      // The round as last published to this process: no query per joining socket (a thousand
      // players joining at once must not queue before the leader's settlement on the pool).
      const known = ctx.hub.currentRound<TableRoundView>(tableId);
      if (known) hello(known);
      else
        latestRound(ctx, tableId).then(
          (r) => hello(r ? roundView(r) : null),
          () => undefined,
        );
    },
  });
}
