import { randomUUID, timingSafeEqual } from "node:crypto";
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
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import { type SessionRow, sessions } from "../schema.ts";
import { liveSession } from "../session.ts";
import { betRow, placeBets, TABLE_SESSION_PREFIX } from "./bets.ts";
import { latestRound, type TablesContext } from "./engine.ts";
import {
  loadTable,
  loadTables,
  roundRow,
  roundView,
  tableInfo,
  tableOutcome,
  tableSeedHash,
} from "./model.ts";

const SESSION_TTL_MS = 12 * 3600_000;
const ok = <T>(value: T) => ({ success: true as const, value });

function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (!r.success)
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  return r.data;
}

export async function tableInfos(ctx: TablesContext): Promise<TableInfo[]> {
  const tables = await loadTables(ctx.db);
  const latest = await rows<Record<string, unknown>>(
    ctx.db,
    // One index probe per table (table_rounds_table_idx), however many rounds there are.
    sql`SELECT r.* FROM rgs.live_tables t CROSS JOIN LATERAL (
          SELECT * FROM rgs.table_rounds WHERE table_id = t.id ORDER BY round_no DESC LIMIT 1) r`,
  );
  const byTable = new Map(latest.map((r) => [String(r.table_id), roundRow(r)]));
  return tables.map((t) => tableInfo(t, ctx.now(), ctx.hub.players(t.id), byTable.get(t.id) ?? null));
}

