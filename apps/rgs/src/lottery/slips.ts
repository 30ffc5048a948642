import { randomUUID } from "node:crypto";
import type {
  LotteryBet,
  LotteryBets,
  LotteryBetType,
  LotteryRecent,
  LotterySession,
  LotterySlip,
  LotterySlipStatus,
} from "@panalo/contracts/lottery";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { combinationKey, exposures, maxPrize, orderings, validSelection } from "@panalo/game-math/lottery";
import { type SQL, sql } from "drizzle-orm";
import { type RgsCode, RgsError } from "../context.ts";
import { type RgsTx, rows } from "../db.ts";
import type { CallResult } from "../protocol-client.ts";
import { type SessionRow, sessions } from "../schema.ts";
import { anySession, liveSession, SESSION_TTL_MS } from "../session.ts";
import { backoffMs, balanceOf } from "../settle.ts";
import { LOTTERY_VENDOR, mathOf } from "./catalog.ts";
import { big, bigOrNull, ints, iso, isoOrNull, type LotteryContext, pgArray } from "./context.ts";
import { type DrawRow, drawByNo, type GameRow, loadGames, openDraws } from "./draws.ts";

/** The `game_id` of an RGS session opened for the lottery (not a slot game). */
export const LOTTERY_SESSION_GAME = "LOTTERY";
/** Bets one slip may hold (lines × repeated draws). */
export const MAX_SLIP_BETS = 500;

export const slipBetTx = (slipId: string) => `${slipId}:bet`;

/** Open a lottery session from a TCG_SEA launch token (checked by the platform: authenticate). */
export async function openLotterySession(
  ctx: LotteryContext,
  input: { token: string; lang?: "TY" | "EN" | undefined },
): Promise<LotterySession> {
  const auth = await ctx.client.call(LOTTERY_VENDOR, "authenticate", { token: input.token });
  if (auth.kind === "unknown") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  if (auth.kind === "refused") {
    if (["INVALID_TOKEN", "PLAYER_NOT_FOUND", "ACCOUNT_LOCKED"].includes(auth.code))
      throw new RgsError("TOKEN_INVALID", 401, auth.balance);
    throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  }
  const playerId = Number(auth.value.playerId);
  const currency = String(auth.value.currency);
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  const id = randomUUID();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await ctx.db.insert(sessions).values({
    id,
    playerId,
    vendor: LOTTERY_VENDOR,
    gameId: LOTTERY_SESSION_GAME,
    currency,
    token: input.token,
    lang: input.lang ?? "TY",
    expiresAt,
  });
  return { sessionId: id, currency, balance: String(auth.value.balance), expiresAt: expiresAt.toISOString() };
}

/** A live lottery session (for betting), or SESSION_EXPIRED. */
export async function lotterySession(ctx: LotteryContext, sessionId: string): Promise<SessionRow> {
  const s = await liveSession(ctx, sessionId);
  if (s.gameId !== LOTTERY_SESSION_GAME) throw new RgsError("SESSION_EXPIRED", 401);
  return s;
}

/** Any lottery session, ended ones too (reading my bets after the session ended). */
export async function readerSession(ctx: LotteryContext, sessionId: string): Promise<SessionRow> {
  const s = await anySession(ctx, sessionId);
  if (s.gameId !== LOTTERY_SESSION_GAME) throw new RgsError("SESSION_EXPIRED", 401);
  return s;
}

// ---------- liability ----------

interface Exposed {
  drawId: number;
  gameCode: string;
  betType: LotteryBetType;
  selection: number[];
  exposure: bigint;
}

/** Each (draw, combination) a set of bets covers and the sum they would pay on it. */
export function liabilityOf(
  bets: readonly Exposed[],
): Map<string, { drawId: number; key: string; amount: bigint }> {
  const out = new Map<string, { drawId: number; key: string; amount: bigint }>();
  for (const b of bets) {
    const math = mathOf(b.gameCode);
    if (!math) continue;
    const keys =
      b.betType === "rambolito"
        ? orderings(b.selection).map((o) => combinationKey(math, o))
        : [combinationKey(math, b.selection)];
    for (const key of keys) {
      const id = `${b.drawId}|${key}`;
      const cur = out.get(id);
      if (cur) cur.amount += b.exposure;
      else out.set(id, { drawId: b.drawId, key, amount: b.exposure });
    }
  }
  return out;
}

