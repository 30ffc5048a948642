import type { SlotGame } from "../slots.ts";
import { paylines } from "./paylines.ts";

/**
 * Panalo Gold: 5 reels × 3 rows, 10 lines, wild W, scatter S (3+ anywhere: 5–10 free spins,
 * retriggerable). Medium-low volatility; RTP 95.48%.
 */
const R = (s: string) => s.split(" ");
export const panaloGold: SlotGame = {
  id: "panalo-gold",
  rows: 3,
  reels: [
    R("7 A K Q J T B S A K Q J T W A K Q J T B A K Q J T 7 K Q J T"),
    R("A K Q J T 7 K Q S J T A K B Q J T A W K Q J T A K Q J T B"),
    R("K Q J T A 7 Q J T A K S Q J T A K B Q W J T A K Q J T 7 A"),
    R("Q J T A K B J T A K Q S J T A K Q 7 J T W A K Q J T A K Q"),
    R("J T A K Q 7 T A K Q J S T A K Q B J T A K W Q J T A K Q J"),
  ],
  lines: paylines(10),
  paytable: {
    W: [0, 0, 102, 306, 816],
    "7": [0, 0, 61, 204, 510],
    B: [0, 0, 41, 122, 306],
    A: [0, 0, 18, 61, 153],
    K: [0, 0, 15, 51, 122],
    Q: [0, 0, 12, 41, 102],
    J: [0, 0, 10, 31, 82],
    T: [0, 0, 8, 26, 61],
  },
  wild: "W",
  scatter: "S",
  scatterPays: { 3: 3, 4: 10, 5: 40 },
  freeSpins: { 3: 5, 4: 8, 5: 10 },
  freeSpinMultiplier: 1,
};
