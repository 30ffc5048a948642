import {
  type AdminCardHand,
  AdminCardHandsQuery,
  type AdminCardOpponent,
  AdminCardOpponentsQuery,
  type AdminCardPair,
  AdminCardPairsQuery,
  AdminCardReportQuery,
  type AdminCardReportRow,
  AdminCardSettings,
  type AdminCardTable,
  AdminCardTableUpdate,
} from "@panalo/contracts/cards-admin";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsDb, rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { adminMinor, manilaDays, ok, parse, signedAdminRoutes } from "../rounds/routes.ts";
import { CARDS_GAME, cardTableOf, listingOf, publishTable } from "./engine.ts";

/**
 * The card rooms' back office under /rgs/admin/cards, signed by the platform like the other
 * in-house games' (rounds/routes.ts signedAdminRoutes): the tables' settings and live hands, the
 * hand history with verify links, the rake by table and Manila day, the fair-play rule, a
 * player's results against each opponent and the pairs who sit together unusually often.
 */
const PAGE = 50;
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const jsonOf = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const pct = (part: number, whole: number) => (whole > 0 ? ((part * 100) / whole).toFixed(1) : "0.0");

/** "5.25" (percent, up to 4 decimals) → 52500 millionths, without floating point. */
export function percentToPpm(v: string): number {
  const [whole = "0", frac = ""] = v.split(".");
  return Number(whole) * 10_000 + Number(frac.padEnd(4, "0"));
}

const bad = (path: string, message: string) =>
  new RgsError("VALIDATION_ERROR", 400, null, [{ path, message }]);

async function tableList(ctx: RgsContext): Promise<AdminCardTable[]> {
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT t.*,
          (SELECT count(*) FROM rgs.room_seats s WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id
            AND s.status IN ('debit_pending', 'placed')) AS taken,
          (SELECT COALESCE(sum(s.on_round), 0) FROM rgs.room_seats s WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id
            AND s.status = 'placed') AS on_table,
          h.id AS hand_id, h.no AS hand_no, h.started_at AS hand_started, h.acting_seat, h.deadline,
          jsonb_array_length(h.seats) AS hand_players
        FROM rgs.card_tables t
        LEFT JOIN rgs.card_hands h ON h.table_id = t.id AND h.status = 'playing'
        ORDER BY t.game, COALESCE(t.big_blind, t.stake), t.id`,
  );
  return list.map((r) => {
    const t = cardTableOf(r);
    // The lobby's listing of the table, its seats taken shown under `live`.
    const { seatsTaken, ...listing } = listingOf(t, Number(r.taken));
    return {
      ...listing,
      timeBankSeconds: Math.round(t.timeBankMs / 1000),
      pauseSeconds: Math.round(t.pauseMs / 1000),
      enabled: t.enabled,
      distinctPlayers: t.distinctPlayers,
      live: {
        seatsTaken,
        onTable: formatMinor(big(r.on_table)),
        hand: r.hand_id
          ? {
              handId: String(r.hand_id),
              no: Number(r.hand_no),
              startedAt: iso(r.hand_started) as string,
              actingSeat: r.acting_seat === null ? null : Number(r.acting_seat),
              deadline: iso(r.deadline),
              players: Number(r.hand_players),
            }
          : null,
      },
    };
  });
}

interface StoredSeat {
  seatId: string;
  seat: number;
  playerId: number;
  stack: number;
}

/**
 * What each dealt-in player won or lost in a completed hand (player id → centavos): Hold'em the
 * engine's end stacks against the start stacks, Tongits the payments recorded per seat. A void
 * or a hand in play moved nothing (null).
 */
export function handNets(h: Record<string, unknown>): Map<number, bigint> | null {
  if (String(h.status) !== "complete") return null;
  const seats = jsonOf<StoredSeat[]>(h.seats);
  const state = jsonOf<{ holdem?: { players: Array<{ seat: number; stack: number }> } }>(h.state);
  const nets = new Map<number, bigint>();
  if (state.holdem) {
    for (const s of seats) {
      const end = state.holdem.players.find((p) => p.seat === s.seat);
      nets.set(s.playerId, BigInt((end?.stack ?? s.stack) - s.stack));
    }
  } else {
    const paid = jsonOf<{ paid?: Record<string, string> }>(h.result).paid ?? {};
    for (const s of seats) nets.set(s.playerId, BigInt(paid[s.seatId] ?? "0"));
  }
  return nets;
}

function handOf(h: Record<string, unknown>): AdminCardHand {
  const nets = handNets(h);
  const status = String(h.status) as AdminCardHand["status"];
  const revealed = status !== "playing";
  return {
    handId: String(h.id),
    tableId: String(h.table_id),
    no: Number(h.no),
    status,
    startedAt: iso(h.started_at) as string,
    endedAt: iso(h.ended_at),
    players: jsonOf<StoredSeat[]>(h.seats).map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      stack: formatMinor(BigInt(s.stack)),
      net: nets ? formatMinor(nets.get(s.playerId) ?? 0n) : status === "void" ? "0.00" : null,
    })),
    rake: formatMinor(big(h.rake)),
    serverSeedHash: String(h.server_seed_hash),
    deckHash: String(h.deck_hash),
    serverSeed: revealed ? String(h.server_seed) : null,
    clientSeed: String(h.client_seed),
    verifyUrl: revealed ? `/rgs/api/cards/verify?handId=${String(h.id)}` : null,
  };
}

const withPlayer = (playerId: number) => sql`h.seats @> ${JSON.stringify([{ playerId }])}::jsonb`;

/** The hand history, newest first, 50 a page; by table and/or by player. */
export async function cardHands(
  db: RgsDb,
  q: { tableId?: string | undefined; playerId?: number | undefined; page: number },
): Promise<AdminCardHand[]> {
  const where = [
    sql`true`,
    ...(q.tableId ? [sql`h.table_id = ${q.tableId}`] : []),
    ...(q.playerId ? [withPlayer(q.playerId)] : []),
  ];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT h.* FROM rgs.card_hands h WHERE ${sql.join(where, sql` AND `)}
        ORDER BY h.started_at DESC, h.id LIMIT ${PAGE} OFFSET ${(q.page - 1) * PAGE}`,
  );
  return list.map(handOf);
}

