import type { WordSource } from "../uniform.ts";
import { type Card, dealFromShuffledShoe } from "./cards.ts";
import { expectation, LOSE, type Ratio, r } from "./ratio.ts";

/**
 * Dragon Tiger from an 8-deck shoe: one card each, ace low, king high. Dragon or
 * tiger pays 1:1; on a tie they lose half the stake. Tie pays 8:1; suited tie (same rank and
 * suit) pays 50:1 and loses on an unsuited tie.
 */
export const DT_DECKS = 8;
export const DT_SPOTS = ["dragon", "tiger", "tie", "suited_tie"] as const;
export type DtSpot = (typeof DT_SPOTS)[number];

export interface DtOutcome {
  dragon: Card;
  tiger: Card;
  winner: "dragon" | "tiger" | "tie";
  suited: boolean;
}

export function dtResult(dragon: Card, tiger: Card): DtOutcome {
  return {
    dragon,
    tiger,
    winner: dragon.rank > tiger.rank ? "dragon" : tiger.rank > dragon.rank ? "tiger" : "tie",
    suited: dragon.rank === tiger.rank && dragon.suit === tiger.suit,
  };
}

export function dealDragonTiger(words: WordSource): DtOutcome {
  const [d, t] = dealFromShuffledShoe(words, DT_DECKS, 2) as [Card, Card];
  return dtResult(d, t);
}

export function dtReturn(spot: DtSpot, o: Pick<DtOutcome, "winner" | "suited">): Ratio {
  switch (spot) {
    case "dragon":
    case "tiger":
      return o.winner === spot ? r(2) : o.winner === "tie" ? r(1, 2) : LOSE;
    case "tie":
      return o.winner === "tie" ? r(9) : LOSE;
    case "suited_tie":
      return o.suited ? r(51) : LOSE;
  }
}

/** Exact RTP: the second card against the first, from the 52·decks − 1 cards left. */
export function dtRtp(spot: DtSpot): Ratio {
  const left = BigInt(52 * DT_DECKS - 1);
  const sameRank = BigInt(4 * DT_DECKS - 1); // same rank, any suit (other copies)
  const suited = BigInt(DT_DECKS - 1); // same rank and suit
  const unsuitedTie = sameRank - suited;
  const other = left - sameRank; // half higher, half lower by symmetry
  return expectation([
    { weight: suited, ratio: dtReturn(spot, { winner: "tie", suited: true }) },
    { weight: unsuitedTie, ratio: dtReturn(spot, { winner: "tie", suited: false }) },
    { weight: other / 2n, ratio: dtReturn(spot, { winner: "dragon", suited: false }) },
    { weight: other / 2n, ratio: dtReturn(spot, { winner: "tiger", suited: false }) },
  ]);
}
