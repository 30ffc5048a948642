import type { LotteryBetType, LotteryEvent } from "@panalo/contracts/lottery";
import { formatMinor } from "@panalo/contracts/money";
import { GAMES, type PrizeTable, prize } from "@panalo/game-math/lottery";
import { sql } from "drizzle-orm";
import { crashPoint } from "../crash-points.ts";
import { rows } from "../db.ts";
import { type CallResult, CREDITS_PER_REQUEST, itemResults } from "../protocol-client.ts";
import { backoffMs, balanceOf } from "../settle.ts";
import { LOTTERY_VENDOR, mathOf } from "./catalog.ts";
import { big, type DecidedDraw, ints, type LotteryContext, pgArray } from "./context.ts";
import { slipBetTx } from "./slips.ts";

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const creditTx = (slipId: string, drawNo: string) => `${slipId}:${drawNo}:win`;

export interface SettleOptions {
  /** Bets decided per statement. */
  batch?: number;
  /**
   * Called inside a draw's deciding transaction after its bets are decided, before the credits
   * are written and the transaction commits (crash tests kill the process here).
   */
  afterBetsDecided?: (drawNo: string) => Promise<void>;
}

/**
 * Decide the drawn draws: each draw is decided in ONE transaction — its open
 * bets decided (prize() from game-math with the prize table in force when each was placed, in
 * set-based batches), the credit each slip is owed on it written (idempotent, one per slip per
 * draw, sent by sendCredits), and the draw marked decided — so a crash anywhere leaves either
 * all of it or none of it, never bets decided with their credits unwritten. The draw's row is
 * held (FOR UPDATE SKIP LOCKED) until the commit, so two workers never decide one draw together
 * and finishDraws cannot close it meanwhile. A draw is taken again when a bet of it opens
 * later (its slip's unknown debit was confirmed by retrySlips): only slips with no bet of the
 * draw still pending or open are credited, so a slip is credited once, whole.
 */