/** Hands played, voided and the rake by table and Manila day (of the hand's end), and totals. */
export async function rakeReport(db: RgsDb, q: { from: string; to: string }): Promise<AdminCardReportRow[]> {
  const { from, to } = manilaDays(q);
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT h.table_id, to_char(h.ended_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day,
          count(*) FILTER (WHERE h.status = 'complete') AS hands, count(*) FILTER (WHERE h.status = 'void') AS voided,
          COALESCE(sum(h.rake), 0) AS rake
        FROM rgs.card_hands h
        WHERE h.status IN ('complete', 'void') AND h.ended_at >= ${from}::timestamptz AND h.ended_at < ${to}::timestamptz
        GROUP BY 1, 2 ORDER BY 2, 1`,
  );
  const totals = new Map<string, { hands: number; voided: number; rake: bigint }>();
  const days = list.map((r) => {
    const tableId = String(r.table_id);
    const sum = totals.get(tableId) ?? { hands: 0, voided: 0, rake: 0n };
    sum.hands += Number(r.hands);
    sum.voided += Number(r.voided);
    sum.rake += big(r.rake);
    totals.set(tableId, sum);
    return {
      day: String(r.day),
      tableId,
      hands: Number(r.hands),
      voided: Number(r.voided),
      rake: formatMinor(big(r.rake)),
    };
  });
  return [
    ...days,
    ...[...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tableId, s]) => ({
        day: null,
        tableId,
        hands: s.hands,
        voided: s.voided,
        rake: formatMinor(s.rake),
      })),
  ];
}

/**
 * A player's results against each opponent: over the completed hands both were dealt into, the
 * hands the player ended up (won), down (lost), the hands the opponent ended up, the win rate
 * (won / hands) and the player's net. Most hands together first.
 */
export async function opponentsOf(
  db: RgsDb,
  q: { playerId: number; from?: string | undefined; to?: string | undefined },
): Promise<AdminCardOpponent[]> {
  const period = q.from && q.to ? manilaDays({ from: q.from, to: q.to }) : null;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT h.id, h.status, h.seats, h.state, h.result FROM rgs.card_hands h
        WHERE h.status = 'complete' AND ${withPlayer(q.playerId)}
          ${period ? sql`AND h.started_at >= ${period.from}::timestamptz AND h.started_at < ${period.to}::timestamptz` : sql``}`,
  );
  const by = new Map<
    number,
    { hands: number; won: number; lost: number; opponentWon: number; net: bigint }
  >();
  for (const h of list) {
    const nets = handNets(h);
    if (!nets) continue;
    const mine = nets.get(q.playerId) ?? 0n;
    for (const [opp, theirs] of nets) {
      if (opp === q.playerId) continue;
      const o = by.get(opp) ?? { hands: 0, won: 0, lost: 0, opponentWon: 0, net: 0n };
      o.hands += 1;
      if (mine > 0n) o.won += 1;
      if (mine < 0n) o.lost += 1;
      if (theirs > 0n) o.opponentWon += 1;
      o.net += mine;
      by.set(opp, o);
    }
  }
  return [...by]
    .map(([opponentId, o]) => ({
      opponentId,
      hands: o.hands,
      won: o.won,
      lost: o.lost,
      opponentWon: o.opponentWon,
      winRatePercent: pct(o.won, o.hands),
      net: formatMinor(o.net),
    }))
    .sort((a, b) => b.hands - a.hands || a.opponentId - b.opponentId);
}

