import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsGameInfo, RgsRoundOutcome } from "@panalo/contracts/rgs";
import { betUnits, playRoundDetail } from "@panalo/game-math/slots";
import { type RgsGame, rgsGame } from "./catalog.ts";
import { fairWords } from "./fairness.ts";

/**
 * The stakes per line a player may choose, as multiples of the game's minimum (spec §9 sets
 * the minimum per game; the steps above it are the usual slot bet ladder).
 */
const BET_STEPS = [1n, 2n, 5n, 10n, 20n, 50n, 100n] as const;

export function betLevels(game: RgsGame): bigint[] {
  const min = parseMoney(game.minBetPerLine) ?? 1n;
  return BET_STEPS.map((k) => min * k);
}

/** The total bet of a round at a stake per line, or null when the stake is not a level. */
export function totalBet(game: RgsGame, betPerLine: bigint): bigint | null {
  if (!betLevels(game).includes(betPerLine)) return null;
  return betPerLine * BigInt(betUnits(game.math));
}

/** What the game client needs to draw and explain the game. */
export function gameInfo(game: RgsGame, lang: "TY" | "EN"): RgsGameInfo {
  const m = game.math;
  const symbols = [...new Set(m.reels.flat())];
  return {
    id: game.id,
    name: game.name[lang],
    rows: m.rows,
    reelCount: m.reels.length,
    lines: m.lines,
    ways: m.ways === true,
    betUnits: betUnits(m),
    symbols,
    wild: m.wild,
    scatter: m.scatter,
    paytable: m.paytable,
    scatterPays: Object.fromEntries(Object.entries(m.scatterPays)),
    freeSpins: Object.fromEntries(Object.entries(m.freeSpins)),
    freeSpinMultiplier: m.freeSpinMultiplier,
    minBetPerLine: formatMinor(parseMoney(game.minBetPerLine) ?? 1n),
    betLevels: betLevels(game).map(formatMinor),
    colours: [...game.colours],
  };
}

/**
 * Play a round from its seeds: the same inputs always give the same outcome, which is how a
 * past round is replayed and verified. The win in money is exact: line-bet units × stake.
 */
export function playFair(
  game: RgsGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  betPerLine: bigint,
): { outcome: RgsRoundOutcome; win: bigint } {
  const detail = playRoundDetail(game.math, fairWords(serverSeed, clientSeed, nonce));
  const outcome: RgsRoundOutcome = {
    base: detail.base,
    freeSpins: detail.freeSpins,
    multiplier: detail.multiplier,
    winUnits: detail.winUnits,
    win: detail.win,
  };
  return { outcome, win: BigInt(detail.winUnits) * betPerLine };
}

export { rgsGame };
