import type { WordSource } from "../uniform.ts";
import { type Card, dealFromShuffledShoe } from "./cards.ts";
import { expectation, LOSE, PUSH, type Ratio, r } from "./ratio.ts";

/**
 * Punto banco from an 8-deck shoe. Classic: player 1:1, banker 1:1 less 5 %
 * commission (returns 1.95), tie 8:1 with player and banker pushing, player pair and banker
 * pair 11:1 (the hand's first two cards of one rank). No-commission: banker 1:1 except a
 * banker win on a total of 6, which pays 1:2 (half).
 */
export const BACCARAT_DECKS = 8;
export type BaccaratVariant = "classic" | "no_commission";
export const BACCARAT_SPOTS = ["player", "banker", "tie", "player_pair", "banker_pair"] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

export interface BaccaratOutcome {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: "player" | "banker" | "tie";
  playerPair: boolean;
  bankerPair: boolean;
}

export const cardPoints = (rank: number): number => (rank >= 10 ? 0 : rank);
const total = (cards: number[]) => cards.reduce((a, b) => a + b, 0) % 10;

/** Whether the player draws a third card on a two-card total (0–5 draw, 6–7 stand). */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * The banker's third-card rule. `playerThird` is the point value of the player's third card,
 * or null when the player stood (then the banker draws on 0–5 like the player).
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Play one coup on point values (the order of the shoe: P1 B1 P2 B2, then the player's third
 * card, then the banker's). `next` gives the next card's point value. Returns the hands' points.
 */
export function coup(next: () => number): { player: number[]; banker: number[] } {
  const p = [next()];
  const b = [next()];
  p.push(next());
  b.push(next());
  const pt = total(p);
  const bt = total(b);
  if (pt >= 8 || bt >= 8) return { player: p, banker: b }; // a natural: both stand
  let third: number | null = null;
  if (playerDraws(pt)) {
    third = next();
    p.push(third);
  }
  if (bankerDraws(bt, third)) b.push(next());
  return { player: p, banker: b };
}

export function dealBaccarat(words: WordSource): BaccaratOutcome {
  const cards = dealFromShuffledShoe(words, BACCARAT_DECKS, 6);
  let i = 0;
  const used: Card[] = [];
  const { player, banker } = coup(() => {
    const c = cards[i++] as Card;
    used.push(c);
    return cardPoints(c.rank);
  });
  // Re-attach the cards to the hands in dealing order: P1 B1 P2 B2 [P3] [B3].
  const pc: Card[] = [used[0] as Card, used[2] as Card];
  const bc: Card[] = [used[1] as Card, used[3] as Card];
  let k = 4;
  if (player.length === 3) pc.push(used[k++] as Card);
  if (banker.length === 3) bc.push(used[k++] as Card);
  return baccaratResult(pc, bc);
}

export function baccaratResult(player: Card[], banker: Card[]): BaccaratOutcome {
  const playerTotal = total(player.map((c) => cardPoints(c.rank)));
  const bankerTotal = total(banker.map((c) => cardPoints(c.rank)));
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie",
    playerPair: player[0]?.rank === player[1]?.rank,
    bankerPair: banker[0]?.rank === banker[1]?.rank,
  };
}

/** The return per unit staked on a spot for a coup's result. */
export function baccaratReturn(
  variant: BaccaratVariant,
  spot: BaccaratSpot,
  o: Pick<BaccaratOutcome, "winner" | "bankerTotal" | "playerPair" | "bankerPair">,
): Ratio {
  switch (spot) {
    case "player":
      return o.winner === "player" ? r(2) : o.winner === "tie" ? PUSH : LOSE;
    case "banker":
      if (o.winner === "tie") return PUSH;
      if (o.winner !== "banker") return LOSE;
      if (variant === "classic") return r(39, 20);
      return o.bankerTotal === 6 ? r(3, 2) : r(2);
    case "tie":
      return o.winner === "tie" ? r(9) : LOSE;
    case "player_pair":
      return o.playerPair ? r(12) : LOSE;
    case "banker_pair":
      return o.bankerPair ? r(12) : LOSE;
  }
}