/**
 * Pairs of players who sit together unusually often (docs/cards.md "Fair play"): over the
 * period's completed hands, a pair is listed when they were dealt into at least `minHands` hands
 * together AND those hands are at least `minSharePercent` % of the hands of the one of them who
 * played fewer. Two strangers at busy tables rarely share most of their hands; a team does.
 */
export async function frequentPairs(
  db: RgsDb,
  q: { from: string; to: string; minHands: number; minSharePercent: number },
): Promise<AdminCardPair[]> {
  const { from, to } = manilaDays(q);
  const list = await rows<Record<string, unknown>>(
    db,
    sql`WITH p AS (
          SELECT h.id, (s->>'playerId')::bigint AS player FROM rgs.card_hands h
          CROSS JOIN LATERAL jsonb_array_elements(h.seats) AS s
          WHERE h.status = 'complete' AND h.started_at >= ${from}::timestamptz AND h.started_at < ${to}::timestamptz),
        n AS (SELECT player, count(*) AS hands FROM p GROUP BY player),
        t AS (SELECT a.player AS a, b.player AS b, count(*) AS together FROM p a JOIN p b ON a.id = b.id AND a.player < b.player
              GROUP BY a.player, b.player)
        SELECT t.a, t.b, t.together, na.hands AS hands_a, nb.hands AS hands_b
        FROM t JOIN n na ON na.player = t.a JOIN n nb ON nb.player = t.b
        WHERE t.together >= ${q.minHands} AND t.together * 100 >= ${q.minSharePercent} * LEAST(na.hands, nb.hands)
        ORDER BY t.together DESC, t.a, t.b LIMIT 200`,
  );
  const players = [...new Set(list.flatMap((r) => [Number(r.a), Number(r.b)]))];
  const origins = new Map<number, Set<string>>();
  if (players.length > 0) {
    const seen = await rows<Record<string, unknown>>(
      db,
      sql`SELECT DISTINCT player_id, state->>'address' AS address, state->>'device' AS device FROM rgs.room_seats
          WHERE game = ${CARDS_GAME} AND player_id IN (${sql.join(
            players.map((p) => sql`${p}`),
            sql`, `,
          )})`,
    );
    for (const s of seen) {
      const set = origins.get(Number(s.player_id)) ?? new Set<string>();
      if (s.address) set.add(`a:${String(s.address)}`);
      if (s.device) set.add(`d:${String(s.device)}`);
      origins.set(Number(s.player_id), set);
    }
  }
  return list.map((r) => {
    const a = Number(r.a);
    const b = Number(r.b);
    const together = Number(r.together);
    const handsA = Number(r.hands_a);
    const handsB = Number(r.hands_b);
    const mine = origins.get(a) ?? new Set<string>();
    return {
      playerA: a,
      playerB: b,
      together,
      handsA,
      handsB,
      sharePercent: pct(together, Math.min(handsA, handsB)),
      sameAddress: [...(origins.get(b) ?? [])].some((o) => mine.has(o)),
    };
  });
}

