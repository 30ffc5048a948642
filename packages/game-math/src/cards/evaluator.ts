import type { CardId } from "./deck.ts";

/**
 * Poker hand values: the best five of five to seven cards as one integer, higher is better and
 * equal is a tie. Layout: category in bits 20–23 (0 high card, 1 pair, 2 two pair, 3 three of a
 * kind, 4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight flush), then up to five
 * ranks that decide within the category, most significant first, four bits each (bits 16–19
 * down to 0–3), rank 0 = deuce … 12 = ace. A straight carries only its top card (3 for the
 * wheel A-2-3-4-5).
 *
 * How it is fast: a hand becomes four 13-bit rank masks, one per suit (two table reads and an OR
 * per card). Five of a suit is a flush, decided by a table over the suit's mask (which also
 * holds the straight flush); with at most seven cards a flush excludes quads and a full house,
 * so nothing else needs looking at. Otherwise, the ranks held by two, three and four suits are
 * ANDs and ORs of the masks, and three small tables (straights, the top five ranks of a mask,
 * popcounts; 8,192 entries each, built once at load) finish the value with no loop over ranks.
 */
export type HandValue = number;

export const CATEGORIES = [
  "high_card",
  "pair",
  "two_pair",
  "three_of_a_kind",
  "straight",
  "flush",
  "full_house",
  "four_of_a_kind",
  "straight_flush",
] as const;
export type HandCategory = (typeof CATEGORIES)[number];

export const categoryOf = (v: HandValue): HandCategory => CATEGORIES[v >>> 20] ?? "high_card";

/** Poker rank 0 (deuce) … 12 (ace) of a card (card rank 0 is the ace). */
export const pokerRank = (c: CardId): number => ((c % 13) + 12) % 13;

const MASKS = 1 << 13;
const WHEEL = 0b1_0000_0000_1111; // A, 5, 4, 3, 2
/** Top rank of the highest straight in a mask, plus one (0: none). */
const STRAIGHT = new Uint8Array(MASKS);
/** The mask's five highest ranks packed as in a value (first in bits 16–19; absent ranks 0). */
const TOP5 = new Uint32Array(MASKS);
const POPCOUNT = new Uint8Array(MASKS);
/** A flush suit's mask (≥ 5 ranks) → its value (straight flush or flush). */
const FLUSH = new Uint32Array(MASKS);
/** Per card, its rank bit placed in the low word (♠ bits 0–12, ♥ 16–28) or high word (♦, ♣). */
const LO = new Int32Array(52);
const HI = new Int32Array(52);

for (let m = 0; m < MASKS; m++) {
  let top = 0;
  let count = 0;
  let packed = 0;
  for (let r = 12; r >= 0; r--) {
    if (m & (1 << r)) {
      count++;
      if (count <= 5) packed |= r << (4 * (5 - count));
    }
  }
  for (let t = 12; t >= 4 && top === 0; t--) {
    const run = 0b11111 << (t - 4);
    if ((m & run) === run) top = t + 1;
  }
  if (top === 0 && (m & WHEEL) === WHEEL) top = 3 + 1;
  STRAIGHT[m] = top;
  TOP5[m] = packed;
  POPCOUNT[m] = count;
  if (count >= 5) FLUSH[m] = top ? (8 << 20) | ((top - 1) << 16) : (5 << 20) | packed;
}
for (let c = 0; c < 52; c++) {
  const suit = Math.floor(c / 13);
  const bit = 1 << pokerRank(c);
  LO[c] = suit === 0 ? bit : suit === 1 ? bit << 16 : 0;
  HI[c] = suit === 2 ? bit : suit === 3 ? bit << 16 : 0;
}

