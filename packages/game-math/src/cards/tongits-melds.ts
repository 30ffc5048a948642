import { type CardId, rankOf, suitOf } from "./deck.ts";

/**
 * Tongits melds: a set (three or four cards of one rank) or a run (three or more consecutive
 * cards of one suit, ace low: A-2-3 is a run, Q-K-A is not). Cards are deck ids (deck.ts).
 */
export type MeldKind = "set" | "run";

/** A card's count at the end of a game: ace 1, two to ten their number, J, Q, K 10. */
export const cardPoints = (c: CardId): number => Math.min(rankOf(c) + 1, 10);

export const handPoints = (hand: readonly CardId[]): number => hand.reduce((a, c) => a + cardPoints(c), 0);

/** The meld the cards make, or null. */
export function meldKind(cards: readonly CardId[]): MeldKind | null {
  if (cards.length < 3 || new Set(cards).size !== cards.length) return null;
  const first = cards[0] as CardId;
  if (cards.length <= 4 && cards.every((c) => rankOf(c) === rankOf(first))) return "set";
  if (!cards.every((c) => suitOf(c) === suitOf(first))) return null;
  const ranks = cards.map(rankOf).sort((a, b) => a - b);
  return ranks.every((r, i) => i === 0 || r === (ranks[i - 1] as number) + 1) ? "run" : null;
}

/** Whether `card` added to the meld keeps it a meld (a set's fourth card, a run's next end). */
export function extendsMeld(meld: readonly CardId[], card: CardId): boolean {
  return !meld.includes(card) && meldKind([...meld, card]) !== null;
}

/**
 * Every meld that can be made from the cards: each set of three or four of a rank, and each run
 * of three or more within a suit. Used to offer choices and by the random-play tests.
 */
export function meldsWithin(cards: readonly CardId[]): CardId[][] {
  const out: CardId[][] = [];
  const byRank = new Map<number, CardId[]>();
  const bySuit = new Map<number, CardId[]>();
  for (const c of cards) {
    byRank.set(rankOf(c), [...(byRank.get(rankOf(c)) ?? []), c]);
    bySuit.set(suitOf(c), [...(bySuit.get(suitOf(c)) ?? []), c]);
  }
  for (const same of byRank.values()) {
    if (same.length >= 3) out.push([...same]);
    if (same.length === 4) for (let skip = 0; skip < 4; skip++) out.push(same.filter((_, i) => i !== skip));
  }
  for (const suited of bySuit.values()) {
    const sorted = [...suited].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 2; j < sorted.length; j++) {
        const run = sorted.slice(i, j + 1);
        if (meldKind(run) === "run") out.push(run);
        else break;
      }
  }
  return out;
}
