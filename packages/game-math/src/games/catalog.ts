/**
 * What the in-house game server (apps/rgs) tells an operator about each of its slot games: the
 * vendor brand it is sold under, its names, bet limits and volatility. The maths of each game is
 * in its own file under this folder (`SLOT_GAMES` in `all.ts`); the catalog and the maths are
 * joined by `id`. The RTP is never written here: it is computed from the maths (`exactRtp`).
 */
export type SlotVendor = "PNS" | "PNG";
export type Volatility = "low" | "medium" | "high";

export interface SlotGameInfo {
  id: string;
  /** The vendor brand (vassalage) the game is listed under in the platform's catalog. */
  vendor: SlotVendor;
  name: { EN: string; TY: string };
  /** spec §9 min-bet options: the smallest stake per line, a decimal string. */
  minBetPerLine: "0.01" | "0.05" | "0.1" | "0.5" | "0.75";
  /** Paylines (or 0 for a ways game, see `ways`). */
  lines: number;
  /**
   * A ways game's ways (243 on 5 reels of 3 rows). Its total bet is `betUnits(math)` line bets
   * (slots.ts), the coins a ways bet is made of, so `minBetPerLine` is the smallest coin.
   */
  ways?: number;
  volatility: Volatility;
  /** Two colours of the theme, used by the thumbnail and the game's UI. */
  colours: readonly [string, string];
}

export const SLOT_GAME_INFO: readonly SlotGameInfo[] = [
  {
    id: "panalo-gold",
    vendor: "PNG",
    name: { EN: "Panalo Gold", TY: "Gintong Panalo" },
    minBetPerLine: "0.01",
    lines: 10,
    volatility: "medium",
    colours: ["#d68910", "#5b2c06"],
  },
  {
    id: "jeepney-rush",
    vendor: "PNS",
    name: { EN: "Jeepney Rush", TY: "Biyaheng Jeepney" },
    minBetPerLine: "0.05",
    lines: 20,
    volatility: "high",
    colours: ["#c0392b", "#f4d03f"],
  },
  {
    id: "mango-mania",
    vendor: "PNS",
    name: { EN: "Mango Mania", TY: "Mangga Mania" },
    minBetPerLine: "0.01",
    lines: 9,
    volatility: "low",
    colours: ["#f39c12", "#27ae60"],
  },
  {
    id: "sampaguita-fortune",
    vendor: "PNG",
    name: { EN: "Sampaguita Fortune", TY: "Suwerte ng Sampaguita" },
    minBetPerLine: "0.1",
    lines: 0,
    ways: 243,
    volatility: "medium",
    colours: ["#fdfefe", "#117864"],
  },
  {
    id: "perlas-ng-silangan",
    vendor: "PNG",
    name: { EN: "Pearl of the Orient", TY: "Perlas ng Silangan" },
    minBetPerLine: "0.5",
    lines: 5,
    volatility: "high",
    colours: ["#5dade2", "#1b2631"],
  },
  {
    id: "tarsier-treasure",
    vendor: "PNS",
    name: { EN: "Tarsier Treasure", TY: "Kayamanan ng Tarsier" },
    minBetPerLine: "0.75",
    lines: 15,
    volatility: "medium",
    colours: ["#6e2c00", "#abebc6"],
  },
];