/** The value of the suit masks of up to seven cards. */
function valueOfMasks(lo: number, hi: number): HandValue {
  const s0 = lo & 0x1fff;
  const s1 = lo >>> 16;
  const s2 = hi & 0x1fff;
  const s3 = hi >>> 16;
  if ((POPCOUNT[s0] as number) >= 5) return FLUSH[s0] as number;
  if ((POPCOUNT[s1] as number) >= 5) return FLUSH[s1] as number;
  if ((POPCOUNT[s2] as number) >= 5) return FLUSH[s2] as number;
  if ((POPCOUNT[s3] as number) >= 5) return FLUSH[s3] as number;
  const o01 = s0 | s1;
  const o23 = s2 | s3;
  const a01 = s0 & s1;
  const a23 = s2 & s3;
  const all = o01 | o23;
  const quads = a01 & a23;
  if (quads) {
    const q = (TOP5[quads] as number) >>> 16;
    return (7 << 20) | (q << 16) | (((TOP5[all & ~quads] as number) >>> 16) << 12);
  }
  const three = (a01 & o23) | (a23 & o01);
  const two = a01 | a23 | (o01 & o23);
  let tripBit = 0;
  let trip = 0;
  if (three) {
    trip = (TOP5[three] as number) >>> 16;
    tripBit = 1 << trip;
    const pairs = two & ~tripBit;
    if (pairs) return (6 << 20) | (trip << 16) | (((TOP5[pairs] as number) >>> 16) << 12);
  }
  const straight = STRAIGHT[all] as number;
  if (straight) return (4 << 20) | ((straight - 1) << 16);
  if (three) return (3 << 20) | (trip << 16) | (((TOP5[all & ~tripBit] as number) >>> 4) & 0xff00);
  if (two) {
    const p = TOP5[two] as number;
    if (two & (two - 1)) {
      const used = (1 << (p >>> 16)) | (1 << ((p >>> 12) & 15));
      return (2 << 20) | (p & 0xff000) | (((TOP5[all & ~used] as number) >>> 16) << 8);
    }
    return (1 << 20) | p | (((TOP5[all & ~two] as number) >>> 4) & 0xfff0);
  }
  return TOP5[all] as number;
}

/** The value of exactly seven cards (the hot path: no array, no allocation). */
export function evaluate7(
  c0: CardId,
  c1: CardId,
  c2: CardId,
  c3: CardId,
  c4: CardId,
  c5: CardId,
  c6: CardId,
): HandValue {
  const lo =
    (LO[c0] as number) |
    (LO[c1] as number) |
    (LO[c2] as number) |
    (LO[c3] as number) |
    (LO[c4] as number) |
    (LO[c5] as number) |
    (LO[c6] as number);
  const hi =
    (HI[c0] as number) |
    (HI[c1] as number) |
    (HI[c2] as number) |
    (HI[c3] as number) |
    (HI[c4] as number) |
    (HI[c5] as number) |
    (HI[c6] as number);
  return valueOfMasks(lo, hi);
}

/** The value of the best five of five, six or seven distinct cards. */
export function evaluateHand(cards: readonly CardId[]): HandValue {
  if (cards.length < 5 || cards.length > 7) throw new RangeError(`need 5 to 7 cards, got ${cards.length}`);
  let lo = 0;
  let hi = 0;
  let seen = 0;
  let seenHi = 0;
  for (const c of cards) {
    if (!Number.isInteger(c) || c < 0 || c >= 52) throw new RangeError(`not a card: ${c}`);
    const l = LO[c] as number;
    const h = HI[c] as number;
    if (seen & l || seenHi & h) throw new RangeError(`card ${c} given twice`);
    seen |= l;
    seenHi |= h;
    lo |= l;
    hi |= h;
  }
  return valueOfMasks(lo, hi);
}

const RANK_CHARS = "23456789TJQKA";

/** "full_house K over 9", "straight to 5": for logs and tests. */
export function describeValue(v: HandValue): string {
  const ranks = [16, 12, 8, 4, 0].map((s) => RANK_CHARS[(v >>> s) & 15]).join("");
  return `${categoryOf(v)} ${ranks}`;
}
