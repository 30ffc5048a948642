import { randomUUID } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsSpin } from "@panalo/contracts/rgs";
import { and, eq, sql } from "drizzle-orm";
import { type RgsCode, type RgsContext, RgsError } from "./context.ts";
import { rows } from "./db.ts";
import { playFair, rgsGame, totalBet } from "./games.ts";
import { type RoundRow, rounds, type SessionRow, seeds } from "./schema.ts";
import { activeSeed, liveSession } from "./session.ts";
import { balanceOf, creditRound, debitRound, moved, rollbackRound, withLog } from "./settle.ts";

/** The platform's refusals of a bet, as the game client's codes. */
function refusalCode(platformCode: string): { code: RgsCode; status: number } {
  if (platformCode === "INSUFFICIENT_FUNDS") return { code: "INSUFFICIENT_FUNDS", status: 409 };
  if (
    platformCode === "INVALID_TOKEN" ||
    platformCode === "ACCOUNT_LOCKED" ||
    platformCode === "PLAYER_NOT_FOUND"
  )
    return { code: "SESSION_EXPIRED", status: 401 };
  return { code: "PLATFORM_UNAVAILABLE", status: 503 };
}

const money = (v: bigint | null) => (v === null ? null : formatMinor(v));

/** The answer of a round that was played (settled, or its win still being sent). */
async function answer(ctx: RgsContext, round: RoundRow): Promise<RgsSpin> {
  if (round.status === "refused") {
    const r = refusalCode(round.errorCode ?? "");
    throw new RgsError(r.code, r.status, money(round.balance));
  }
  if (round.status !== "settled" && round.status !== "credit_pending") {
    throw new RgsError("PLATFORM_UNAVAILABLE", 503, money(round.balance));
  }
  const [seed] = await ctx.db.select().from(seeds).where(eq(seeds.id, round.seedId));
  if (!seed || !round.outcome || round.win === null) throw new RgsError("INTERNAL_ERROR", 500);
  return {
    roundId: round.id,
    bet: formatMinor(round.bet),
    win: formatMinor(round.win),
    balance: formatMinor(round.balance ?? 0n),
    outcome: round.outcome,
    fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: round.nonce },
    status: round.status,
  };
}

/**
 * One paid round (issue item 4): the round is stored before any money moves (debit_pending),
 * the platform takes the bet, the outcome is drawn from the seed pair and stored with the win
 * (credit_pending), the platform pays the win (settled). A refused bet leaves a `refused`
 * round; a bet whose fate is unknown is rolled back. A repeated requestId answers the same round.
 */
