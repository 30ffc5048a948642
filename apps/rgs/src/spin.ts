import { randomUUID } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsSpin } from "@panalo/contracts/rgs";
import { and, eq, sql } from "drizzle-orm";
import { type RgsCode, type RgsContext, RgsError } from "./context.ts";
import { rows } from "./db.ts";
import { type GrantRow, grantRefusal } from "./free-spins.ts";
import { playFair, rgsGame, totalBet } from "./games.ts";
import { type RoundRow, rounds, type SessionRow, seeds } from "./schema.ts";
import { activeSeed, liveSession } from "./session.ts";
import { balanceOf, creditRound, debitRound, endUnplayed, moved, rollbackRound, withLog } from "./settle.ts";

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
 * One paid round: the round is stored before any money moves (debit_pending),
 * the platform takes the bet, the outcome is drawn from the seed pair and stored with the win
 * (credit_pending), the platform pays the win (settled). A refused bet leaves a `refused`
 * round; a bet whose fate is unknown is rolled back. A repeated requestId answers the same round.
 */
export async function spin(
  ctx: RgsContext,
  input: { sessionId: string; betPerLine: string; requestId: string; grantId?: string | undefined },
): Promise<RgsSpin> {
  const session = await liveSession(ctx, input.sessionId);
  const game = rgsGame(session.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  // A free spin plays the grant's bet per line (the one asked is ignored) and debits 0.00.
  let grant: GrantRow | null = null;
  if (input.grantId !== undefined) {
    const [g] = await rows<GrantRow>(
      ctx.db,
      sql`SELECT * FROM rgs.free_spin_grants WHERE id = ${input.grantId}`,
    );
    if (
      !g ||
      Number(g.player_id) !== session.playerId ||
      g.game_id !== game.id ||
      g.currency !== session.currency
    )
      throw new RgsError("FREE_SPINS_NOT_FOUND", 404);
    grant = g;
    await activeSeed(ctx.db, session.playerId); // the statement below needs the seed pair
  }
  const betPerLine = grant ? BigInt(grant.bet_per_line) : parseMoney(input.betPerLine);
  const bet = betPerLine === null ? null : grant ? 0n : totalBet(game, betPerLine);
  if (betPerLine === null || bet === null) throw new RgsError("BET_INVALID", 400);

  const existing = async () =>
    (
      await ctx.db
        .select()
        .from(rounds)
        .where(and(eq(rounds.sessionId, session.id), eq(rounds.requestId, input.requestId)))
    )[0];

  let created: Awaited<ReturnType<typeof createRound>> | null;
  try {
    created = await createRound(ctx, session, game.id, input.requestId, betPerLine, bet, grant?.id ?? null);
  } catch (err) {
    // The same requestId again (a client retry): the unique (session, request) key kept one round.
    const again = await existing();
    if (again) return answer(ctx, again);
    throw err;
  }
  if (!created) {
    // The grant gave no spin: a retry of a spin already played answers that round, else say why.
    const again = await existing();
    if (again) return answer(ctx, again);
    throw await grantRefusal(ctx, grant?.id ?? "");
  }
  const { round } = created;

  // A free spin not played gets its spin back with the round's end (settle.ts endUnplayed):
  // here when the bet is refused, or when its rollback is acknowledged (by this spin or, if
  // this process dies first, by the retry worker).
  const { r: debit, log } = await debitRound(ctx, round, session.token);
  if (debit.kind === "refused") {
    const balance = balanceOf(debit);
    await endUnplayed(ctx, log, round.id, "refused", ["debit_pending"], balance, debit.code.slice(0, 100));
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
    ...(grant ? { freeSpin: { grantId: grant.id, left: created.grantLeft ?? 0 } } : {}),
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
  grantId: string | null,
): Promise<{
  round: RoundRow;
  serverSeed: string;
  clientSeed: string;
  serverSeedHash: string;
  grantLeft: number | null;
} | null> {
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
      grant_left: number | null;
    }>(
      ctx.db,
      // A free spin: the grant's row lock queues the spins of one grant; a spin is taken only while
      // one is left and the grant has not expired, in this statement — a failed insert (a retried
      // requestId) gives the spin back with the nonce.
      sql`WITH g AS (
            UPDATE rgs.free_spin_grants SET used = used + 1
            WHERE ${grantId}::text IS NOT NULL AND id = ${grantId} AND used < spins
              AND expires_at > ${now.toISOString()}::timestamptz
              AND EXISTS (SELECT 1 FROM rgs.seeds WHERE player_id = ${session.playerId} AND active)
            RETURNING spins - used AS left_after),
          s AS (
            UPDATE rgs.seeds SET nonce = nonce + 1 WHERE player_id = ${session.playerId} AND active
              AND (${grantId}::text IS NULL OR EXISTS (SELECT 1 FROM g))
            RETURNING id, nonce - 1 AS nonce, server_seed, client_seed, server_seed_hash),
          r AS (
            INSERT INTO rgs.rounds (id, session_id, request_id, player_id, vendor, game_id, currency,
              bet_per_line, bet, seed_id, nonce, status, next_attempt_at, created_at, updated_at, grant_id)
            SELECT ${id}, ${session.id}, ${requestId}, ${session.playerId}, ${session.vendor}, ${gameId},
              ${session.currency}, ${betPerLine.toString()}, ${bet.toString()}, s.id, s.nonce, 'debit_pending',
              ${lease.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
              ${grantId}
            FROM s
            RETURNING seq)
          SELECT s.id AS seed_id, s.nonce, s.server_seed, s.client_seed, s.server_seed_hash, r.seq,
            (SELECT left_after FROM g) AS grant_left
          FROM s, r`,
    );
    if (!row) {
      if (grantId !== null) {
        // No spin left (or expired), or the player's first round (no seed pair yet): which one?
        const [seed] = await rows<{ id: string }>(
          ctx.db,
          sql`SELECT id FROM rgs.seeds WHERE player_id = ${session.playerId} AND active`,
        );
        if (seed) return null;
      }
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
      grantId,
    };
    return {
      round,
      serverSeed: row.server_seed,
      clientSeed: row.client_seed,
      serverSeedHash: row.server_seed_hash,
      grantLeft: row.grant_left === null ? null : Number(row.grant_left),
    };
  }
}
