import type {
  AdminLiability,
  AdminLotteryDraws,
  AdminLotteryGame,
  AdminLotteryGameUpdate,
  AdminLotteryReport,
  AdminLotteryReportRow,
  LotteryDrawStatus,
} from "@panalo/contracts/lottery";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big, type LotteryContext } from "./context.ts";
import { DRAW_COLUMNS, drawByNo, drawDto, drawRow, type GameRow, loadGame, loadGames } from "./draws.ts";

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function adminGame(g: GameRow): AdminLotteryGame {
  return {
    code: g.code,
    name: g.name,
    gameType: g.gameType,
    tag: g.tag,
    enabled: g.enabled,
    schedule: g.schedule,
    cutoffSeconds: g.cutoffSeconds,
    prizeTable: {
      ...(g.prizeTable.straight !== undefined ? { straight: g.prizeTable.straight } : {}),
      ...(g.prizeTable.matches
        ? {
            matches: Object.fromEntries(Object.entries(g.prizeTable.matches).map(([k, v]) => [String(k), v])),
          }
        : {}),
    },
    minStake: formatMinor(g.minStake),
    maxStake: formatMinor(g.maxStake),
    liabilityLimit: formatMinor(g.liabilityLimit),
    cancelAllowed: g.cancelAllowed,
    sortOrder: g.sortOrder,
    updatedAt: g.updatedAt,
    updatedBy: g.updatedBy,
  };
}

export async function adminGames(ctx: LotteryContext): Promise<AdminLotteryGame[]> {
  return (await loadGames(ctx.db)).map(adminGame);
}

const invalid = (path: string, message: string) =>
  new RgsError("VALIDATION_ERROR", 400, null, [{ path, message }]);

const positive = (path: string, v: string | undefined, fallback: bigint): bigint => {
  if (v === undefined) return fallback;
  const m = parseMoney(v);
  if (m === null || m <= 0n) throw invalid(path, "must be more than 0.00");
  return m;
};

/**
 * Edit one game's settings (back office). A new prize table applies to bets placed from now on
 * (bets keep the table they were placed under). A new schedule or cut-off replaces the future
 * draws nobody bet on; draws with bets keep their time. Every edit leaves an audit row.
 */
