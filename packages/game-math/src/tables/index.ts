import type { WordSource } from "../uniform.ts";
import {
  BACCARAT_SPOTS,
  type BaccaratOutcome,
  type BaccaratSpot,
  baccaratReturn,
  baccaratRtp,
  dealBaccarat,
} from "./baccarat.ts";
import { DT_SPOTS, type DtOutcome, type DtSpot, dealDragonTiger, dtReturn, dtRtp } from "./dragon-tiger.ts";
import { type Ratio, ratioValue } from "./ratio.ts";
import {
  ROULETTE_SPOTS,
  type RouletteOutcome,
  rouletteReturn,
  rouletteRtp,
  spinRoulette,
} from "./roulette.ts";
import { rollSicbo, SICBO_SPOTS, type SicboOutcome, sicboReturn, sicboRtp } from "./sicbo.ts";

/**
 * The table games of the shared-round engine behind one interface: the RGS deals a
 * round's outcome from its committed seed, settles each bet by `returnOf`, and shows `rtp`.
 */
export type TableGameKind = "baccarat" | "baccarat_nc" | "roulette" | "dragon_tiger" | "sicbo";
export const TABLE_GAME_KINDS: readonly TableGameKind[] = [
  "baccarat",
  "baccarat_nc",
  "roulette",
  "dragon_tiger",
  "sicbo",
];
export type TableOutcome = BaccaratOutcome | RouletteOutcome | DtOutcome | SicboOutcome;

export interface TableMath {
  kind: TableGameKind;
  spots: readonly string[];
  isSpot(spot: string): boolean;
  deal(words: WordSource): TableOutcome;
  /** Return per unit staked (stake included) of a spot for an outcome. */
  returnOf(spot: string, outcome: TableOutcome): Ratio;
  rtp(spot: string): Ratio;
}

const baccarat = (variant: "classic" | "no_commission", kind: TableGameKind): TableMath => {
  const set = new Set<string>(BACCARAT_SPOTS);
  return {
    kind,
    spots: BACCARAT_SPOTS,
    isSpot: (s) => set.has(s),
    deal: dealBaccarat,
    returnOf: (s, o) => baccaratReturn(variant, s as BaccaratSpot, o as BaccaratOutcome),
    rtp: (s) => baccaratRtp(variant, s as BaccaratSpot),
  };
};

const dtSet = new Set<string>(DT_SPOTS);
const sicboSet = new Set<string>(SICBO_SPOTS);

export const TABLE_MATH: Record<TableGameKind, TableMath> = {
  baccarat: baccarat("classic", "baccarat"),
  baccarat_nc: baccarat("no_commission", "baccarat_nc"),
  roulette: {
    kind: "roulette",
    spots: [...ROULETTE_SPOTS.keys()],
    isSpot: (s) => ROULETTE_SPOTS.has(s),
    deal: spinRoulette,
    returnOf: (s, o) => rouletteReturn(s, o as RouletteOutcome),
    rtp: rouletteRtp,
  },
  dragon_tiger: {
    kind: "dragon_tiger",
    spots: DT_SPOTS,
    isSpot: (s) => dtSet.has(s),
    deal: dealDragonTiger,
    returnOf: (s, o) => dtReturn(s as DtSpot, o as DtOutcome),
    rtp: (s) => dtRtp(s as DtSpot),
  },
  sicbo: {
    kind: "sicbo",
    spots: SICBO_SPOTS,
    isSpot: (s) => sicboSet.has(s),
    deal: rollSicbo,
    returnOf: (s, o) => sicboReturn(s, o as SicboOutcome),
    rtp: sicboRtp,
  },
};

export interface SpotSimulation {
  spot: string;
  rounds: number;
  /** Mean return per unit staked. */
  rtp: number;
  /** Standard deviation of one round's return (for the tolerance of the estimate). */
  sd: number;
  exact: number;
}

/** Play `rounds` rounds with one unit on every spot (the spots given, or all). */
export function simulateTable(
  math: TableMath,
  rounds: number,
  words: WordSource,
  spots: readonly string[] = math.spots,
): SpotSimulation[] {
  const sum = new Float64Array(spots.length);
  const sq = new Float64Array(spots.length);
  for (let i = 0; i < rounds; i++) {
    const o = math.deal(words);
    for (let s = 0; s < spots.length; s++) {
      const x = math.returnOf(spots[s] as string, o);
      const v = Number(x.num) / Number(x.den);
      sum[s] = (sum[s] as number) + v;
      sq[s] = (sq[s] as number) + v * v;
    }
  }
  return spots.map((spot, s) => {
    const mean = (sum[s] as number) / rounds;
    return {
      spot,
      rounds,
      rtp: mean,
      sd: Math.sqrt(Math.max(0, (sq[s] as number) / rounds - mean * mean)),
      exact: ratioValue(math.rtp(spot)),
    };
  });
}
