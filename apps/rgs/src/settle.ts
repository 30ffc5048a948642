import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsRoundStatus } from "@panalo/contracts/rgs";
import { eq, type SQL, sql } from "drizzle-orm";
import type { RgsContext } from "./context.ts";
import { rows } from "./db.ts";
import { jackpotStep } from "./jackpot.ts";
import type { CallResult, ProtocolCall } from "./protocol-client.ts";
import { type RoundRow, rounds } from "./schema.ts";

/**
 * Where a round's money stands with the platform, and how it gets there: a win
 * not acknowledged is sent again until it is; a bet whose outcome is unknown is rolled back.
 * Every call is idempotent on the platform (one transaction id per round and kind), so sending
 * again is always safe; leases keep two workers from sending the same round at once anyway.
 */

/** Wait before the next attempt: 1 s, 2 s, 4 s, … at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.min(attempts, 20), 300_000);
}

export const betTxId = (roundId: string) => `${roundId}:bet`;

/** One call made to the platform, written together with the round's change it led to. */
interface CallLog {
  roundId: string;
  call: ProtocolCall;
  transactionId: string;
  r: CallResult;
}

/**
 * Record the call and apply `update` to the round in one statement (one round trip, atomic).
 * `steps` are more data-modifying CTEs run in the same statement, before `update` (which may
 * read them: see `endUnplayed`).
 */
export async function withLog(ctx: RgsContext, l: CallLog, update: SQL, steps?: SQL): Promise<void> {
  const code = l.r.kind === "refused" ? l.r.code : l.r.kind === "unknown" ? l.r.reason.slice(0, 200) : null;
  await ctx.db.execute(
    sql`WITH logged AS (
          INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
          VALUES (${l.roundId}, ${l.call}, ${l.transactionId}, ${l.r.status}, ${l.r.kind}, ${code}))
        ${steps ? sql`, ${steps}` : sql``}
        ${update}`,
  );
}

/**
 * A round that ends without being played (its bet refused, or rolled back): its new status, and
 * for a free spin the spin given back to its grant, in one statement. Only the statement that
 * moves the round out of `from` gives the spin back: a rollback sent twice (the spin and the
 * retry worker, or a resend) returns it once.
 */