/** The last settled rounds of a table, newest first (the roads and last results). */
export async function recentRounds(ctx: TablesContext, tableId: string, limit: number) {
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.table_rounds WHERE table_id = ${tableId} AND status = 'settled'
          ORDER BY round_no DESC LIMIT ${limit}`,
    )
  ).map((r) => roundView(roundRow(r)));
}

/**
 * Sockets' auth messages looked up together: those arriving in the same turn of the event loop
 * share one query (a thousand players joining at once make a few queries, not a thousand, so the
 * leader's settlement does not wait behind them for a pooled connection).
 */
export function sessionBatcher(ctx: TablesContext, most = 500): (sessionId: string) => Promise<SessionRow> {
  const queue: Array<{ id: string; resolve: (s: SessionRow) => void; reject: (e: unknown) => void }> = [];
  const flush = async () => {
    const batch = queue.splice(0, most);
    if (queue.length > 0) setImmediate(() => void flush());
    try {
      const found = await ctx.db
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [...new Set(batch.map((b) => b.id))]));
      const byId = new Map(found.map((s) => [s.id, s]));
      const now = ctx.now().getTime();
      for (const b of batch) {
        const s = byId.get(b.id);
        if (s && s.expiresAt.getTime() > now) b.resolve(s);
        else b.reject(new RgsError("SESSION_EXPIRED", 401));
      }
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  };
  return (id) =>
    new Promise<SessionRow>((resolve, reject) => {
      queue.push({ id, resolve, reject });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

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
    const auth = await ctx.client.call(table.vendor, "authenticate", { token: b.token });
    if (auth.kind === "unknown") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    if (auth.kind === "refused") {
      if (["INVALID_TOKEN", "PLAYER_NOT_FOUND", "ACCOUNT_LOCKED"].includes(auth.code))
        throw new RgsError("TOKEN_INVALID", 401, auth.balance);
      throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    }
    const playerId = Number(auth.value.playerId);
    if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    const id = randomUUID();
    await ctx.db.insert(sessions).values({
      id,
      playerId,
      vendor: table.vendor,
      gameId: `${TABLE_SESSION_PREFIX}${table.id}`,
      currency: String(auth.value.currency),
      token: b.token,
      lang: b.lang ?? "TY",
      expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
    });
    const round = await latestRound(ctx, table.id);
    return ok({
      sessionId: id,
      playerId,
      currency: String(auth.value.currency),
      balance: String(auth.value.balance),
      table: tableInfo(table, ctx.now(), ctx.hub.players(table.id), round),
      recent: await recentRounds(ctx, table.id, 60),
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
    return ok(await recentRounds(ctx, q.tableId, q.limit));
  });

  app.get("/api/tables/rounds/:roundId", async (req) => {
    const { roundId } = parse(z.object({ roundId: z.string().uuid() }), req.params);
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.table_rounds WHERE id = ${roundId}`,
    );
    if (!r) throw new RgsError("ROUND_NOT_FOUND", 404);
    return ok(roundView(roundRow(r)));
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
    const list = (
      await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM rgs.table_bets WHERE round_id = ${q.roundId} AND player_id = ${session.playerId}
            AND status IN ('placed', 'credit_pending', 'settled') ORDER BY created_at`,
      )
    ).map(betRow);
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
    const now = Math.floor(ctx.now().getTime() / 1000);
    const expected = Buffer.from(
      replaySignature(secretOf(q.vendor), q.vendor, betId, q.player, q.exp),
      "hex",
    );
    const given = Buffer.from(q.sig, "hex");
    if (
      q.exp < now ||
      q.exp > now + 3600 ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    )
      throw new RgsError("REPLAY_LINK_INVALID", 401);
    const [row] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.table_bets WHERE id = ${betId}`,
    );
    const bet = row ? betRow(row) : null;
    if (!bet || bet.playerId !== q.player || bet.vendor !== q.vendor)
      throw new RgsError("ROUND_NOT_FOUND", 404);
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.table_rounds WHERE id = ${bet.roundId}`,
    );
    const table = await loadTable(ctx.db, bet.tableId);
    if (!r || !table) throw new RgsError("ROUND_NOT_FOUND", 404);
    reply.header("cache-control", "no-store");
    return ok({
      table: { id: table.id, game: table.game, name: table.name },
      round: roundView(roundRow(r)),
      bets: bet.bets,
      total: formatMinor(bet.total),
      win: bet.win === null ? null : formatMinor(bet.win),
      status: bet.status,
      currency: String(row?.currency ?? ""),
    });
  });

  /** Anyone can recompute a round from its revealed seed (the verify page). */
  app.post("/api/tables/verify", async (req) => {
    const b = parse(TableVerifyRequest, req.body);
    return ok({ seedHash: tableSeedHash(b.seed), outcome: tableOutcome(b.game, b.seed) });
  });

  const authOf = sessionBatcher(ctx);
  app.get("/ws/tables/:tableId", { websocket: true }, (socket, req) => {
    const tableId = String((req.params as { tableId?: unknown }).tableId ?? "").slice(0, 64);
    const conn = {
      playerId: null as number | null,
      send: (text: string) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
    };
    const leave = ctx.hub.join(tableId, conn);
    socket.on("close", leave);
    socket.on("message", (raw: Buffer) => {
      type Msg = { type?: unknown; sessionId?: unknown } | null;
      let msg: Msg = null;
      try {
        msg = JSON.parse(raw.toString()) as Msg;
      } catch {
        return;
      }
      if (
        msg?.type === "auth" &&
        typeof msg.sessionId === "string" &&
        /^[0-9a-f-]{36}$/i.test(msg.sessionId)
      ) {
        authOf(msg.sessionId).then(
          (s) => {
            if (s.gameId !== `${TABLE_SESSION_PREFIX}${tableId}`) return;
            conn.playerId = s.playerId;
            conn.send(JSON.stringify({ type: "authed" }));
          },
          () => conn.send(JSON.stringify({ type: "error", code: "SESSION_EXPIRED" })),
        );
      }
    });
    const hello = (round: TableRoundView | null) =>
      conn.send(JSON.stringify({ type: "hello", tableId, round, players: ctx.hub.players(tableId) }));
    // The round as last published to this process: no query per joining socket (a thousand
    // players joining at once must not queue before the leader's settlement on the pool).
    const known = ctx.hub.currentRound(tableId);
    if (known) hello(known);
    else
      latestRound(ctx, tableId).then(
        (r) => hello(r ? roundView(r) : null),
        () => undefined,
      );
  });
}