const sorted = (m: Map<string, { drawId: number; key: string; amount: bigint }>) =>
  [...m.values()].sort((a, b) => a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** Give back what bets no longer risk (refused, rolled back, cancelled). */
export async function releaseLiability(tx: RgsTx, bets: readonly Exposed[]): Promise<void> {
  const items = sorted(liabilityOf(bets));
  if (items.length === 0) return;
  await tx.execute(
    sql`UPDATE rgs.lottery_liability l SET exposure = GREATEST(l.exposure - u.amount, 0)
        FROM unnest(${pgArray(items.map((i) => i.drawId))}::bigint[], ${pgArray(items.map((i) => i.key))}::text[],
                    ${pgArray(items.map((i) => i.amount))}::bigint[]) AS u(draw_id, combination, amount)
        WHERE l.draw_id = u.draw_id AND l.combination = u.combination`,
  );
}

const exposedOf = (r: Record<string, unknown>): Exposed => ({
  drawId: Number(r.draw_id),
  gameCode: String(r.game_code),
  betType: r.bet_type as LotteryBetType,
  selection: ints(r.selection),
  exposure: big(r.exposure),
});

// ---------- placing a slip ----------

interface Planned extends Exposed {
  draw: DrawRow;
  game: GameRow;
  stake: bigint;
  potentialWin: bigint;
}

function refusalCode(platformCode: string): { code: RgsCode; status: number } {
  if (platformCode === "INSUFFICIENT_FUNDS") return { code: "INSUFFICIENT_FUNDS", status: 409 };
  if (["INVALID_TOKEN", "ACCOUNT_LOCKED", "PLAYER_NOT_FOUND"].includes(platformCode))
    return { code: "SESSION_EXPIRED", status: 401 };
  return { code: "PLATFORM_UNAVAILABLE", status: 503 };
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A json column as a list (node-postgres parses json; PGlite may hand over the text). */
const asList = <T>(v: unknown): T[] =>
  v === null || v === undefined ? [] : ((typeof v === "string" ? JSON.parse(v) : v) as T[]);

/** Record a protocol call of a slip (round id = slip id) with the change it led to, atomically. */
async function logged(
  exec: LotteryContext["db"] | RgsTx,
  slipId: string,
  call: string,
  transactionId: string,
  r: CallResult,
  update: SQL,
): Promise<void> {
  const code = r.kind === "refused" ? r.code : r.kind === "unknown" ? r.reason.slice(0, 200) : null;
  await exec.execute(
    sql`WITH logged AS (
          INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
          VALUES (${slipId}, ${call}, ${transactionId}, ${r.status}, ${r.kind}, ${code}))
        ${update}`,
  );
}

interface LineInput {
  gameCode: string;
  betType: LotteryBetType;
  selection: number[];
  stake: string;
  drawNo?: string | undefined;
  repeat: number;
}

/** Validate every line and expand "repeat for the next N draws" into bets on open draws. */
async function plan(ctx: LotteryContext, lines: readonly LineInput[]): Promise<Planned[]> {
  const count = lines.reduce((n, l) => n + l.repeat, 0);
  if (count > MAX_SLIP_BETS)
    throw new RgsError("SLIP_TOO_LARGE", 400, null, undefined, { max: String(MAX_SLIP_BETS) });
  const now = ctx.now();
  const games = new Map((await loadGames(ctx.db)).map((g) => [g.code, g]));
  const out: Planned[] = [];
  const drawsOf = new Map<string, DrawRow[]>();
  for (const line of lines) {
    const game = games.get(line.gameCode);
    if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
    if (!game.enabled) throw new RgsError("GAME_DISABLED", 409, null, undefined, { game: game.name });
    const params = { game: game.name, type: line.betType };
    if (!validSelection(game.math, line.betType, line.selection))
      throw new RgsError("SELECTION_INVALID", 400, null, undefined, params);
    const stake = parseMoney(line.stake);
    if (stake === null || stake < game.minStake || stake > game.maxStake) {
      throw new RgsError("STAKE_LIMIT", 400, null, undefined, {
        game: game.name,
        min: formatMinor(game.minStake),
        max: formatMinor(game.maxStake),
      });
    }
    const potentialWin = maxPrize(game.math, line.betType, line.selection, stake, game.prizeTable);
    const exposure =
      exposures(game.math, line.betType, line.selection, stake, game.prizeTable)[0]?.payout ?? 0n;
    // No prize for this bet type in the operator's table: nothing could ever be won.
    if (potentialWin <= 0n || exposure <= 0n)
      throw new RgsError("SELECTION_INVALID", 400, null, undefined, params);
    // Lines of one slip mostly name the same draws: each (game, draw, repeat) is looked up once.
    const key = `${game.code}|${line.drawNo ?? ""}|${line.repeat}`;
    let draws = drawsOf.get(key);
    if (!draws) {
      if (line.drawNo) {
        // The named draw and those after it in one query; only when the named draw does not
        // lead the list (unknown, of another game, closed) is it read alone, to say why.
        draws = await openDraws(ctx.db, game.code, now, line.repeat, { drawNo: line.drawNo });
        if (draws[0]?.drawNo !== line.drawNo) {
          const first = await drawByNo(ctx.db, line.drawNo);
          if (!first || first.gameCode !== game.code) throw new RgsError("DRAW_NOT_FOUND", 404);
          throw new RgsError("SALES_CLOSED", 409, null, undefined, { draw: first.drawNo });
        }
      } else {
        draws = await openDraws(ctx.db, game.code, now, line.repeat);
      }
      drawsOf.set(key, draws);
    }
    if (draws.length < line.repeat) throw new RgsError("DRAW_NOT_FOUND", 404);
    for (const draw of draws) {
      out.push({
        draw,
        game,
        drawId: draw.id,
        gameCode: game.code,
        betType: line.betType,
        selection: line.selection,
        stake,
        exposure,
        potentialWin,
      });
    }
  }
  return out;
}

/** The draw a slip ends on: the latest draw time, then the highest id (as settlement orders them). */
function lastDrawOf(planned: readonly Planned[]): number {
  let last: Planned | undefined;
  for (const p of planned) {
    const t = p.draw.drawAt.getTime();
    const l = last?.draw.drawAt.getTime() ?? Number.NEGATIVE_INFINITY;
    if (!last || t > l || (t === l && p.drawId > last.drawId)) last = p;
  }
  return last?.drawId ?? 0;
}

/**
 * Place a slip: validated and planned, then stored with its bets and their
 * liability in one transaction that checks each draw is still before cut-off on the clock,
 * then ONE debit through the provider protocol (round id = slip id). Paid → the bets are open;
 * refused → the slip is refused and leaves no bet; unknown → rolled back. A repeated requestId
 * answers the same slip.
 */
export async function placeSlip(
  ctx: LotteryContext,
  session: SessionRow,
  input: { requestId: string; lines: readonly LineInput[] },
): Promise<LotterySlip> {
  const again = await slipByRequest(ctx, session.id, input.requestId);
  if (again) return answerSlip(ctx, again);
  const planned = await plan(ctx, input.lines);
  const total = planned.reduce((s, b) => s + b.stake, 0n);
  const liability = sorted(liabilityOf(planned));
  for (const l of liability) {
    const b = planned.find((p) => p.drawId === l.drawId);
    if (b && l.amount > b.game.liabilityLimit)
      throw new RgsError("LIABILITY_LIMIT", 409, null, undefined, { number: l.key, draw: b.draw.drawNo });
  }
  const slipId = randomUUID();
  const created = ctx.now();
  let betIds: number[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const drawIds = [...new Set(planned.map((p) => p.drawId))].sort((a, b) => a - b);
      // The slip's last draw (latest draw time, then id) is known now and never moves (draws are
      // not rescheduled, a slip is cancelled whole): its bets there carry closes_slip, so the
      // credit of that draw closes the slip's round without looking at the slip's other draws.
      const last = lastDrawOf(planned);
      // The slip, its bets and their liability in ONE statement (one round trip, not five): the
      // draws are held FOR SHARE until the commit and answered beside what was written; the
      // checks below throw, which rolls all of it back. Liability: each combination's row is
      // locked in a fixed order and its total checked against the game's limit under that lock
      // (race-safe across processes); the rows it did not accept are missing from `accepted`.
      // The bets' foreign key to the slip is checked at the statement's end, the slip written.
      const [out] = await rows<{ draws: unknown; bets: unknown; accepted: unknown }>(
        tx,
        sql`WITH d AS (
              SELECT id, draw_no, status, cutoff_at FROM rgs.lottery_draws
              WHERE id = ANY(${pgArray(drawIds)}::bigint[]) ORDER BY id FOR SHARE),
            s AS (
              INSERT INTO rgs.lottery_slips (id, session_id, request_id, player_id, vendor, currency, total, status,
                next_attempt_at, created_at, updated_at)
              VALUES (${slipId}, ${session.id}, ${input.requestId}, ${session.playerId}, ${LOTTERY_VENDOR},
                ${session.currency}, ${total.toString()}::bigint, 'debit_pending',
                ${at(new Date(created.getTime() + ctx.leaseMs))}, ${at(created)}, ${at(created)})),
            b AS (
              INSERT INTO rgs.lottery_bets (slip_id, draw_id, game_code, player_id, bet_type, selection, stake,
                prize_table_id, exposure, potential_win, status, created_at, closes_slip)
              SELECT ${slipId}, u.draw_id, u.game_code, ${session.playerId}, u.bet_type, u.selection::integer[],
                u.stake, u.prize_table_id, u.exposure, u.potential_win, 'pending', ${at(created)}, u.draw_id = ${last}
              FROM unnest(${pgArray(planned.map((p) => p.drawId))}::bigint[],
                          ${pgArray(planned.map((p) => p.gameCode))}::text[],
                          ${pgArray(planned.map((p) => p.betType))}::text[],
                          ${pgArray(planned.map((p) => `{${p.selection.join(",")}}`))}::text[],
                          ${pgArray(planned.map((p) => p.stake))}::bigint[],
                          ${pgArray(planned.map((p) => p.game.prizeTableId))}::bigint[],
                          ${pgArray(planned.map((p) => p.exposure))}::bigint[],
                          ${pgArray(planned.map((p) => p.potentialWin))}::bigint[])
                AS u(draw_id, game_code, bet_type, selection, stake, prize_table_id, exposure, potential_win)
              RETURNING id),
            l AS (
              INSERT INTO rgs.lottery_liability AS l (draw_id, combination, exposure)
              SELECT u.draw_id, u.combination, u.amount
              FROM unnest(${pgArray(liability.map((i) => i.drawId))}::bigint[],
                          ${pgArray(liability.map((i) => i.key))}::text[],
                          ${pgArray(liability.map((i) => i.amount))}::bigint[]) AS u(draw_id, combination, amount)
              ORDER BY u.draw_id, u.combination
              ON CONFLICT (draw_id, combination) DO UPDATE SET exposure = l.exposure + EXCLUDED.exposure
              WHERE l.exposure + EXCLUDED.exposure <= (
                SELECT g.liability_limit FROM rgs.lottery_draws x JOIN rgs.lottery_games g ON g.code = x.game_code
                WHERE x.id = EXCLUDED.draw_id)
              RETURNING l.draw_id, l.combination)
            SELECT (SELECT json_agg(json_build_object('id', d.id, 'draw_no', d.draw_no, 'status', d.status,
                      'cutoff_at', d.cutoff_at) ORDER BY d.id) FROM d) AS draws,
                   (SELECT json_agg(b.id ORDER BY b.id) FROM b) AS bets,
                   (SELECT json_agg(json_build_object('draw_id', l.draw_id, 'combination', l.combination)) FROM l)
                     AS accepted`,
      );
      const locked = asList<{ id: unknown; draw_no: string; status: string; cutoff_at: string }>(out?.draws);
      // Sales close exactly at cut-off: judged now, inside the transaction holding the draws.
      const t = ctx.now().getTime();
      for (const d of locked) {
        if (d.status !== "open" || new Date(d.cutoff_at).getTime() <= t)
          throw new RgsError("SALES_CLOSED", 409, null, undefined, { draw: d.draw_no });
      }
      if (locked.length !== drawIds.length) throw new RgsError("DRAW_NOT_FOUND", 404);
      betIds = asList<unknown>(out?.bets).map(Number);
      const accepted = asList<{ draw_id: unknown; combination: string }>(out?.accepted);
      if (accepted.length !== liability.length) {
        const ok = new Set(accepted.map((a) => `${Number(a.draw_id)}|${a.combination}`));
        const over = liability.find((i) => !ok.has(`${i.drawId}|${i.key}`));
        const draw = planned.find((p) => p.drawId === over?.drawId)?.draw.drawNo ?? "";
        throw new RgsError("LIABILITY_LIMIT", 409, null, undefined, { number: over?.key ?? "", draw });
      }
    });
  } catch (err) {
    // The same requestId at the same time: the unique (session, request) key kept one slip.
    const same = await slipByRequest(ctx, session.id, input.requestId);
    if (same) return answerSlip(ctx, same);
    // A draw removed since it was planned (an operator's reschedule deletes unsold draws): the
    // bets' foreign key refused the write, as the draws' check would have.
    if (typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23503")
      throw new RgsError("DRAW_NOT_FOUND", 404);
    throw err;
  }

  const games = [...new Set(planned.map((p) => p.gameCode))];
  const transactionId = slipBetTx(slipId);
  const r = await ctx.client.call(LOTTERY_VENDOR, "debit", {
    token: session.token,
    playerId: session.playerId,
    transactionId,
    roundId: slipId,
    amount: formatMinor(total),
    roundClosed: false,
    ...(games.length === 1 ? { gameCode: games[0] } : {}),
  });
  const now = at(ctx.now());
  if (r.kind === "ok") {
    const balance = balanceOf(r);
    // The slip's bets open by primary key, and only if the slip itself moved from debit_pending
    // (its bets are all pending then): no condition on the bets' status, because one on
    // pending/open lets the planner use the partial open-bets index as a filter — without
    // statistics it believes that index tiny and reads all of it, every open bet of every draw,
    // for each slip (placement slowed down in a straight line with the open bets; see
    // bench/lottery/README.md).
    const moved = await rows<{ id: unknown }>(
      ctx.db,
      sql`WITH logged AS (
            INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
            VALUES (${slipId}, 'debit', ${transactionId}, ${r.status}, ${r.kind}, NULL)),
          s AS (
            UPDATE rgs.lottery_slips SET status = 'placed', balance = ${balance?.toString() ?? null}::bigint,
              updated_at = ${now} WHERE id = ${slipId} AND status = 'debit_pending' RETURNING id)
          UPDATE rgs.lottery_bets SET status = 'open'
          WHERE id = ANY(${pgArray(betIds)}::bigint[]) AND EXISTS (SELECT 1 FROM s)
          RETURNING id`,
    );
    // Placed now (the slip moved and its bets opened): the answer is what this call wrote, with
    // no second read. Otherwise (a retry worker rolled the slip back meanwhile) it is read below.
    if (moved.length > 0 && moved.length === betIds.length) {
      return placedAnswer(slipId, total, balance, planned, betIds, created);
    }
  } else if (r.kind === "refused") {
    const balance = balanceOf(r);
    await ctx.db.transaction(async (tx) => {
      const [moved] = await rows<{ id: string }>(
        tx,
        sql`UPDATE rgs.lottery_slips SET status = 'refused', error_code = ${r.code.slice(0, 100)},
              balance = ${balance?.toString() ?? null}::bigint, updated_at = ${now}
            WHERE id = ${slipId} AND status = 'debit_pending' RETURNING id`,
      );
      await logged(tx, slipId, "debit", transactionId, r, sql`SELECT 1`);
      if (!moved) return;
      // A refused slip leaves no bet, and gives back the liability it held.
      await tx.execute(sql`DELETE FROM rgs.lottery_bets WHERE slip_id = ${slipId}`);
      await releaseLiability(tx, planned);
    });
  } else {
    await logged(ctx.db, slipId, "debit", transactionId, r, sql`SELECT 1`);
    await toRollback(ctx, slipId);
  }
  const slip = await slipById(ctx, slipId);
  if (!slip) throw new RgsError("INTERNAL_ERROR", 500);
  return answerSlip(ctx, slip);
}

/**
 * The answer to a slip just placed, from what placing it wrote: its bets in id order (the order
 * they were inserted in, the order of `planned`), open, on draws still open (no result yet).
 */
function placedAnswer(
  slipId: string,
  total: bigint,
  balance: bigint | null,
  planned: readonly Planned[],
  betIds: readonly number[],
  created: Date,
): LotterySlip {
  const ids = [...betIds].sort((a, b) => a - b);
  return {
    slipId,
    status: "placed",
    total: formatMinor(total),
    balance: balance === null ? null : formatMinor(balance),
    bets: planned.map((p, i) => ({
      betId: String(ids[i]),
      slipId,
      gameCode: p.gameCode,
      drawNo: p.draw.drawNo,
      drawAt: p.draw.drawAt.toISOString(),
      cutoffAt: p.draw.cutoffAt.toISOString(),
      betType: p.betType,
      selection: [...p.selection],
      stake: formatMinor(p.stake),
      potentialWin: formatMinor(p.potentialWin),
      status: "open",
      win: null,
      result: null,
      placedAt: created.toISOString(),
      settledAt: null,
    })),
    createdAt: created.toISOString(),
  };
}

/** A slip whose debit failed or is unknown: its bets are void and its stake is given back. */
async function toRollback(ctx: LotteryContext, slipId: string): Promise<void> {
  const moved = await ctx.db.transaction(async (tx) => {
    const [s] = await rows<{ id: string }>(
      tx,
      sql`UPDATE rgs.lottery_slips SET status = 'rollback_pending', updated_at = ${at(ctx.now())}
          WHERE id = ${slipId} AND status = 'debit_pending' RETURNING id`,
    );
    if (!s) return false;
    // The slip just left debit_pending under its row lock: its bets are all still pending (they
    // open only with the slip placed). No status condition: one on pending/open would let the
    // planner, without statistics, add a scan of the whole open-bets index (see placeSlip).
    const bets = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.lottery_bets SET status = 'cancelled', settled_at = ${at(ctx.now())}
          WHERE slip_id = ${slipId}
          RETURNING draw_id, game_code, bet_type, selection, exposure`,
    );
    await releaseLiability(tx, bets.map(exposedOf));
    return true;
  });
  if (moved) await rollbackSlip(ctx, slipId);
}

/** Send a slip's rollback (the whole debit). Acknowledged → rolled_back, or cancelled if asked. */
export async function rollbackSlip(ctx: LotteryContext, slipId: string): Promise<CallResult | null> {
  const slip = await slipById(ctx, slipId);
  if (slip?.status !== "rollback_pending") return null;
  const transactionId = `${slipId}:rollback`;
  const r = await ctx.client.call(LOTTERY_VENDOR, "rollback", {
    playerId: slip.playerId,
    transactionId,
    roundId: slipId,
    refTransactionId: slipBetTx(slipId),
    amount: formatMinor(slip.total),
    roundClosed: true,
  });
  const done = r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK");
  const now = ctx.now();
  const balance = balanceOf(r);
  await logged(
    ctx.db,
    slipId,
    "rollback",
    transactionId,
    r,
    done
      ? sql`UPDATE rgs.lottery_slips SET status = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'rolled_back' END,
              balance = COALESCE(${balance?.toString() ?? null}::bigint, balance), error_code = NULL,
              updated_at = ${at(now)}
            WHERE id = ${slipId} AND status = 'rollback_pending'`
      : sql`UPDATE rgs.lottery_slips SET attempts = attempts + 1,
              next_attempt_at = ${at(new Date(now.getTime() + backoffMs(slip.attempts)))},
              error_code = ${(r.kind === "refused" ? r.code : "UNKNOWN").slice(0, 100)}, updated_at = ${at(now)}
            WHERE id = ${slipId}`,
  );
  return r;
}

/**
 * Cancel a slip before cut-off (a rollback): the protocol's rollback returns the
 * slip's one debit, so a slip is cancelled whole — while every draw of it is before its cut-off,
 * every game allows it and nothing of it is settled. Only the slip's own player may.
 */
export async function cancelSlip(
  ctx: LotteryContext,
  session: SessionRow,
  slipId: string,
): Promise<LotterySlip> {
  await ctx.db.transaction(async (tx) => {
    const [slip] = await rows<{ status: string }>(
      tx,
      sql`SELECT status FROM rgs.lottery_slips WHERE id = ${slipId} AND player_id = ${session.playerId} FOR UPDATE`,
    );
    if (!slip) throw new RgsError("SLIP_NOT_FOUND", 404);
    if (slip.status !== "placed") throw new RgsError("CANCEL_NOT_ALLOWED", 409);
    const bets = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT b.draw_id, b.game_code, b.bet_type, b.selection, b.exposure, b.status, d.draw_no,
            d.status AS draw_status, d.cutoff_at, g.cancel_allowed
          FROM rgs.lottery_bets b JOIN rgs.lottery_draws d ON d.id = b.draw_id
          JOIN rgs.lottery_games g ON g.code = b.game_code
          WHERE b.slip_id = ${slipId} ORDER BY d.id FOR SHARE OF d`,
    );
    if (bets.some((b) => b.status !== "open" || !b.cancel_allowed))
      throw new RgsError("CANCEL_NOT_ALLOWED", 409);
    const t = ctx.now();
    const late = bets.find(
      (b) => b.draw_status !== "open" || new Date(b.cutoff_at as string).getTime() <= t.getTime(),
    );
    if (late) throw new RgsError("SALES_CLOSED", 409, null, undefined, { draw: String(late.draw_no) });
    await tx.execute(
      sql`UPDATE rgs.lottery_bets SET status = 'cancelled', settled_at = ${at(t)} WHERE slip_id = ${slipId}`,
    );
    await releaseLiability(tx, bets.map(exposedOf));
    await tx.execute(
      sql`UPDATE rgs.lottery_slips SET status = 'rollback_pending', cancel_requested = TRUE,
            next_attempt_at = ${at(new Date(t.getTime() + ctx.leaseMs))}, updated_at = ${at(t)}
          WHERE id = ${slipId}`,
    );
  });
  await rollbackSlip(ctx, slipId);
  const slip = await slipById(ctx, slipId);
  if (!slip) throw new RgsError("SLIP_NOT_FOUND", 404);
  return slipDto(ctx, slip);
}

