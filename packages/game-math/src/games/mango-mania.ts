import type { SlotGame } from "../slots.ts";

/**
 * Mango Mania: 5 reels × 3 rows, 9 lines, low volatility. ARAW (the sun) is wild, BILAO (the
 * basket) scatters; MANGO pays from two of a kind. Frequent small wins.
 */
const R = (s: string) => s.split(" ");
export const mangoMania: SlotGame = {
  id: "mango-mania",
  rows: 3,
  reels: [
    R(
      "CHICO PINYA BUKO ATIS SAGING MANGO BUKO CHICO ATIS BILAO SAGING PINYA CHICO ATIS BUKO ARAW SAGING MANGO CHICO PINYA BUKO ATIS CHICO ATIS PINYA SAGING BUKO MANGO ATIS BUKO CHICO SAGING",
    ),
    R(
      "ATIS CHICO MANGO SAGING PINYA BUKO BUKO ATIS CHICO PINYA SAGING CHICO ATIS BUKO MANGO SAGING BILAO PINYA ARAW CHICO ATIS BUKO CHICO SAGING ATIS PINYA MANGO BUKO SAGING BUKO ATIS CHICO",
    ),
    R(
      "PINYA SAGING MANGO CHICO ATIS BUKO PINYA BUKO CHICO ARAW ATIS SAGING BUKO MANGO ATIS PINYA CHICO SAGING BUKO CHICO ATIS SAGING BUKO BILAO ATIS PINYA CHICO MANGO ATIS BUKO SAGING CHICO",
    ),
    R(
      "MANGO SAGING PINYA BUKO CHICO ATIS CHICO BUKO ATIS MANGO PINYA SAGING CHICO ATIS BUKO CHICO ATIS SAGING BUKO MANGO PINYA ATIS BILAO CHICO BUKO SAGING PINYA CHICO ARAW ATIS SAGING BUKO",
    ),
    R(
      "MANGO PINYA ATIS BUKO CHICO SAGING ATIS MANGO BUKO ATIS CHICO PINYA SAGING BILAO CHICO BUKO PINYA SAGING ATIS CHICO MANGO BUKO ATIS SAGING BUKO CHICO ATIS PINYA SAGING BUKO CHICO ARAW",
    ),
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
  ],
  paytable: {
    MANGO: [0, 9, 34, 69, 138],
    PINYA: [0, 0, 26, 52, 103],
    SAGING: [0, 0, 17, 34, 69],
    BUKO: [0, 0, 13, 26, 52],
    CHICO: [0, 0, 10, 22, 43],
    ATIS: [0, 0, 9, 17, 34],
    ARAW: [0, 0, 43, 86, 172],
  },
  wild: "ARAW",
  scatter: "BILAO",
  scatterPays: { 3: 4, 4: 9, 5: 17 },
  freeSpins: { 3: 6, 4: 8, 5: 10 },
  freeSpinMultiplier: 1,
};
