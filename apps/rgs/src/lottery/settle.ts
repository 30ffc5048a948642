import type { LotteryBetType, LotteryEvent } from "@panalo/contracts/lottery";
import { formatMinor } from "@panalo/contracts/money";
import { type PrizeTable, prize } from "@panalo/game-math/lottery";
import { sql } from "drizzle-orm";
import { rows } from "../db.ts";
import type { CallResult } from "../protocol-client.ts";
import { backoffMs, balanceOf } from "../settle.ts";
import { LOTTERY_VENDOR, mathOf } from "./catalog.ts";
import { big, ints, type LotteryContext, pgArray } from "./context.ts";
import { slipBetTx } from "./slips.ts";

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const creditTx = (slipId: string, drawNo: string) => `${slipId}:${drawNo}:win`;

export interface SettleOptions {
  /** Bets decided per statement. */
  batch?: number;
}

/**
 * Settle the drawn draws (issue item 4), one at a time under a lease so two workers do not
 * compute the same draw together. Bets are decided in batches (prize() from game-math with the
 * prize table in force when each was placed), each batch one set-based UPDATE of only bets
 * still open, so a restart goes on where it stopped. When no bet of the draw is open any more,
 * what each slip won on it becomes one credit row (idempotent), sent by sendCredits.
 */
export async function settleDrawn(ctx: LotteryContext, opts: SettleOptions = {}): Promise<number> {
  const batch = opts.batch ?? 5000;
  let settled = 0;
  for (;;) {
    const now = ctx.now();
    const [draw] = await rows<{
      id: unknown;
      game_code: string;
      draw_no: string;
      result: unknown;
      draw_at: unknown;
    }>(
      ctx.db,
      sql`UPDATE rgs.lottery_draws SET lease_until = ${at(new Date(now.getTime() + ctx.leaseMs))}
          WHERE id = (
            SELECT id FROM rgs.lottery_draws
            WHERE status = 'drawn' AND (lease_until IS NULL OR lease_until <= ${at(now)})
              AND (decided_at IS NULL OR EXISTS (
                SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = lottery_draws.id AND b.status = 'open'))
            ORDER BY draw_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, game_code, draw_no, result, draw_at`,
    );
    if (!draw) return settled;
    const drawId = Number(draw.id);
    const result = ints(draw.result);
    const math = mathOf(draw.game_code);
    if (!math) return settled;
    const tables = new Map<number, PrizeTable>();
    const tableOf = async (id: number): Promise<PrizeTable> => {
      let t = tables.get(id);
      if (!t) {
        const [r] = await rows<{ prize_table: unknown }>(
          ctx.db,
          sql`SELECT prize_table FROM rgs.lottery_prize_tables WHERE id = ${id}`,
        );
        t = (
          typeof r?.prize_table === "string" ? JSON.parse(r.prize_table) : (r?.prize_table ?? {})
        ) as PrizeTable;
        tables.set(id, t);
      }
      return t;
    };
    let after = 0;
    let touched = 0;
    for (;;) {
      const open = await rows<{
        id: unknown;
        slip_id: string;
        bet_type: string;
        selection: unknown;
        stake: unknown;
        prize_table_id: unknown;
      }>(
        ctx.db,
        sql`SELECT id, slip_id, bet_type, selection, stake, prize_table_id FROM rgs.lottery_bets
            WHERE draw_id = ${drawId} AND status = 'open' AND id > ${after}
            ORDER BY id LIMIT ${batch}`,
      );
      if (open.length === 0) break;
      const ids: number[] = [];
      const wins: bigint[] = [];
      for (const b of open) {
        const table = await tableOf(Number(b.prize_table_id));
        ids.push(Number(b.id));
        wins.push(prize(math, b.bet_type as LotteryBetType, ints(b.selection), result, big(b.stake), table));
      }
      after = ids[ids.length - 1] ?? after;
      await ctx.db.execute(
        sql`UPDATE rgs.lottery_bets b
            SET status = CASE WHEN u.win > 0 THEN 'won' ELSE 'lost' END, win = u.win, settled_at = ${at(ctx.now())}
            FROM unnest(${pgArray(ids)}::bigint[], ${pgArray(wins)}::bigint[]) AS u(id, win)
            WHERE b.id = u.id AND b.status = 'open'`,
      );
      settled += ids.length;
      touched += open.length;
      if (open.length < batch) break;
    }
    // What each slip won on this draw: one credit per slip per draw — also 0.00 when this is the
    // slip's last draw, to close its round on the platform.
    const credited = await rows<{ slip_id: string; player_id: unknown; amount: unknown }>(
      ctx.db,
      sql`INSERT INTO rgs.lottery_credits (slip_id, draw_id, player_id, amount, round_closed, status, next_attempt_at)
          SELECT x.slip_id, ${drawId}, x.player_id, x.amount, x.last, 'pending', ${at(ctx.now())}
          FROM (
            SELECT b.slip_id, min(b.player_id) AS player_id, sum(b.win) AS amount,
              NOT EXISTS (
                SELECT 1 FROM rgs.lottery_bets o JOIN rgs.lottery_draws od ON od.id = o.draw_id
                WHERE o.slip_id = b.slip_id AND o.status <> 'cancelled'
                  AND (od.draw_at, od.id) > (${at(new Date(draw.draw_at as string))}, ${drawId}::bigint)) AS last
            FROM rgs.lottery_bets b
            WHERE b.draw_id = ${drawId} AND b.status IN ('won', 'lost')
            GROUP BY b.slip_id) x
          WHERE x.amount > 0 OR x.last
          ON CONFLICT (slip_id, draw_id) DO NOTHING
          RETURNING slip_id, player_id, amount`,
    );
    await ctx.db.execute(
      sql`UPDATE rgs.lottery_draws SET lease_until = NULL, decided_at = ${at(ctx.now())} WHERE id = ${drawId}`,
    );
    await announce(ctx, drawId, draw.game_code, draw.draw_no, touched > 0 || credited.length > 0);
  }
}