/**
 * Retry worker for slips: a slip left in debit_pending after its lease (the request died
 * mid-debit) has an unknown debit and is rolled back; an unacknowledged rollback is sent again.
 */
export async function retrySlips(ctx: LotteryContext, limit = 50): Promise<number> {
  const now = ctx.now();
  const claimed = await rows<{ id: string; status: string }>(
    ctx.db,
    sql`UPDATE rgs.lottery_slips SET next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))}
        WHERE id IN (
          SELECT id FROM rgs.lottery_slips
          WHERE status IN ('debit_pending', 'rollback_pending') AND next_attempt_at <= ${at(now)}
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, status`,
  );
  for (const s of claimed) {
    if (s.status === "debit_pending") await toRollback(ctx, s.id);
    else await rollbackSlip(ctx, s.id);
  }
  return claimed.length;
}

// ---------- reading ----------

interface SlipRow {
  id: string;
  playerId: number;
  sessionId: string;
  status: LotterySlipStatus;
  total: bigint;
  balance: bigint | null;
  errorCode: string | null;
  attempts: number;
  createdAt: string;
}

const slipRow = (r: Record<string, unknown>): SlipRow => ({
  id: String(r.id),
  playerId: Number(r.player_id),
  sessionId: String(r.session_id),
  status: r.status as LotterySlipStatus,
  total: big(r.total),
  balance: bigOrNull(r.balance),
  errorCode: r.error_code === null ? null : String(r.error_code),
  attempts: Number(r.attempts),
  createdAt: iso(r.created_at),
});

