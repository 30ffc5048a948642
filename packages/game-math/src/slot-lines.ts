import type { SlotGame } from "./slots.ts";

// The pay of one line and the size of a bet, on their own so the exact RTP (slot-rtp.ts) can use
// them without importing the engine that imports it.

/** Line bets that make one total bet: the number of lines, or a ways game's coins. */
export function betUnits(game: SlotGame): number {
  return game.ways ? (game.waysBetUnits ?? 1) : game.lines.length;
}

/**
 * The left-to-right win of one line: the first symbol that is not a wild, substituted by the
 * wilds around it, or the leading wilds paid as wilds, whichever pays more (the symbol on a tie).
 */
export function evaluateLine(
  game: SlotGame,
  symbols: string[],
): { symbol: string; count: number; pay: number } | null {
  let wildRun = 0;
  while (wildRun < symbols.length && game.wild !== null && symbols[wildRun] === game.wild) wildRun++;
  let best: { symbol: string; count: number; pay: number } | null = null;
  const target = symbols[wildRun];
  if (target !== undefined && target !== game.scatter) {
    let count = wildRun + 1;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === game.wild)) count++;
    const pay = game.paytable[target]?.[count - 1] ?? 0;
    if (pay > 0) best = { symbol: target, count, pay };
  }
  if (game.wild !== null && wildRun > 0) {
    const pay = game.paytable[game.wild]?.[wildRun - 1] ?? 0;
    if (pay > (best?.pay ?? 0)) best = { symbol: game.wild, count: wildRun, pay };
  }
  return best;
}
