/**
 * Hold'em money at the end of a hand: the uncalled part of the last bet, the main and side pots,
 * the rake and the split of a pot between tied winners. All amounts are integer centavos.
 */
export interface Contribution {
  /** Index of the player in seat order. */
  player: number;
  committed: number;
  folded: boolean;
}

export interface Pot {
  amount: number;
  /** Players (indices) who may win it: not folded and in for at least its level. */
  eligible: number[];
}

/**
 * The part of the largest commitment nobody matched (a bet or raise everyone folded to, or the
 * excess over a shorter all-in): it goes back to its owner and is in no pot, and not raked.
 */
export function uncalled(contributions: readonly Contribution[]): { player: number; amount: number } | null {
  let top = -1;
  let first = 0;
  let second = 0;
  for (const c of contributions) {
    if (c.committed > first) {
      second = first;
      first = c.committed;
      top = c.player;
    } else if (c.committed > second) second = c.committed;
  }
  return top >= 0 && first > second ? { player: top, amount: first - second } : null;
}

/**
 * Main pot and side pots by level: each distinct commitment of a player still in closes a pot
 * holding, from every player (folded ones too), what they put in between the previous level and
 * this one. Call after the uncalled bet is returned; chips above the top level of a player still
 * in (only possible before that) go to the last pot.
 */
export function buildPots(contributions: readonly Contribution[]): Pot[] {
  const levels = [
    ...new Set(contributions.filter((c) => !c.folded && c.committed > 0).map((c) => c.committed)),
  ].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    for (const c of contributions) amount += Math.max(0, Math.min(c.committed, level) - previous);
    const eligible = contributions.filter((c) => !c.folded && c.committed >= level).map((c) => c.player);
    pots.push({ amount, eligible });
    previous = level;
  }
  let above = 0;
  for (const c of contributions) above += Math.max(0, c.committed - previous);
  const last = pots[pots.length - 1];
  if (above > 0) {
    if (!last) throw new Error("chips in the middle but no player in the hand");
    last.amount += above;
  }
  return pots;
}

/**
 * The rake of each pot: `rakePpm` millionths of the pot, floored to the centavo, main pot first
 * until the hand's cap is reached. None when the hand ended before the flop ("no flop, no drop").
 */
export function rakePots(pots: readonly Pot[], rakePpm: number, rakeCap: number, sawFlop: boolean): number[] {
  let left = sawFlop ? rakeCap : 0;
  return pots.map((p) => {
    // BigInt: a large pot times millionths can pass 2^53.
    const rake = Math.min(left, Number((BigInt(p.amount) * BigInt(rakePpm)) / 1_000_000n));
    left -= rake;
    return rake;
  });
}

/**
 * A pot shared by tied winners: each gets the floor of an equal share, and the centavos left
 * over go one each to the winners in seat order starting left of the button.
 */
export function splitPot(
  amount: number,
  winners: readonly number[],
  players: number,
  button: number,
): Map<number, number> {
  if (winners.length === 0) throw new Error("a pot needs a winner");
  const ordered = [...winners].sort(
    (a, b) => ((a - button - 1 + players) % players) - ((b - button - 1 + players) % players),
  );
  const share = Math.floor(amount / ordered.length);
  let odd = amount - share * ordered.length;
  const out = new Map<number, number>();
  for (const w of ordered) {
    out.set(w, share + (odd > 0 ? 1 : 0));
    odd--;
  }
  return out;
}