export async function spin(
  ctx: RgsContext,
  input: { sessionId: string; betPerLine: string; requestId: string },
): Promise<RgsSpin> {
  const session = await liveSession(ctx, input.sessionId);
  const game = rgsGame(session.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  const betPerLine = parseMoney(input.betPerLine);
  const bet = betPerLine === null ? null : totalBet(game, betPerLine);
  if (betPerLine === null || bet === null) throw new RgsError("BET_INVALID", 400);

  const existing = async () =>
    (
      await ctx.db
        .select()
        .from(rounds)
        .where(and(eq(rounds.sessionId, session.id), eq(rounds.requestId, input.requestId)))
    )[0];

  let created: Awaited<ReturnType<typeof createRound>>;
  try {
    created = await createRound(ctx, session, game.id, input.requestId, betPerLine, bet);
  } catch (err) {
    // The same requestId again (a client retry): the unique (session, request) key kept one round.
    const again = await existing();
    if (again) return answer(ctx, again);
    throw err;
  }
  const { round } = created;

  const { r: debit, log } = await debitRound(ctx, round, session.token);
  if (debit.kind === "refused") {
    const balance = balanceOf(debit);
    await withLog(
      ctx,
      log,
      sql`UPDATE rgs.rounds SET status = 'refused', error_code = ${debit.code.slice(0, 100)},
            balance = ${balance === null ? null : balance.toString()}::bigint, updated_at = now()
          WHERE id = ${round.id}`,
    );
    const r = refusalCode(debit.code);
    throw new RgsError(r.code, r.status, money(balance));
  }
  if (debit.kind === "unknown") {
    await withLog(ctx, log, moved(ctx, round.id, "rollback_pending", null));
    const rb = await rollbackRound(ctx, { ...round, status: "rollback_pending" });
    throw new RgsError("PLATFORM_UNAVAILABLE", 503, money(balanceOf(rb)));
  }

  const { outcome, win } = playFair(game, created.serverSeed, created.clientSeed, round.nonce, betPerLine);
  // The balance stored is the last one the platform confirmed: after the bet, until the win is paid.
  const balanceAfterBet = balanceOf(debit) ?? 0n;
  const played: RoundRow = { ...round, status: "credit_pending", outcome, win, balance: balanceAfterBet };
  await withLog(
    ctx,
    log,
    moved(
      ctx,
      round.id,
      "credit_pending",
      balanceAfterBet,
      sql`, outcome = ${JSON.stringify(outcome)}::jsonb, win = ${win.toString()}::bigint`,
    ),
  );
  // Unacknowledged, the win is owed and the retry worker sends it again (status credit_pending).
  const credit = await creditRound(ctx, played);
  const paid = credit.kind === "ok";
  const balanceNow = paid ? (balanceOf(credit) ?? balanceAfterBet + win) : balanceAfterBet;
  return {
    roundId: round.id,
    bet: formatMinor(bet),
    win: formatMinor(win),
    balance: formatMinor(balanceNow),
    outcome,
    fairness: { serverSeedHash: created.serverSeedHash, clientSeed: created.clientSeed, nonce: round.nonce },
    status: paid ? "settled" : "credit_pending",
  };
}

/**
 * Take the next nonce of the player's seed pair and store the round (debit_pending) in one
 * statement: the seed row's update locks it, so concurrent spins of one player take distinct
 * nonces, and a failed insert (a repeated requestId) gives the nonce back.
 */
async function createRound(
  ctx: RgsContext,
  session: SessionRow,
  gameId: string,
  requestId: string,
  betPerLine: bigint,
  bet: bigint,
): Promise<{ round: RoundRow; serverSeed: string; clientSeed: string; serverSeedHash: string }> {
  const now = ctx.now();
  const id = randomUUID();
  // This spin holds the round; a retry worker takes it over only if the spin dies.
  const lease = new Date(now.getTime() + ctx.leaseMs);
  for (;;) {
    const [row] = await rows<{
      seed_id: string;
      nonce: number;
      server_seed: string;
      client_seed: string;
      server_seed_hash: string;
      seq: string;
    }>(
      ctx.db,
      sql`WITH s AS (
            UPDATE rgs.seeds SET nonce = nonce + 1 WHERE player_id = ${session.playerId} AND active
            RETURNING id, nonce - 1 AS nonce, server_seed, client_seed, server_seed_hash),
          r AS (
            INSERT INTO rgs.rounds (id, session_id, request_id, player_id, vendor, game_id, currency,
              bet_per_line, bet, seed_id, nonce, status, next_attempt_at, created_at, updated_at)
            SELECT ${id}, ${session.id}, ${requestId}, ${session.playerId}, ${session.vendor}, ${gameId},
              ${session.currency}, ${betPerLine.toString()}, ${bet.toString()}, s.id, s.nonce, 'debit_pending',
              ${lease.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            FROM s
            RETURNING seq)
          SELECT s.id AS seed_id, s.nonce, s.server_seed, s.client_seed, s.server_seed_hash, r.seq FROM s, r`,
    );
    if (!row) {
      // The player's first round: make the seed pair, then take its first nonce.
      await activeSeed(ctx.db, session.playerId);
      continue;
    }
    const round: RoundRow = {
      id,
      seq: Number(row.seq),
      sessionId: session.id,
      requestId,
      playerId: session.playerId,
      vendor: session.vendor,
      gameId,
      currency: session.currency,
      betPerLine,
      bet,
      win: null,
      seedId: Number(row.seed_id),
      nonce: Number(row.nonce),
      status: "debit_pending",
      outcome: null,
      balance: null,
      errorCode: null,
      attempts: 0,
      nextAttemptAt: lease,
      createdAt: now,
      updatedAt: now,
    };
    return {
      round,
      serverSeed: row.server_seed,
      clientSeed: row.client_seed,
      serverSeedHash: row.server_seed_hash,
    };
  }
}
