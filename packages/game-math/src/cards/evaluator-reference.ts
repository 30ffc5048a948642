import type { CardId } from "./deck.ts";
import { type HandValue, pokerRank } from "./evaluator.ts";

/**
 * The slow, obvious evaluator the fast one is tested against: every five-card subset, each
 * judged by counting ranks and suits, the best kept. Same value layout as `evaluateHand`.
 */
export function referenceValue(cards: readonly CardId[]): HandValue {
  let best = -1;
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const five = [a, b, c, d, e].map((i) => cards[i] as CardId);
            best = Math.max(best, fiveCardValue(five));
          }
  return best;
}

const pack = (category: number, ranks: number[]): HandValue =>
  ranks.reduce((v, r, i) => v | (r << (16 - 4 * i)), category << 20);

export function fiveCardValue(five: readonly CardId[]): HandValue {
  const ranks = five.map(pokerRank).sort((x, y) => y - x);
  const flush = five.every((c) => Math.floor(c / 13) === Math.floor((five[0] as CardId) / 13));
  const distinct = [...new Set(ranks)];
  let straightTop = -1;
  if (distinct.length === 5) {
    if ((ranks[0] as number) - (ranks[4] as number) === 4) straightTop = ranks[0] as number;
    else if (ranks.join(",") === "12,3,2,1,0") straightTop = 3; // the wheel: five high
  }
  // Ranks grouped by how often they occur, bigger groups first, then higher rank first.
  const groups = distinct
    .map((r) => ({ r, n: ranks.filter((x) => x === r).length }))
    .sort((x, y) => y.n - x.n || y.r - x.r);
  const shape = groups.map((g) => g.n).join("");
  const order = groups.map((g) => g.r);
  if (straightTop >= 0 && flush) return pack(8, [straightTop]);
  if (shape === "41") return pack(7, order);
  if (shape === "32") return pack(6, order);
  if (flush) return pack(5, ranks);
  if (straightTop >= 0) return pack(4, [straightTop]);
  if (shape === "311") return pack(3, order);
  if (shape === "221") return pack(2, order);
  if (shape === "2111") return pack(1, order);
  return pack(0, ranks);
}
