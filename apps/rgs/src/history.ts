import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsRoundDetail, RgsRounds, RgsVerify, RgsVerifyRequest } from "@panalo/contracts/rgs";
import { count, desc, eq } from "drizzle-orm";
import { type RgsContext, RgsError } from "./context.ts";
import { seedHash } from "./fairness.ts";
import { playFair, rgsGame, totalBet } from "./games.ts";
import { rounds, seeds } from "./schema.ts";
import { anySession } from "./session.ts";

export const PAGE_SIZE = 20;

/** Game recall (issue item 4): the player's rounds across all sessions and games, newest first. */
export async function listRounds(ctx: RgsContext, sessionId: string, page: number): Promise<RgsRounds> {
  const session = await anySession(ctx, sessionId);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(rounds)
    .where(eq(rounds.playerId, session.playerId));
  const items = await ctx.db
    .select({ round: rounds, serverSeedHash: seeds.serverSeedHash })
    .from(rounds)
    .innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(eq(rounds.playerId, session.playerId))
    .orderBy(desc(rounds.seq))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    items: items.map(({ round, serverSeedHash }) => ({
      roundId: round.id,
      gameId: round.gameId,
      bet: formatMinor(round.bet),
      win: formatMinor(round.win ?? 0n),
      createdAt: round.createdAt.toISOString(),
      nonce: round.nonce,
      serverSeedHash,
      status: round.status,
    })),
    totalPages: Math.ceil((total?.n ?? 0) / PAGE_SIZE),
  };
}

/** One of the player's rounds with its outcome to replay; its server seed once revealed. */
export async function getRound(ctx: RgsContext, sessionId: string, roundId: string): Promise<RgsRoundDetail> {
  const session = await anySession(ctx, sessionId);
  const [row] = await ctx.db
    .select({ round: rounds, seed: seeds })
    .from(rounds)
    .innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(eq(rounds.id, roundId));
  // Another player's round answers exactly like a round that does not exist.
  if (!row || row.round.playerId !== session.playerId) throw new RgsError("ROUND_NOT_FOUND", 404);
  const { round, seed } = row;
  return {
    roundId: round.id,
    gameId: round.gameId,
    bet: formatMinor(round.bet),
    win: formatMinor(round.win ?? 0n),
    createdAt: round.createdAt.toISOString(),
    nonce: round.nonce,
    serverSeedHash: seed.serverSeedHash,
    status: round.status,
    betPerLine: formatMinor(round.betPerLine),
    clientSeed: seed.clientSeed,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    outcome: round.outcome ?? null,
  };
}

/** Recompute a round from its seeds: needs no session, reads nothing stored. */
export function verifyRound(input: RgsVerifyRequest): RgsVerify {
  const game = rgsGame(input.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  const betPerLine = parseMoney(input.betPerLine);
  if (betPerLine === null || totalBet(game, betPerLine) === null) throw new RgsError("BET_INVALID", 400);
  const { outcome, win } = playFair(game, input.serverSeed, input.clientSeed, input.nonce, betPerLine);
  return { serverSeedHash: seedHash(input.serverSeed), outcome, win: formatMinor(win) };
}
