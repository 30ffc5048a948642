import { randomBytes } from "node:crypto";
import type {
  LotteryDraw,
  LotteryGameInfo,
  LotteryGameType,
  LotteryMenu,
  LotterySchedule,
  LotteryVerify,
} from "@panalo/contracts/lottery";
import {
  commitment,
  drawNumber,
  drawResult,
  drawTimes,
  type LotteryGame,
  minValue,
  type PrizeTable,
} from "@panalo/game-math/lottery";
import { type SQL, sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { mathOf } from "./catalog.ts";
import { big, ints, iso, type LotteryContext, money, pgArray } from "./context.ts";

export interface GameRow {
  code: string;
  name: string;
  gameType: LotteryGameType;
  tag: string;
  schedule: LotterySchedule;
  cutoffSeconds: number;
  prizeTable: PrizeTable;
  prizeTableId: number;
  minStake: bigint;
  maxStake: bigint;
  liabilityLimit: bigint;
  cancelAllowed: boolean;
  enabled: boolean;
  sortOrder: number;
  updatedAt: string;
  updatedBy: string | null;
  math: LotteryGame;
}

const asJson = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

export async function loadGames(exec: RgsDb | RgsTx, where: SQL = sql`TRUE`): Promise<GameRow[]> {
  const list = await rows<Record<string, unknown>>(
    exec,
    sql`SELECT g.*, (SELECT max(p.id) FROM rgs.lottery_prize_tables p WHERE p.game_code = g.code) AS prize_table_id
        FROM rgs.lottery_games g WHERE ${where} ORDER BY g.sort_order, g.code`,
  );
  return list.flatMap((r) => {
    const math = mathOf(String(r.code));
    if (!math) return [];
    return [
      {
        code: String(r.code),
        name: String(r.name),
        gameType: r.game_type as LotteryGameType,
        tag: String(r.tag),
        schedule: asJson<LotterySchedule>(r.schedule),
        cutoffSeconds: Number(r.cutoff_seconds),
        prizeTable: asJson<PrizeTable>(r.prize_table),
        prizeTableId: Number(r.prize_table_id),
        minStake: big(r.min_stake),
        maxStake: big(r.max_stake),
        liabilityLimit: big(r.liability_limit),
        cancelAllowed: Boolean(r.cancel_allowed),
        enabled: Boolean(r.enabled),
        sortOrder: Number(r.sort_order),
        updatedAt: iso(r.updated_at),
        updatedBy: r.updated_by === null ? null : String(r.updated_by),
        math,
      },
    ];
  });
}

export async function loadGame(exec: RgsDb | RgsTx, code: string): Promise<GameRow | undefined> {
  return (await loadGames(exec, sql`g.code = ${code}`))[0];
}

export interface DrawRow {
  id: number;
  gameCode: string;
  drawNo: string;
  drawAt: Date;
  cutoffAt: Date;
  seed: string;
  seedHash: string;
  result: number[] | null;
  status: "open" | "drawn" | "settled";
  drawnAt: Date | null;
}

export const DRAW_COLUMNS = sql`d.id, d.game_code, d.draw_no, d.draw_at, d.cutoff_at, d.seed, d.seed_hash,
  d.result, d.status, d.drawn_at`;

export function drawRow(r: Record<string, unknown>): DrawRow {
  return {
    id: Number(r.id),
    gameCode: String(r.game_code),
    drawNo: String(r.draw_no),
    drawAt: new Date(r.draw_at as string),
    cutoffAt: new Date(r.cutoff_at as string),
    seed: String(r.seed),
    seedHash: String(r.seed_hash),
    result: r.result === null || r.result === undefined ? null : ints(r.result),
    status: r.status as DrawRow["status"],
    drawnAt: r.drawn_at ? new Date(r.drawn_at as string) : null,
  };
}

/** A draw as anyone may see it: the seed only once the result is out. */
export function drawDto(d: DrawRow, now: Date): LotteryDraw {
  const revealed = d.status !== "open";
  return {
    gameCode: d.gameCode,
    drawNo: d.drawNo,
    drawAt: d.drawAt.toISOString(),
    cutoffAt: d.cutoffAt.toISOString(),
    status: d.status === "open" && now.getTime() >= d.cutoffAt.getTime() ? "closed" : d.status,
    seedHash: d.seedHash,
    seed: revealed ? d.seed : null,
    result: revealed ? d.result : null,
    drawnAt: d.drawnAt ? d.drawnAt.toISOString() : null,
  };
}

const HOUR = 3_600_000;
/** How far ahead draws exist: enough for "repeat for the next 50 draws" on every game. */
export function horizonMs(s: LotterySchedule): number {
  return s.kind === "every" ? Math.max(2 * HOUR, 60 * s.minutes * 60_000) : 30 * 24 * HOUR;
}

/**
 * Create the draws of every enabled game up to its horizon (sales open at once, the seed's
 * hash published). Idempotent and safe between processes: ON CONFLICT DO NOTHING on
 * (game_code, draw_at). Skipped while this process knows the horizon is far enough away.
 */
export async function ensureDraws(ctx: LotteryContext, force = false): Promise<number> {
  const now = ctx.now();
  const games = await loadGames(ctx.db, sql`g.enabled`);
  const due = games.filter(
    (g) => force || (ctx.ensured.get(g.code) ?? 0) < now.getTime() + horizonMs(g.schedule) / 2,
  );
  if (due.length === 0) return 0;
  const last = new Map(
    (
      await rows<{ game_code: string; last: unknown }>(
        ctx.db,
        sql`SELECT game_code, max(draw_at) AS last FROM rgs.lottery_draws
            WHERE game_code IN (${sql.join(
              due.map((g) => sql`${g.code}`),
              sql`, `,
            )}) GROUP BY game_code`,
      )
    ).map((r) => [r.game_code, new Date(r.last as string).getTime()]),
  );
  let created = 0;
  for (const g of due) {
    const until = now.getTime() + horizonMs(g.schedule);
    const from = Math.max(now.getTime(), (last.get(g.code) ?? 0) + 1);
    const times = from < until ? drawTimes(g.schedule, new Date(from), new Date(until)) : [];
    for (let i = 0; i < times.length; i += 500) {
      const values = times.slice(i, i + 500).map((at) => {
        const seed = randomBytes(32).toString("hex");
        const cutoff = new Date(at.getTime() - g.cutoffSeconds * 1000);
        return sql`(${g.code}, ${drawNumber(g.math, at)}, ${at.toISOString()}::timestamptz,
          ${cutoff.toISOString()}::timestamptz, ${seed}, ${commitment(seed)}, 'open')`;
      });
      const inserted = await rows<{ id: unknown }>(
        ctx.db,
        sql`INSERT INTO rgs.lottery_draws (game_code, draw_no, draw_at, cutoff_at, seed, seed_hash, status)
            VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING RETURNING id`,
      );
      created += inserted.length;
    }
    ctx.ensured.set(g.code, until);
  }
  return created;
}

/**
 * Run every draw that is due, once: claimed with FOR UPDATE SKIP LOCKED and marked drawn in the
 * same transaction that writes its result, so two workers (or two processes) never draw the same
 * one. A draw due while no worker ran is drawn now, keeping its own draw time and number.
 */
export async function runDueDraws(ctx: LotteryContext, limit = 50): Promise<DrawRow[]> {
  const now = ctx.now();
  const drawn = await ctx.db.transaction(async (tx) => {
    const due = (
      await rows<Record<string, unknown>>(
        tx,
        sql`SELECT ${DRAW_COLUMNS} FROM rgs.lottery_draws d
            WHERE d.status = 'open' AND d.draw_at <= ${now.toISOString()}::timestamptz
            ORDER BY d.draw_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      )
    ).map(drawRow);
    const out: DrawRow[] = [];
    for (const d of due) {
      const math = mathOf(d.gameCode);
      if (!math) continue;
      out.push({ ...d, result: drawResult(math, d.seed, d.drawNo), status: "drawn", drawnAt: now });
    }
    if (out.length === 0) return out;
    await tx.execute(
      sql`UPDATE rgs.lottery_draws d SET status = 'drawn', drawn_at = ${now.toISOString()}::timestamptz,
            result = v.result::integer[]
          FROM (SELECT unnest(${pgArray(out.map((d) => d.id))}::bigint[]) AS id,
                       unnest(${pgArray(out.map((d) => `{${(d.result ?? []).join(",")}}`))}::text[]) AS result) v
          WHERE d.id = v.id AND d.status = 'open'`,
    );
    return out;
  });
  for (const d of drawn) ctx.bus.publish({ type: "result", draw: drawDto(d, now) });
  return drawn;
}

// ---------- public reads ----------

export async function lastDraws(ctx: LotteryContext, gameCode: string, count: number): Promise<DrawRow[]> {
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT ${DRAW_COLUMNS} FROM rgs.lottery_draws d
          WHERE d.game_code = ${gameCode} AND d.status IN ('drawn', 'settled')
          ORDER BY d.draw_at DESC LIMIT ${count}`,
    )
  ).map(drawRow);
}

/** The draws still on sale (before cut-off), soonest first. */
export async function openDraws(
  exec: RgsDb | RgsTx,
  gameCode: string,
  now: Date,
  count: number,
  from?: Date | { drawNo: string },
): Promise<DrawRow[]> {
  // From a draw time, or from the draw of that number (of this game): its time read in the same
  // statement, so placing a bet on a named draw costs one query.
  const fromSql =
    from === undefined
      ? sql``
      : from instanceof Date
        ? sql`AND d.draw_at >= ${from.toISOString()}::timestamptz`
        : sql`AND d.draw_at >= (SELECT f.draw_at FROM rgs.lottery_draws f
              WHERE f.draw_no = ${from.drawNo} AND f.game_code = ${gameCode})`;
  return (
    await rows<Record<string, unknown>>(
      exec,
      sql`SELECT ${DRAW_COLUMNS} FROM rgs.lottery_draws d
          WHERE d.game_code = ${gameCode} AND d.status = 'open'
            AND d.cutoff_at > ${now.toISOString()}::timestamptz ${fromSql}
          ORDER BY d.draw_at LIMIT ${count}`,
    )
  ).map(drawRow);
}

export async function drawByNo(exec: RgsDb | RgsTx, drawNo: string): Promise<DrawRow | undefined> {
  const [r] = await rows<Record<string, unknown>>(
    exec,
    sql`SELECT ${DRAW_COLUMNS} FROM rgs.lottery_draws d WHERE d.draw_no = ${drawNo}`,
  );
  return r ? drawRow(r) : undefined;
}

function gameInfo(
  g: GameRow,
  current: DrawRow | undefined,
  last: DrawRow | undefined,
  now: Date,
): LotteryGameInfo {
  return {
    code: g.code,
    name: g.name,
    gameType: g.gameType,
    tag: g.tag,
    kind: g.math.kind,
    count: g.math.count,
    min: minValue(g.math),
    max: g.math.max,
    betTypes: g.math.kind === "pick" ? ["pick"] : ["straight", "rambolito"],
    prizeTable: {
      ...(g.prizeTable.straight !== undefined ? { straight: g.prizeTable.straight } : {}),
      ...(g.prizeTable.matches
        ? {
            matches: Object.fromEntries(Object.entries(g.prizeTable.matches).map(([k, v]) => [String(k), v])),
          }
        : {}),
    },
    minStake: money(g.minStake),
    maxStake: money(g.maxStake),
    cutoffSeconds: g.cutoffSeconds,
    schedule: g.schedule,
    cancelAllowed: g.cancelAllowed,
    currentDraw: current ? drawDto(current, now) : null,
    lastDraw: last ? drawDto(last, now) : null,
  };
}

/** The lottery menu: every enabled game with the draw on sale and the latest result. */
export async function lotteryMenu(ctx: LotteryContext): Promise<LotteryMenu> {
  const now = ctx.now();
  const games = await loadGames(ctx.db, sql`g.enabled`);
  const at = now.toISOString();
  // One query each for all games (no N+1): the earliest open draw, the latest drawn one.
  const current = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT DISTINCT ON (d.game_code) ${DRAW_COLUMNS} FROM rgs.lottery_draws d
          WHERE d.status = 'open' AND d.cutoff_at > ${at}::timestamptz
          ORDER BY d.game_code, d.draw_at`,
    )
  ).map(drawRow);
  const last = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT l.* FROM rgs.lottery_games g CROSS JOIN LATERAL (
            SELECT ${DRAW_COLUMNS} FROM rgs.lottery_draws d
            WHERE d.game_code = g.code AND d.status IN ('drawn', 'settled')
            ORDER BY d.draw_at DESC LIMIT 1) l`,
    )
  ).map(drawRow);
  return {
    serverTime: at,
    games: games.map((g) =>
      gameInfo(
        g,
        current.find((d) => d.gameCode === g.code),
        last.find((d) => d.gameCode === g.code),
        now,
      ),
    ),
  };
}

/** Recompute a draw's result from a seed and compare it with what was published. */
export async function verifyDraw(ctx: LotteryContext, drawNo: string, seed: string): Promise<LotteryVerify> {
  const d = await drawByNo(ctx.db, drawNo);
  const math = d ? mathOf(d.gameCode) : undefined;
  if (!d || !math) throw new RgsError("DRAW_NOT_FOUND", 404);
  const result = drawResult(math, seed, d.drawNo);
  const seedHash = commitment(seed);
  const published = d.status === "open" ? null : d.result;
  return {
    gameCode: d.gameCode,
    drawNo: d.drawNo,
    seedHash,
    result,
    publishedSeedHash: d.seedHash,
    publishedResult: published,
    valid:
      seedHash === d.seedHash &&
      published !== null &&
      published.length === result.length &&
      published.every((v, i) => v === result[i]),
  };
}