const dec = (c: number[], i: number) => {
  c[i] = (c[i] as number) - 1;
};
const inc = (c: number[], i: number) => {
  c[i] = (c[i] as number) + 1;
};

export interface BaccaratOdds {
  /** Ordered 6-card sequences from the shoe (the denominator of every count below). */
  sequences: bigint;
  player: bigint;
  tie: bigint;
  bankerOn6: bigint;
  bankerOther: bigint;
}

/**
 * Exact outcome counts for a fresh shoe: every ordered sequence of six cards by point value
 * (value 0 has 16·decks cards, 1–9 have 4·decks each), weighted by the ways to draw it; a coup
 * that ends before six cards counts every way of the unused positions.
 */
export function baccaratOdds(decks = BACCARAT_DECKS): BaccaratOdds {
  const counts = [16 * decks, ...Array.from({ length: 9 }, () => 4 * decks)];
  const n = 52 * decks;
  const acc = { player: 0, tie: 0, bankerOn6: 0, bankerOther: 0 };
  // Weights stay below 2^53 (416^6 ≈ 5.1e15), so Number sums are exact integers.
  const tail = (used: number) => {
    let w = 1;
    for (let k = used; k < 6; k++) w *= n - k;
    return w;
  };
  const c = counts.slice();
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = c[p1] as number;
    dec(c, p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * (c[b1] as number);
      if (w2 === 0) continue;
      dec(c, b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * (c[p2] as number);
        if (w3 === 0) continue;
        dec(c, p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * (c[b2] as number);
          if (w4 === 0) continue;
          dec(c, b2);
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          const add = (pf: number, bf: number, w: number) => {
            if (pf > bf) acc.player += w;
            else if (pf === bf) acc.tie += w;
            else if (bf === 6) acc.bankerOn6 += w;
            else acc.bankerOther += w;
          };
          if (pt >= 8 || bt >= 8) add(pt, bt, w4 * tail(4));
          else if (!playerDraws(pt)) {
            if (bankerDraws(bt, null)) {
              for (let b3 = 0; b3 < 10; b3++) {
                const w5 = w4 * (c[b3] as number);
                if (w5) add(pt, (bt + b3) % 10, w5 * tail(5));
              }
            } else add(pt, bt, w4 * tail(4));
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = w4 * (c[p3] as number);
              if (w5 === 0) continue;
              dec(c, p3);
              const pf = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) {
                for (let b3 = 0; b3 < 10; b3++) {
                  const w6 = w5 * (c[b3] as number);
                  if (w6) add(pf, (bt + b3) % 10, w6);
                }
              } else add(pf, bt, w5 * tail(5));
              inc(c, p3);
            }
          }
          inc(c, b2);
        }
        inc(c, p2);
      }
      inc(c, b1);
    }
    inc(c, p1);
  }
  return {
    sequences: BigInt(tail(0)),
    player: BigInt(acc.player),
    tie: BigInt(acc.tie),
    bankerOn6: BigInt(acc.bankerOn6),
    bankerOther: BigInt(acc.bankerOther),
  };
}

let cached: BaccaratOdds | null = null;
const odds = () => {
  cached ??= baccaratOdds();
  return cached;
};

/** The exact RTP of one spot (a fresh 8-deck shoe every coup). */
export function baccaratRtp(variant: BaccaratVariant, spot: BaccaratSpot): Ratio {
  if (spot === "player_pair" || spot === "banker_pair") {
    // The hand's two first cards: any card, then one of the 4·decks − 1 others of its rank.
    const n = BigInt(52 * BACCARAT_DECKS);
    const same = BigInt(4 * BACCARAT_DECKS - 1);
    return expectation([
      { weight: same, ratio: r(12) },
      { weight: n - 1n - same, ratio: LOSE },
    ]);
  }
  const o = odds();
  const at = (winner: BaccaratOutcome["winner"], bankerTotal: number) =>
    baccaratReturn(variant, spot, { winner, bankerTotal, playerPair: false, bankerPair: false });
  return expectation([
    { weight: o.player, ratio: at("player", 0) },
    { weight: o.tie, ratio: at("tie", 0) },
    { weight: o.bankerOn6, ratio: at("banker", 6) },
    { weight: o.bankerOther, ratio: at("banker", 7) },
  ]);
}