/** Tell the pages of players listening which of their slips this draw settled, and how. */
async function announce(
  ctx: LotteryContext,
  drawId: number,
  gameCode: string,
  drawNo: string,
  any: boolean,
): Promise<void> {
  const players = ctx.bus.listeningPlayers();
  if (!any || players.length === 0) return;
  const list = await rows<{ id: unknown; slip_id: string; player_id: unknown; status: string; win: unknown }>(
    ctx.db,
    sql`SELECT id, slip_id, player_id, status, win FROM rgs.lottery_bets
        WHERE draw_id = ${drawId} AND player_id = ANY(${pgArray(players)}::bigint[]) AND status IN ('won', 'lost')
        ORDER BY slip_id, id`,
  );
  const bySlip = new Map<
    string,
    { playerId: number; win: bigint; bets: Array<{ betId: string; status: "won" | "lost"; win: string }> }
  >();
  for (const b of list) {
    const s = bySlip.get(b.slip_id) ?? { playerId: Number(b.player_id), win: 0n, bets: [] };
    s.win += big(b.win);
    s.bets.push({ betId: String(b.id), status: b.status as "won" | "lost", win: formatMinor(big(b.win)) });
    bySlip.set(b.slip_id, s);
  }
  for (const [slipId, s] of bySlip) {
    const e: LotteryEvent = {
      type: "settlement",
      slipId,
      gameCode,
      drawNo,
      win: formatMinor(s.win),
      bets: s.bets,
    };
    ctx.bus.toPlayer(s.playerId, e);
  }
}

/**
 * Send the credits owed (issue item 4: each win exactly once): claimed with FOR UPDATE SKIP
 * LOCKED under a lease, sent with a transaction id derived from slip and draw (the platform
 * applies a repeat once), marked paid when acknowledged, else retried with backoff.
 */
