import { uniformInt, type WordSource } from "../uniform.ts";

/**
 * A shoe of `decks` 52-card decks. Card index c in [0, 52·decks): rank 1 (ace) … 13 (king) is
 * c % 13 + 1, suit (0 ♠, 1 ♥, 2 ♦, 3 ♣) is ⌊(c % 52) / 13⌋.
 */
export interface Card {
  rank: number;
  suit: number;
}

export const cardOf = (c: number): Card => ({ rank: (c % 13) + 1, suit: Math.floor((c % 52) / 13) });

/**
 * The first `count` cards of the shoe shuffled by Fisher–Yates from the word source: position i
 * swaps with i + uniform(n − i). These are exactly the first cards of a full shuffle, so a round
 * deals from a freshly shuffled shoe without shuffling cards nobody sees.
 */
export function dealFromShuffledShoe(words: WordSource, decks: number, count: number): Card[] {
  const n = 52 * decks;
  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i;
  const out: Card[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + uniformInt(words, n - i);
    const ci = at(i);
    const cj = at(j);
    swapped.set(i, cj);
    swapped.set(j, ci);
    out.push(cardOf(cj));
  }
  return out;
}

export const SUITS = ["S", "H", "D", "C"] as const;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const cardLabel = (c: Card): string => `${RANKS[c.rank - 1]}${SUITS[c.suit]}`;