export async function endUnplayed(
  ctx: RgsContext,
  l: CallLog,
  roundId: string,
  status: "refused" | "rolled_back",
  from: RgsRoundStatus[],
  balance: bigint | null,
  errorCode: string | null = null,
): Promise<void> {
  await withLog(
    ctx,
    l,
    sql`UPDATE rgs.free_spin_grants SET used = used - 1
        WHERE id = (SELECT grant_id FROM ended) AND used > 0`,
    sql`ended AS (
          UPDATE rgs.rounds SET status = ${status}, balance = COALESCE(${minor(balance)}, balance),
            error_code = ${errorCode}, updated_at = ${at(ctx.now())}
          WHERE id = ${roundId} AND status IN (${sql.join(
            from.map((f) => sql`${f}`),
            sql`, `,
          )})
          RETURNING grant_id)`,
  );
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const minor = (v: bigint | null) => (v === null ? sql`NULL` : sql`${v.toString()}::bigint`);

/** The round's next attempt after this failed one (its lease ends then too). */
function rescheduled(ctx: RgsContext, round: RoundRow, code: string): SQL {
  return sql`UPDATE rgs.rounds SET attempts = attempts + 1,
      next_attempt_at = ${at(new Date(ctx.now().getTime() + backoffMs(round.attempts)))},
      error_code = ${code.slice(0, 100)}, updated_at = ${at(ctx.now())}
    WHERE id = ${round.id}`;
}

/** The round's new status, with the balance the platform last confirmed. */
export function moved(
  ctx: RgsContext,
  roundId: string,
  status: RgsRoundStatus,
  balance: bigint | null,
  extra: SQL = sql``,
): SQL {
  return sql`UPDATE rgs.rounds SET status = ${status}, balance = COALESCE(${minor(balance)}, balance),
      error_code = NULL, updated_at = ${at(ctx.now())} ${extra}
    WHERE id = ${roundId}`;
}

export const balanceOf = (r: CallResult): bigint | null =>
  r.kind === "ok"
    ? parseMoney(String(r.value.balance ?? ""))
    : r.kind === "refused" && r.balance
      ? parseMoney(r.balance)
      : null;

/** Send the round's win (0.00 included: it closes the round). Settled once acknowledged. */
export async function creditRound(ctx: RgsContext, round: RoundRow): Promise<CallResult> {
  // The jackpot first (its contribution, and a win paid by PNJ): until it is through, the
  // round's own win waits, so a retry of the round does both (jackpot.ts).
  const jp = await jackpotStep(ctx, round);
  if (jp) {
    await withLog(
      ctx,
      { roundId: round.id, call: "jackpot", transactionId: `${round.id}:jackpot`, r: jp },
      rescheduled(ctx, round, jp.kind === "refused" ? jp.code : "UNKNOWN"),
    );
    return jp;
  }
  const transactionId = `${round.id}:win`;
  const r = await ctx.client.call(round.vendor, "credit", {
    playerId: round.playerId,
    transactionId,
    roundId: round.id,
    amount: formatMinor(round.win ?? 0n),
    betTransactionId: betTxId(round.id),
    roundClosed: true,
    gameCode: round.gameId,
  });
  const log = { roundId: round.id, call: "credit" as const, transactionId, r };
  // A refusal of a win is not the player's doing: keep sending it (it shows in the log).
  await withLog(
    ctx,
    log,
    r.kind === "ok"
      ? moved(ctx, round.id, "settled", balanceOf(r))
      : rescheduled(ctx, round, r.kind === "refused" ? r.code : "UNKNOWN"),
  );
  return r;
}

/** Return the stake of a bet whose outcome is unknown; rolled back once acknowledged. */
export async function rollbackRound(ctx: RgsContext, round: RoundRow): Promise<CallResult> {
  const transactionId = `${round.id}:rollback`;
  const r = await ctx.client.call(round.vendor, "rollback", {
    playerId: round.playerId,
    transactionId,
    roundId: round.id,
    refTransactionId: betTxId(round.id),
    amount: formatMinor(round.bet),
    roundClosed: true,
  });
  const log = { roundId: round.id, call: "rollback" as const, transactionId, r };
  // BET_ROLLED_BACK: an earlier copy of this rollback was applied.
  const done = r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK");
  if (done) await endUnplayed(ctx, log, round.id, "rolled_back", ["rollback_pending"], balanceOf(r));
  else await withLog(ctx, log, rescheduled(ctx, round, r.kind === "refused" ? r.code : "UNKNOWN"));
  return r;
}

/** The debit of a new round; the caller records it with the round's next status. */
export async function debitRound(
  ctx: RgsContext,
  round: RoundRow,
  token: string,
): Promise<{ r: CallResult; log: CallLog }> {
  const transactionId = betTxId(round.id);
  const r = await ctx.client.call(round.vendor, "debit", {
    token,
    playerId: round.playerId,
    transactionId,
    roundId: round.id,
    amount: formatMinor(round.bet),
    roundClosed: false,
    gameCode: round.gameId,
    // A spin of a free-spin grant (its bet 0.00): the platform labels the round in the record.
    ...(round.grantId ? { freeSpin: true, grantId: round.grantId } : {}),
  });
  return { r, log: { roundId: round.id, call: "debit", transactionId, r } };
}

/**
 * One pass of the retry worker: claim the rounds due (their lease expired or their next attempt
 * is due) with FOR UPDATE SKIP LOCKED, so that two RGS processes never take the same round,
 * extend their lease, then settle each. A round left in `debit_pending` (its process died
 * mid-debit) has an unknown debit: it is rolled back.
 */
export async function settlePending(ctx: RgsContext, limit = 50): Promise<{ claimed: number; done: number }> {
  const now = ctx.now();
  const leaseUntil = new Date(now.getTime() + ctx.leaseMs);
  const claimed = await rows<{ id: string }>(
    ctx.db,
    sql`UPDATE rgs.rounds SET next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM rgs.rounds
          WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending')
            AND next_attempt_at <= ${now.toISOString()}::timestamptz
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  let done = 0;
  for (const { id } of claimed) {
    const [round] = await ctx.db.select().from(rounds).where(eq(rounds.id, id));
    if (!round) continue;
    let r: CallResult;
    if (round.status === "credit_pending") r = await creditRound(ctx, round);
    else {
      if (round.status === "debit_pending") {
        await ctx.db
          .update(rounds)
          .set({ status: "rollback_pending", updatedAt: now })
          .where(eq(rounds.id, round.id));
      }
      r = await rollbackRound(ctx, round);
    }
    if (r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK")) done++;
  }
  return { claimed: claimed.length, done };
}

/** Run `settlePending` every `intervalMs` (never two passes at once); answers a stop function. */
export function startRetryLoop(
  ctx: RgsContext,
  intervalMs: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = settlePending(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