export async function sendCredits(
  ctx: LotteryContext,
  opts: { limit?: number; concurrency?: number } = {},
): Promise<{ claimed: number; paid: number }> {
  const now = ctx.now();
  const claimed = await rows<{
    slip_id: string;
    draw_id: unknown;
    player_id: unknown;
    amount: unknown;
    round_closed: boolean;
    attempts: unknown;
    draw_no: string;
    game_code: string;
  }>(
    ctx.db,
    sql`UPDATE rgs.lottery_credits c SET next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))}
        FROM rgs.lottery_draws d
        WHERE d.id = c.draw_id AND (c.slip_id, c.draw_id) IN (
          SELECT slip_id, draw_id FROM rgs.lottery_credits
          WHERE status = 'pending' AND next_attempt_at <= ${at(now)}
          ORDER BY next_attempt_at LIMIT ${opts.limit ?? 500} FOR UPDATE SKIP LOCKED)
        RETURNING c.slip_id, c.draw_id, c.player_id, c.amount, c.round_closed, c.attempts, d.draw_no, d.game_code`,
  );
  let paid = 0;
  let next = 0;
  const one = async (c: (typeof claimed)[number]) => {
    const transactionId = creditTx(c.slip_id, c.draw_no);
    const r: CallResult = await ctx.client.call(LOTTERY_VENDOR, "credit", {
      playerId: Number(c.player_id),
      transactionId,
      roundId: c.slip_id,
      amount: formatMinor(big(c.amount)),
      betTransactionId: slipBetTx(c.slip_id),
      roundClosed: c.round_closed,
      gameCode: c.game_code,
    });
    const code = r.kind === "refused" ? r.code : r.kind === "unknown" ? r.reason.slice(0, 200) : null;
    const t = ctx.now();
    const balance = balanceOf(r);
    const update =
      r.kind === "ok"
        ? sql`UPDATE rgs.lottery_credits SET status = 'paid', paid_at = ${at(t)},
                balance = ${balance?.toString() ?? null}::bigint, error_code = NULL
              WHERE slip_id = ${c.slip_id} AND draw_id = ${Number(c.draw_id)}`
        : // A refused win is not the player's doing: keep sending it (it shows in the log).
          sql`UPDATE rgs.lottery_credits SET attempts = attempts + 1, error_code = ${(code ?? "").slice(0, 100)},
                next_attempt_at = ${at(new Date(t.getTime() + backoffMs(Number(c.attempts))))}
              WHERE slip_id = ${c.slip_id} AND draw_id = ${Number(c.draw_id)}`;
    await ctx.db.execute(
      sql`WITH logged AS (
            INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
            VALUES (${c.slip_id}, 'credit', ${transactionId}, ${r.status}, ${r.kind}, ${code}))
          ${update}`,
    );
    if (r.kind === "ok") paid++;
  };
  const workers = Array.from({ length: Math.min(opts.concurrency ?? 8, claimed.length) }, async () => {
    while (next < claimed.length) {
      const c = claimed[next++];
      if (c) await one(c);
    }
  });
  await Promise.all(workers);
  return { claimed: claimed.length, paid };
}

/** A drawn draw is settled once no bet of it waits and every credit of it is paid. */
export async function finishDraws(ctx: LotteryContext): Promise<number> {
  const done = await rows<{ id: unknown }>(
    ctx.db,
    sql`UPDATE rgs.lottery_draws d SET status = 'settled', settled_at = ${at(ctx.now())}
        WHERE d.status = 'drawn'
          AND NOT EXISTS (SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = d.id AND b.status IN ('pending', 'open'))
          AND NOT EXISTS (SELECT 1 FROM rgs.lottery_credits c WHERE c.draw_id = d.id AND c.status = 'pending')
        RETURNING d.id`,
  );
  return done.length;
}