async function slipById(ctx: LotteryContext, id: string): Promise<SlipRow | undefined> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.lottery_slips WHERE id = ${id}`,
  );
  return r ? slipRow(r) : undefined;
}

async function slipByRequest(ctx: LotteryContext, sessionId: string, requestId: string) {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.lottery_slips WHERE session_id = ${sessionId} AND request_id = ${requestId}`,
  );
  return r ? slipRow(r) : undefined;
}

const BET_SELECT = sql`SELECT b.id, b.slip_id, b.game_code, b.bet_type, b.selection, b.stake, b.potential_win,
    b.status, b.win, b.created_at, b.settled_at, d.draw_no, d.draw_at, d.cutoff_at, d.status AS draw_status, d.result
  FROM rgs.lottery_bets b JOIN rgs.lottery_draws d ON d.id = b.draw_id`;

const betDto = (r: Record<string, unknown>): LotteryBet => ({
  betId: String(r.id),
  slipId: String(r.slip_id),
  gameCode: String(r.game_code),
  drawNo: String(r.draw_no),
  drawAt: iso(r.draw_at),
  cutoffAt: iso(r.cutoff_at),
  betType: r.bet_type as LotteryBetType,
  selection: ints(r.selection),
  stake: formatMinor(big(r.stake)),
  potentialWin: formatMinor(big(r.potential_win)),
  status: r.status as LotteryBet["status"],
  win: r.win === null || r.win === undefined ? null : formatMinor(big(r.win)),
  result: r.draw_status === "open" || r.result === null ? null : ints(r.result),
  placedAt: iso(r.created_at),
  settledAt: isoOrNull(r.settled_at),
});

