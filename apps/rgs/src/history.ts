import { createHmac, timingSafeEqual } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type {
  RgsReplay,
  RgsReplayQuery,
  RgsRoundDetail,
  RgsRounds,
  RgsVerify,
  RgsVerifyRequest,
} from "@panalo/contracts/rgs";
import { count, desc, eq } from "drizzle-orm";
import { type RgsContext, RgsError } from "./context.ts";
import { jackpotDraw, seedHash } from "./fairness.ts";
import { gameInfo, playFair, rgsGame, totalBet } from "./games.ts";
import { type RoundRow, rounds, seeds } from "./schema.ts";
import { anySession } from "./session.ts";

export const PAGE_SIZE = 20;

/** Game recall: the player's rounds across all sessions and games, newest first. */
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
  return roundDetail(row.round, row.seed);
}

function roundDetail(round: RoundRow, seed: typeof seeds.$inferSelect): RgsRoundDetail {
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

/** The longest a replay link may still have to live: a link expiring later was not made by us. */
const REPLAY_MAX_TTL_S = 3600;

/**
 * The signature the platform puts on a replay link (docs/provider-protocol.md "Game recall"):
 * hex HMAC-SHA256(vendor secret, "replay.<vendor>.<roundId>.<playerId>.<expiry unix seconds>").
 */
export function replaySignature(
  secret: string,
  vendor: string,
  roundId: string,
  playerId: number,
  expires: number,
): string {
  return createHmac("sha256", secret)
    .update(`replay.${vendor}.${roundId}.${playerId}.${expires}`)
    .digest("hex");
}

/**
 * Game recall from the platform's betting record: the player is in no game session, so the
 * platform signs a short-lived link for one round of one player with the vendor's protocol
 * secret. The link opens that round only, read-only; a tampered, expired or foreign link
 * answers REPLAY_LINK_INVALID, a round that is not this player's ROUND_NOT_FOUND.
 */
export async function replayRound(
  ctx: RgsContext,
  secretOf: (vendor: string) => string,
  roundId: string,
  q: RgsReplayQuery,
  lang: "TY" | "EN",
): Promise<RgsReplay> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expected = Buffer.from(
    replaySignature(secretOf(q.vendor), q.vendor, roundId, q.player, q.exp),
    "hex",
  );
  const given = Buffer.from(q.sig, "hex");
  if (
    q.exp < now ||
    q.exp > now + REPLAY_MAX_TTL_S ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  ) {
    throw new RgsError("REPLAY_LINK_INVALID", 401);
  }
  const [row] = await ctx.db
    .select({ round: rounds, seed: seeds })
    .from(rounds)
    .innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(eq(rounds.id, roundId));
  if (!row || row.round.playerId !== q.player || row.round.vendor !== q.vendor) {
    throw new RgsError("ROUND_NOT_FOUND", 404);
  }
  const game = rgsGame(row.round.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  return {
    round: roundDetail(row.round, row.seed),
    game: gameInfo(game, lang),
    currency: row.round.currency,
  };
}

/** Recompute a round from its seeds: needs no session, reads nothing stored. */
export function verifyRound(input: RgsVerifyRequest, lang: "TY" | "EN" = "TY"): RgsVerify {
  const game = rgsGame(input.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  const betPerLine = parseMoney(input.betPerLine);
  if (betPerLine === null || totalBet(game, betPerLine) === null) throw new RgsError("BET_INVALID", 400);
  const { outcome, win } = playFair(game, input.serverSeed, input.clientSeed, input.nonce, betPerLine);
  return {
    game: gameInfo(game, lang),
    serverSeedHash: seedHash(input.serverSeed),
    outcome,
    win: formatMinor(win),
    // The same seeds decide the spin's jackpot draw (its own HMAC message): shown so a jackpot
    // win's stored draw can be checked against the revealed seed.
    jackpotDraw: jackpotDraw(input.serverSeed, input.clientSeed, input.nonce),
  };
}