/** The routes (the platform checks the operator's permission and audits the changes). */
export async function cardAdminRoutes(
  app: FastifyInstance,
  ctx: RoundsContext,
  secret: string,
): Promise<void> {
  await signedAdminRoutes(app, secret, (scope, operatorOf, bodyOf) => {
    scope.get("/admin/cards/tables", async (req) => {
      operatorOf(req);
      return ok(await tableList(ctx));
    });
    scope.put("/admin/cards/tables", async (req) => {
      operatorOf(req);
      const u = parse(AdminCardTableUpdate, bodyOf(req));
      await ctx.db.transaction(async (tx) => {
        const [row] = await rows<Record<string, unknown>>(
          tx,
          sql`SELECT * FROM rgs.card_tables WHERE id = ${u.tableId} FOR UPDATE`,
        );
        if (!row) throw new RgsError("TABLE_NOT_FOUND", 404);
        const t = cardTableOf(row);
        const holdem = t.game === "holdem";
        if (!holdem && (u.smallBlind !== undefined || u.bigBlind !== undefined))
          throw bad(u.smallBlind !== undefined ? "smallBlind" : "bigBlind", "Tongits has no blinds");
        if (holdem && u.stake !== undefined) throw bad("stake", "Hold'em has blinds, not a stake");
        if (!holdem && u.seats !== undefined && u.seats !== 3) throw bad("seats", "Tongits is played by 3");
        const sb = u.smallBlind !== undefined ? adminMinor("smallBlind", u.smallBlind) : t.smallBlind;
        const bb = u.bigBlind !== undefined ? adminMinor("bigBlind", u.bigBlind) : t.bigBlind;
        const stake = u.stake !== undefined ? adminMinor("stake", u.stake) : t.stake;
        if (holdem && sb !== null && bb !== null && bb < sb)
          throw bad("bigBlind", "The big blind must not be below the small blind");
        const minBuyIn = u.minBuyIn !== undefined ? adminMinor("minBuyIn", u.minBuyIn) : t.minBuyIn;
        const maxBuyIn = u.maxBuyIn !== undefined ? adminMinor("maxBuyIn", u.maxBuyIn) : t.maxBuyIn;
        if (maxBuyIn < minBuyIn)
          throw bad(
            u.maxBuyIn !== undefined ? "maxBuyIn" : "minBuyIn",
            "The maximum buy-in must not be below the minimum",
          );
        const unit = (holdem ? bb : stake) ?? 0n;
        if (minBuyIn < unit)
          throw bad(
            "minBuyIn",
            holdem
              ? "The minimum buy-in must cover the big blind"
              : "The minimum buy-in must cover the stake",
          );
        const rakeCap = u.rakeCap !== undefined ? adminMinor("rakeCap", u.rakeCap, true) : t.rakeCap;
        const seats = u.seats ?? t.seats;
        // Seats may shrink only above the highest seat taken (nobody is stood up by a setting).
        const [high] = await rows<{ top: unknown }>(
          tx,
          sql`SELECT max(seat) AS top FROM rgs.room_seats WHERE game = ${CARDS_GAME} AND room_id = ${t.id}
              AND status IN ('debit_pending', 'placed')`,
        );
        if (high?.top !== null && high?.top !== undefined && Number(high.top) > seats)
          throw bad("seats", `A player sits at seat ${Number(high.top)}`);
        // The hand in play keeps the blinds and rake it was dealt with; these apply from the next.
        await tx.execute(
          sql`UPDATE rgs.card_tables SET name = ${u.name ?? t.name},
                small_blind = ${sb === null ? null : sb.toString()}::bigint, big_blind = ${bb === null ? null : bb.toString()}::bigint,
                stake = ${stake === null ? null : stake.toString()}::bigint, seats = ${seats},
                min_buy_in = ${minBuyIn.toString()}::bigint, max_buy_in = ${maxBuyIn.toString()}::bigint,
                rake_ppm = ${u.rakePercent !== undefined ? percentToPpm(u.rakePercent) : t.rakePpm},
                rake_cap = ${rakeCap.toString()}::bigint,
                action_ms = ${u.actionSeconds !== undefined ? u.actionSeconds * 1000 : t.actionMs},
                time_bank_ms = ${u.timeBankSeconds !== undefined ? u.timeBankSeconds * 1000 : t.timeBankMs},
                pause_ms = ${u.pauseSeconds !== undefined ? u.pauseSeconds * 1000 : t.pauseMs},
                enabled = ${u.enabled ?? t.enabled},
                distinct_players = ${u.distinctPlayers !== undefined ? u.distinctPlayers : t.distinctPlayers},
                updated_at = now()
              WHERE id = ${t.id}`,
        );
      });
      void publishTable(ctx, u.tableId);
      const after = (await tableList(ctx)).find((x) => x.tableId === u.tableId);
      if (!after) throw new RgsError("TABLE_NOT_FOUND", 404);
      return ok(after);
    });
    scope.get("/admin/cards/settings", async (req) => {
      operatorOf(req);
      const [r] = await rows<{ distinct_players: unknown }>(
        ctx.db,
        sql`SELECT distinct_players FROM rgs.card_settings WHERE id = 1`,
      );
      return ok({ distinctPlayers: Boolean(r?.distinct_players) });
    });
    scope.put("/admin/cards/settings", async (req) => {
      operatorOf(req);
      const u = parse(AdminCardSettings, bodyOf(req));
      await ctx.db.execute(
        sql`UPDATE rgs.card_settings SET distinct_players = ${u.distinctPlayers}, updated_at = now() WHERE id = 1`,
      );
      return ok(u);
    });
    scope.get("/admin/cards/hands", async (req) => {
      operatorOf(req);
      return ok(await cardHands(ctx.db, parse(AdminCardHandsQuery, req.query)));
    });
    scope.get("/admin/cards/report", async (req) => {
      operatorOf(req);
      return ok(await rakeReport(ctx.db, parse(AdminCardReportQuery, req.query)));
    });
    scope.get("/admin/cards/opponents", async (req) => {
      operatorOf(req);
      return ok(await opponentsOf(ctx.db, parse(AdminCardOpponentsQuery, req.query)));
    });
    scope.get("/admin/cards/pairs", async (req) => {
      operatorOf(req);
      return ok(await frequentPairs(ctx.db, parse(AdminCardPairsQuery, req.query)));
    });
  });
}