export async function settleDrawn(ctx: LotteryContext, opts: SettleOptions = {}): Promise<number> {
  const batch = opts.batch ?? 5000;
  let settled = 0;
  // Draws one worker could not take now (another holds them) are skipped by SKIP LOCKED; a draw
  // whose game is unknown here is left for a process that knows it.
  const skip: number[] = [];
  // Drawn draws of games known here on which nobody bet (most draws of a quiet game) are marked
  // decided together, in one statement: deciding one writes nothing else (no bet to decide, no
  // credit owed). A bet that opens later (a slip's unknown debit confirmed) takes its draw again
  // below, as after a full pass. The LIMIT keeps the look-up a probe of the draw's index per
  // draw (the planner cannot turn it into a join over every bet). SKIP LOCKED: a draw another
  // worker is deciding is left to it.
  await ctx.db.execute(
    sql`UPDATE rgs.lottery_draws d SET lease_until = NULL, decided_at = ${at(ctx.now())}
        WHERE d.id IN (
          SELECT x.id FROM rgs.lottery_draws x
          WHERE x.status = 'drawn' AND x.decided_at IS NULL AND x.game_code = ANY(${pgArray(Object.keys(GAMES))}::text[])
            AND NOT EXISTS (SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = x.id LIMIT 1)
          FOR UPDATE SKIP LOCKED)`,
  );
  for (;;) {
    const decided = await ctx.db.transaction(async (tx) => {
      const [draw] = await rows<{
        id: unknown;
        game_code: string;
        draw_no: string;
        result: unknown;
        draw_at: unknown;
      }>(
        tx,
        sql`SELECT id, game_code, draw_no, result, draw_at FROM rgs.lottery_draws
            WHERE status = 'drawn' AND NOT (id = ANY(${pgArray(skip)}::bigint[]))
              AND (decided_at IS NULL OR EXISTS (
                SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = lottery_draws.id AND b.status = 'open'))
            ORDER BY draw_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!draw) return null;
      const drawId = Number(draw.id);
      const result = ints(draw.result);
      const math = mathOf(draw.game_code);
      if (!math) {
        skip.push(drawId);
        return { drawId, gameCode: draw.game_code, drawNo: draw.draw_no, touched: 0, credited: 0 };
      }
      const tables = new Map<number, PrizeTable>();
      const tableOf = async (id: number): Promise<PrizeTable> => {
        let t = tables.get(id);
        if (!t) {
          const [r] = await rows<{ prize_table: unknown }>(
            tx,
            sql`SELECT prize_table FROM rgs.lottery_prize_tables WHERE id = ${id}`,
          );
          t = (
            typeof r?.prize_table === "string" ? JSON.parse(r.prize_table) : (r?.prize_table ?? {})
          ) as PrizeTable;
          tables.set(id, t);
        }
        return t;
      };
      // The draw's open bets are read by ONE cursor, in id order, a batch at a time: each bet is
      // read once whatever plan the statement gets. (Keyset pages — `id > last ORDER BY id
      // LIMIT n` — were planned, without statistics, as "every remaining open bet of the draw,
      // then sort": each page read the rest of the draw, a cost growing with the square of its
      // size.) The cursor's snapshot is taken at DECLARE, so the rows this loop updates are not
      // read again.
      await tx.execute(
        sql`DECLARE lottery_open_bets NO SCROLL CURSOR FOR
            SELECT id, slip_id, bet_type, selection, stake, prize_table_id FROM rgs.lottery_bets
            WHERE draw_id = ${drawId} AND status = 'open' ORDER BY id`,
      );
      let touched = 0;
      for (;;) {
        const open = await rows<{
          id: unknown;
          slip_id: string;
          bet_type: string;
          selection: unknown;
          stake: unknown;
          prize_table_id: unknown;
        }>(tx, sql.raw(`FETCH FORWARD ${Math.max(1, Math.floor(batch))} FROM lottery_open_bets`));
        if (open.length === 0) break;
        const ids: number[] = [];
        const wins: bigint[] = [];
        for (const b of open) {
          const table = await tableOf(Number(b.prize_table_id));
          ids.push(Number(b.id));
          wins.push(
            prize(math, b.bet_type as LotteryBetType, ints(b.selection), result, big(b.stake), table),
          );
        }
        const first = ids[0] ?? 0;
        const last = ids[ids.length - 1] ?? 0;
        // The batch's own id range of this draw's open bets bounds the rows the statement may
        // read (the open-bets index range), whatever plan the table's statistics, or their
        // absence on a freshly filled table, lead to: never every open bet of every draw.
        await tx.execute(
          sql`UPDATE rgs.lottery_bets b
              SET status = CASE WHEN u.win > 0 THEN 'won' ELSE 'lost' END, win = u.win, settled_at = ${at(ctx.now())}
              FROM unnest(${pgArray(ids)}::bigint[], ${pgArray(wins)}::bigint[]) AS u(id, win)
              WHERE b.id = u.id AND b.draw_id = ${drawId} AND b.status = 'open'
                AND b.id BETWEEN ${first} AND ${last}`,
        );
        touched += open.length;
        if (open.length < batch) break;
      }
      await tx.execute(sql`CLOSE lottery_open_bets`);
      await opts.afterBetsDecided?.(draw.draw_no);
      if (touched > 0) crashPoint("lottery.after-bets-decided"); // tests only (crash-points.ts)
      // What each slip won on this draw: one credit per slip per draw — also 0.00 when this is
      // the slip's last draw (its bets here carry closes_slip), to close its round on the
      // platform. A slip with a bet of this draw not decided yet (it opened during this pass)
      // waits for the next pass, to be credited whole. The statement reads this draw's bets
      // only, in one index range, and joins nothing: its cost follows the draw's size whatever
      // the statistics say.
      const credited = await rows<{ slip_id: string }>(
        tx,
        sql`INSERT INTO rgs.lottery_credits (slip_id, draw_id, player_id, amount, round_closed, status, next_attempt_at)
            SELECT x.slip_id, ${drawId}, x.player_id, x.amount, x.last, 'pending', ${at(ctx.now())}
            FROM (
              SELECT b.slip_id, min(b.player_id) AS player_id, sum(b.win) AS amount, bool_or(b.closes_slip) AS last
              FROM rgs.lottery_bets b
              WHERE b.draw_id = ${drawId} AND b.status <> 'cancelled'
              GROUP BY b.slip_id
              HAVING bool_and(b.status IN ('won', 'lost'))) x
            WHERE x.amount > 0 OR x.last
            ON CONFLICT (slip_id, draw_id) DO NOTHING
            RETURNING slip_id`,
      );
      await tx.execute(
        sql`UPDATE rgs.lottery_draws SET lease_until = NULL, decided_at = ${at(ctx.now())} WHERE id = ${drawId}`,
      );
      return { drawId, gameCode: draw.game_code, drawNo: draw.draw_no, touched, credited: credited.length };
    });
    if (!decided) return settled;
    settled += decided.touched;
    if (decided.touched === 0 && decided.credited === 0) continue;
    // Every process tells its own pages (a relay), or this one tells its pages here.
    if (ctx.bus.relayed)
      ctx.bus.decided({ drawId: decided.drawId, gameCode: decided.gameCode, drawNo: decided.drawNo });
    else await announceSettlements(ctx, decided);
  }
}

/** Tell the pages of players listening here which of their slips this draw settled, and how. */
export async function announceSettlements(
  ctx: LotteryContext,
  { drawId, gameCode, drawNo }: DecidedDraw,
): Promise<void> {
  const players = ctx.bus.listeningPlayers();
  if (players.length === 0) return;
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
 * A claim of at least this many credits goes to the platform in `credits` requests (up to
 * CREDITS_PER_REQUEST items each, applied by the platform in one transaction per request) and
 * its answers are recorded in one statement: a big draw's thousands of credits cost a handful
 * of requests, not one request and one statement each. Fewer go one `credit` each, in
 * parallel: each is acknowledged on its own, and none waits on the row locks of a whole batch's
 * players (a batch locks all of them in one transaction).
 */
export const CREDITS_BATCH_FROM = 32;

type Claimed = {
  slip_id: string;
  draw_id: unknown;
  player_id: unknown;
  amount: unknown;
  round_closed: boolean;
  attempts: unknown;
  draw_no: string;
  game_code: string;
};

const creditOf = (c: Claimed) => ({
  playerId: Number(c.player_id),
  transactionId: creditTx(c.slip_id, c.draw_no),
  roundId: c.slip_id,
  amount: formatMinor(big(c.amount)),
  betTransactionId: slipBetTx(c.slip_id),
  roundClosed: c.round_closed,
  gameCode: c.game_code,
});

/**
 * Send the credits owed (each win exactly once): claimed with FOR UPDATE SKIP
 * LOCKED under a lease, sent with a transaction id derived from slip and draw (the platform
 * applies a repeat once), marked paid when acknowledged, else retried with backoff.
 */
export async function sendCredits(
  ctx: LotteryContext,
  opts: { limit?: number; concurrency?: number } = {},
): Promise<{ claimed: number; paid: number }> {
  const now = ctx.now();
  const claimed = await rows<Claimed>(
    ctx.db,
    sql`UPDATE rgs.lottery_credits c SET next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))}
        FROM rgs.lottery_draws d
        WHERE d.id = c.draw_id AND (c.slip_id, c.draw_id) IN (
          SELECT slip_id, draw_id FROM rgs.lottery_credits
          WHERE status = 'pending' AND next_attempt_at <= ${at(now)}
          ORDER BY next_attempt_at LIMIT ${opts.limit ?? 500} FOR UPDATE SKIP LOCKED)
        RETURNING c.slip_id, c.draw_id, c.player_id, c.amount, c.round_closed, c.attempts, d.draw_no, d.game_code`,
  );
  if (claimed.length >= CREDITS_BATCH_FROM) {
    let paid = 0;
    for (let i = 0; i < claimed.length; i += CREDITS_PER_REQUEST) {
      const part = claimed.slice(i, i + CREDITS_PER_REQUEST);
      const r = await ctx.client.call(LOTTERY_VENDOR, "credits", { credits: part.map(creditOf) });
      const results = itemResults(r, part.length);
      await recordCredits(ctx, part, results);
      paid += results.filter((x) => x.kind === "ok").length;
    }
    return { claimed: claimed.length, paid };
  }
  let paid = 0;
  let next = 0;
  const one = async (c: Claimed) => {
    const credit = creditOf(c);
    const r: CallResult = await ctx.client.call(LOTTERY_VENDOR, "credit", credit);
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
            VALUES (${c.slip_id}, 'credit', ${credit.transactionId}, ${r.status}, ${r.kind}, ${code}))
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

/**
 * The answers of one `credits` request, recorded in one statement: each item's call logged, an
 * acknowledged credit marked paid, any other kept owed with its back-off (a refused win is not
 * the player's doing: it is sent again, and shows in the log). Rows are found by their primary
 * key (slip, draw), one index probe each, whatever the table's statistics.
 */
async function recordCredits(ctx: LotteryContext, list: Claimed[], rs: CallResult[]): Promise<void> {
  const t = ctx.now();
  const items = list.map((c, n) => {
    const r = rs[n] as CallResult;
    const balance = r.kind === "ok" ? balanceOf(r) : null;
    return {
      slip: c.slip_id,
      draw: Number(c.draw_id),
      tx: creditTx(c.slip_id, c.draw_no),
      http: r.status,
      result: r.kind,
      code:
        r.kind === "refused" ? r.code.slice(0, 100) : r.kind === "unknown" ? r.reason.slice(0, 100) : null,
      balance: balance === null ? null : balance.toString(),
      next: new Date(t.getTime() + backoffMs(Number(c.attempts))).toISOString(),
    };
  });
  await ctx.db.execute(
    sql`WITH r AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
            AS x(slip uuid, draw bigint, tx text, http integer, result text, code text, balance bigint, next timestamptz)),
        logged AS (
          INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
          SELECT slip, 'credit', tx, http, result, code FROM r),
        paid AS (
          UPDATE rgs.lottery_credits c SET status = 'paid', paid_at = ${at(t)}, balance = r.balance, error_code = NULL
          FROM r WHERE c.slip_id = r.slip AND c.draw_id = r.draw AND r.result = 'ok' AND c.status = 'pending')
        UPDATE rgs.lottery_credits c SET attempts = c.attempts + 1, error_code = COALESCE(r.code, ''),
          next_attempt_at = r.next
        FROM r WHERE c.slip_id = r.slip AND c.draw_id = r.draw AND r.result <> 'ok' AND c.status = 'pending'`,
  );
}

/**
 * A drawn draw is settled once it was decided (settleDrawn's transaction: bets decided and
 * their credits written together), no bet of it waits and every credit of it is paid.
 */
export async function finishDraws(ctx: LotteryContext): Promise<number> {
  const done = await rows<{ id: unknown }>(
    ctx.db,
    // SKIP LOCKED: a draw being decided right now (its row held by settleDrawn's transaction)
    // is left for the next pass, never closed by a re-check against that transaction's outcome.
    sql`UPDATE rgs.lottery_draws d SET status = 'settled', settled_at = ${at(ctx.now())}
        WHERE d.id IN (
          SELECT x.id FROM rgs.lottery_draws x
          WHERE x.status = 'drawn' AND x.decided_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM rgs.lottery_bets b WHERE b.draw_id = x.id AND b.status IN ('pending', 'open'))
            AND NOT EXISTS (SELECT 1 FROM rgs.lottery_credits c WHERE c.draw_id = x.id AND c.status = 'pending')
          FOR UPDATE SKIP LOCKED)
        RETURNING d.id`,
  );
  return done.length;
}