async function slipDto(ctx: LotteryContext, slip: SlipRow): Promise<LotterySlip> {
  const bets = await rows<Record<string, unknown>>(
    ctx.db,
    sql`${BET_SELECT} WHERE b.slip_id = ${slip.id} ORDER BY b.id`,
  );
  return {
    slipId: slip.id,
    status: slip.status,
    total: formatMinor(slip.total),
    balance: slip.balance === null ? null : formatMinor(slip.balance),
    bets: bets.map(betDto),
    createdAt: slip.createdAt,
  };
}

/** The answer to a placing request: the slip, or the reason it was not taken. */
async function answerSlip(ctx: LotteryContext, slip: SlipRow): Promise<LotterySlip> {
  const balance = slip.balance === null ? null : formatMinor(slip.balance);
  if (slip.status === "refused") {
    const r = refusalCode(slip.errorCode ?? "");
    throw new RgsError(r.code, r.status, balance);
  }
  if (slip.status === "rollback_pending" || slip.status === "rolled_back")
    throw new RgsError("PLATFORM_UNAVAILABLE", 503, balance);
  return slipDto(ctx, slip);
}

/** My bets, newest first: only the session's own player's. */
export async function listBets(
  ctx: LotteryContext,
  playerId: number,
  q: { status: "open" | "settled" | "all"; gameCode?: string | undefined; page: number; pageSize: number },
): Promise<LotteryBets> {
  // "Open" is said as "none of the other three" (the CHECK's five statuses): the same bets, but a
  // condition the partial open-bets index cannot serve, so the planner, without statistics,
  // cannot AND the player's few bets with all of that index (every open bet of every draw).
  const status =
    q.status === "open"
      ? sql`AND b.status NOT IN ('won', 'lost', 'cancelled')`
      : q.status === "settled"
        ? sql`AND b.status IN ('won', 'lost')`
        : sql``;
  const game = q.gameCode ? sql`AND b.game_code = ${q.gameCode}` : sql``;
  const [items, [count]] = await Promise.all([
    rows<Record<string, unknown>>(
      ctx.db,
      sql`${BET_SELECT} WHERE b.player_id = ${playerId} ${status} ${game}
          ORDER BY b.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    rows<{ n: unknown }>(
      ctx.db,
      sql`SELECT count(*) AS n FROM rgs.lottery_bets b WHERE b.player_id = ${playerId} ${status} ${game}`,
    ),
  ]);
  return { items: items.map(betDto), totalPages: Math.ceil(Number(count?.n ?? 0) / q.pageSize) };
}

/** The lottery games the player bet on, most recent first. */
export async function recentGames(ctx: LotteryContext, playerId: number): Promise<LotteryRecent> {
  const list = await rows<{ game_code: string; name: string; last: unknown }>(
    ctx.db,
    sql`SELECT r.game_code, g.name, r.last FROM (
          SELECT game_code, max(created_at) AS last FROM rgs.lottery_bets WHERE player_id = ${playerId}
          GROUP BY game_code) r JOIN rgs.lottery_games g ON g.code = r.game_code
        ORDER BY r.last DESC LIMIT 20`,
  );
  return { items: list.map((r) => ({ gameCode: r.game_code, name: r.name, lastBetAt: iso(r.last) })) };
}