export async function updateGame(
  ctx: LotteryContext,
  operator: string,
  u: AdminLotteryGameUpdate,
): Promise<AdminLotteryGame> {
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM rgs.lottery_games WHERE code = ${u.code} FOR UPDATE`);
    const g = await loadGame(tx, u.code);
    if (!g) throw new RgsError("GAME_NOT_FOUND", 404);
    const minStake = positive("minStake", u.minStake, g.minStake);
    const maxStake = positive("maxStake", u.maxStake, g.maxStake);
    const limit = positive("liabilityLimit", u.liabilityLimit, g.liabilityLimit);
    if (maxStake < minStake) throw invalid("maxStake", "must not be below the minimum stake");
    const prizeTable = u.prizeTable ?? g.prizeTable;
    if (g.math.kind === "digits" && !(prizeTable.straight && prizeTable.straight > 0))
      throw invalid("prizeTable.straight", "a digits game needs a straight prize");
    if (g.math.kind === "pick") {
      const keys = Object.keys(prizeTable.matches ?? {}).map(Number);
      if (keys.length === 0 || keys.some((k) => k < 1 || k > g.math.count))
        throw invalid("prizeTable.matches", `matches run from 1 to ${g.math.count}`);
    }
    const now = ctx.now();
    await tx.execute(
      sql`UPDATE rgs.lottery_games SET
            name = ${u.name ?? g.name}, enabled = ${u.enabled ?? g.enabled},
            schedule = ${JSON.stringify(u.schedule ?? g.schedule)}::jsonb,
            cutoff_seconds = ${u.cutoffSeconds ?? g.cutoffSeconds},
            prize_table = ${JSON.stringify(prizeTable)}::jsonb,
            min_stake = ${minStake.toString()}::bigint, max_stake = ${maxStake.toString()}::bigint,
            liability_limit = ${limit.toString()}::bigint, cancel_allowed = ${u.cancelAllowed ?? g.cancelAllowed},
            sort_order = ${u.sortOrder ?? g.sortOrder}, updated_at = ${at(now)}, updated_by = ${operator}
          WHERE code = ${u.code}`,
    );
    if (u.prizeTable && JSON.stringify(u.prizeTable) !== JSON.stringify(g.prizeTable)) {
      await tx.execute(
        sql`INSERT INTO rgs.lottery_prize_tables (game_code, prize_table)
            VALUES (${u.code}, ${JSON.stringify(u.prizeTable)}::jsonb)`,
      );
    }
    const rescheduled =
      (u.schedule && JSON.stringify(u.schedule) !== JSON.stringify(g.schedule)) ||
      (u.cutoffSeconds !== undefined && u.cutoffSeconds !== g.cutoffSeconds);
    if (rescheduled) {
      const unsold = sql`SELECT d.id FROM rgs.lottery_draws d WHERE d.game_code = ${u.code} AND d.status = 'open'
          AND NOT EXISTS (SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = d.id)`;
      await tx.execute(sql`DELETE FROM rgs.lottery_liability WHERE draw_id IN (${unsold})`);
      await tx.execute(sql`DELETE FROM rgs.lottery_draws WHERE id IN (${unsold})`);
    }
    const after = await loadGame(tx, u.code);
    if (!after) throw new RgsError("INTERNAL_ERROR", 500);
    await tx.execute(
      sql`INSERT INTO rgs.lottery_audit (operator, action, target, before, after)
          VALUES (${operator}, 'update_game', ${u.code}, ${JSON.stringify(adminGame(g))}::jsonb,
            ${JSON.stringify(adminGame(after))}::jsonb)`,
    );
    return { game: adminGame(after), rescheduled };
  });
  if (updated.rescheduled) ctx.ensured.delete(u.code);
  return updated.game;
}

export async function adminDraws(
  ctx: LotteryContext,
  q: {
    gameCode?: string | undefined;
    status?: LotteryDrawStatus | undefined;
    page: number;
    pageSize: number;
  },
): Promise<AdminLotteryDraws> {
  const now = ctx.now();
  const conds = [sql`TRUE`];
  if (q.gameCode) conds.push(sql`d.game_code = ${q.gameCode}`);
  if (q.status === "closed") conds.push(sql`d.status = 'open' AND d.cutoff_at <= ${at(now)}`);
  else if (q.status === "open") conds.push(sql`d.status = 'open' AND d.cutoff_at > ${at(now)}`);
  else if (q.status) conds.push(sql`d.status = ${q.status}`);
  const where = sql.join(conds, sql` AND `);
  // Newest first for results; open draws soonest first would be a filter away.
  const [list, [count]] = await Promise.all([
    rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT ${DRAW_COLUMNS}, s.bets, s.sales, s.payouts FROM rgs.lottery_draws d
          CROSS JOIN LATERAL (
            SELECT count(*) AS bets, COALESCE(sum(b.stake), 0) AS sales, COALESCE(sum(b.win), 0) AS payouts
            FROM rgs.lottery_bets b WHERE b.draw_id = d.id AND b.status IN ('open', 'won', 'lost')) s
          WHERE ${where}
          ORDER BY d.draw_at DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    rows<{ n: unknown }>(ctx.db, sql`SELECT count(*) AS n FROM rgs.lottery_draws d WHERE ${where}`),
  ]);
  return {
    items: list.map((r) => {
      const d = drawRow(r);
      // The back office sees the seed once drawn, like everyone (never before: it would leak).
      return {
        ...drawDto(d, now),
        bets: Number(r.bets),
        sales: formatMinor(big(r.sales)),
        payouts: formatMinor(big(r.payouts)),
      };
    }),
    totalPages: Math.ceil(Number(count?.n ?? 0) / q.pageSize),
  };
}

export async function adminLiability(
  ctx: LotteryContext,
  drawNo: string,
  limit: number,
): Promise<AdminLiability> {
  const d = await drawByNo(ctx.db, drawNo);
  if (!d) throw new RgsError("DRAW_NOT_FOUND", 404);
  const g = await loadGame(ctx.db, d.gameCode);
  if (!g) throw new RgsError("GAME_NOT_FOUND", 404);
  const list = await rows<{ combination: string; exposure: unknown }>(
    ctx.db,
    sql`SELECT combination, exposure FROM rgs.lottery_liability
        WHERE draw_id = ${d.id} AND exposure > 0 ORDER BY exposure DESC, combination LIMIT ${limit}`,
  );
  return {
    drawNo: d.drawNo,
    gameCode: d.gameCode,
    liabilityLimit: formatMinor(g.liabilityLimit),
    items: list.map((r) => ({
      combination: r.combination,
      exposure: formatMinor(big(r.exposure)),
      usage: Math.min(1, Number(big(r.exposure)) / Number(g.liabilityLimit)),
    })),
  };
}

/** Sales (stakes of bets taken), payouts (wins) and margin per game or per draw, by draw time. */
export async function adminReport(
  ctx: LotteryContext,
  q: { from: string; to: string; groupBy: "game" | "draw"; gameCode?: string | undefined },
): Promise<AdminLotteryReport> {
  const game = q.gameCode ? sql`AND d.game_code = ${q.gameCode}` : sql``;
  const byDraw = q.groupBy === "draw";
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT d.game_code, ${byDraw ? sql`d.draw_no, min(d.draw_at) AS draw_at` : sql`NULL AS draw_no, NULL AS draw_at`},
          count(b.id) AS bets, COALESCE(sum(b.stake), 0) AS sales, COALESCE(sum(b.win), 0) AS payouts
        FROM rgs.lottery_draws d
        JOIN rgs.lottery_bets b ON b.draw_id = d.id AND b.status IN ('open', 'won', 'lost')
        WHERE d.draw_at >= ${q.from}::timestamptz AND d.draw_at < ${q.to}::timestamptz ${game}
        GROUP BY d.game_code ${byDraw ? sql`, d.draw_no` : sql``}
        ORDER BY ${byDraw ? sql`min(d.draw_at) DESC, d.game_code` : sql`d.game_code`}
        LIMIT 2000`,
  );
  const row = (sales: bigint, payouts: bigint, bets: number) => ({
    bets,
    sales: formatMinor(sales),
    payouts: formatMinor(payouts),
    margin: formatMinor(sales - payouts),
    marginRate: sales > 0n ? Number(sales - payouts) / Number(sales) : null,
  });
  let s = 0n;
  let p = 0n;
  let n = 0;
  const out: AdminLotteryReportRow[] = list.map((r) => {
    const sales = big(r.sales);
    const payouts = big(r.payouts);
    s += sales;
    p += payouts;
    n += Number(r.bets);
    return {
      gameCode: String(r.game_code),
      drawNo: r.draw_no === null ? null : String(r.draw_no),
      drawAt: r.draw_at === null ? null : new Date(r.draw_at as string).toISOString(),
      ...row(sales, payouts, Number(r.bets)),
    };
  });
  return { rows: out, totals: row(s, p, n) };
}
