import type { SlotGame } from "../slots.ts";

/**
 * Tarsier Treasure: 5 reels × 3 rows, 15 lines, medium volatility. TARSIER is wild, MAPA (the
 * map) scatters and starts free spins with every win doubled (retriggerable).
 */
const R = (s: string) => s.split(" ");
export const tarsierTreasure: SlotGame = {
  id: "tarsier-treasure",
  rows: 3,
  reels: [
    R(
      "BAGING SULO BATO BAGING BATO MAPA SULO BAGING ANITO HIYAS BATO BAUL TARSIER BATO SULO ANITO BAGING HIYAS BAGING SULO BATO BATO BAGING SULO BATO ANITO BAGING HIYAS BAUL BATO BAGING SULO BATO ANITO",
    ),
    R(
      "BATO SULO BAGING ANITO BATO HIYAS BAGING SULO BATO BAUL TARSIER BAGING BATO SULO MAPA ANITO BAGING HIYAS BATO SULO BAGING BATO ANITO BAGING SULO BATO BAUL BATO BAGING ANITO SULO HIYAS BATO BAGING",
    ),
    R(
      "ANITO HIYAS BAUL BAGING SULO BATO BAGING MAPA BATO SULO BAGING BATO ANITO BAGING BAUL HIYAS BATO SULO TARSIER BATO ANITO BAGING SULO BATO BAGING HIYAS SULO BATO ANITO BAGING SULO BATO BAGING BATO",
    ),
    R(
      "BAGING MAPA BATO BAUL BAGING BATO SULO BAGING HIYAS ANITO BATO SULO BAGING BATO TARSIER SULO BAUL BATO ANITO BAGING HIYAS BATO BAGING SULO BAGING BATO ANITO BATO SULO HIYAS BAGING BATO ANITO SULO",
    ),
    R(
      "ANITO BAGING BATO SULO MAPA BAUL BAGING BATO HIYAS BATO ANITO SULO BAGING BATO BAGING TARSIER SULO ANITO BATO BAGING HIYAS BATO BAGING SULO BATO SULO BATO BAGING ANITO BAUL SULO BATO BAGING HIYAS",
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
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 0, 1],
    [1, 2, 1, 2, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
  ],
  paytable: {
    BAUL: [0, 0, 48, 178, 714],
    HIYAS: [0, 0, 30, 95, 357],
    ANITO: [0, 0, 18, 59, 178],
    SULO: [0, 0, 10, 30, 95],
    BAGING: [0, 0, 6, 18, 59],
    BATO: [0, 0, 5, 14, 48],
    TARSIER: [0, 0, 59, 238, 1190],
  },
  wild: "TARSIER",
  scatter: "MAPA",
  scatterPays: { 3: 2, 4: 10, 5: 48 },
  freeSpins: { 3: 10, 4: 12, 5: 15 },
  freeSpinMultiplier: 2,
};
