import { uniformInt, type WordSource } from "../uniform.ts";
import { expectation, LOSE, type Ratio, r } from "./ratio.ts";

/**
 * Sic bo, three dice. Spots: "small" (4–10) and "big" (11–17), "odd", "even" — all
 * 1:1 and lost on any triple; "total:N" for 4–17 (60, 30, 17, 12, 8, 6, 6 to 1 from the edges
 * in); "any_triple" 30:1; "triple:N" 180:1; "double:N" 10:1; "combo:A-B" (two different faces)
 * 5:1; "single:N" 1:1, 2:1 or 3:1 for one, two or three dice showing N.
 */
export interface SicboOutcome {
  dice: [number, number, number];
}

export const TOTAL_PAYS: Record<number, number> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

function buildSpots(): string[] {
  const s = ["small", "big", "odd", "even", "any_triple"];
  for (let t = 4; t <= 17; t++) s.push(`total:${t}`);
  for (let f = 1; f <= 6; f++) s.push(`triple:${f}`, `double:${f}`, `single:${f}`);
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) s.push(`combo:${a}-${b}`);
  return s;
}
export const SICBO_SPOTS: readonly string[] = buildSpots();
const SPOT_SET = new Set(SICBO_SPOTS);
export const isSicboSpot = (spot: string): boolean => SPOT_SET.has(spot);

export function sicboReturn(spot: string, o: SicboOutcome): Ratio {
  if (!SPOT_SET.has(spot)) throw new RangeError(`no sic bo spot ${spot}`);
  const [a, b, c] = o.dice;
  const sum = a + b + c;
  const triple = a === b && b === c;
  const count = (f: number) => o.dice.filter((d) => d === f).length;
  const [kind, arg = ""] = spot.split(":");
  switch (kind) {
    case "small":
      return !triple && sum <= 10 ? r(2) : LOSE;
    case "big":
      return !triple && sum >= 11 ? r(2) : LOSE;
    case "odd":
      return !triple && sum % 2 === 1 ? r(2) : LOSE;
    case "even":
      return !triple && sum % 2 === 0 ? r(2) : LOSE;
    case "any_triple":
      return triple ? r(31) : LOSE;
    case "total":
      return sum === Number(arg) ? r((TOTAL_PAYS[sum] ?? 0) + 1) : LOSE;
    case "triple":
      return triple && a === Number(arg) ? r(181) : LOSE;
    case "double":
      return count(Number(arg)) >= 2 ? r(11) : LOSE;
    case "single": {
      const k = count(Number(arg));
      return k === 0 ? LOSE : r(k + 1);
    }
    default: {
      const [x, y] = arg.split("-").map(Number) as [number, number];
      return count(x) >= 1 && count(y) >= 1 ? r(6) : LOSE;
    }
  }
}

export function rollSicbo(words: WordSource): SicboOutcome {
  return { dice: [uniformInt(words, 6) + 1, uniformInt(words, 6) + 1, uniformInt(words, 6) + 1] };
}

/** Exact RTP over the 216 equally likely rolls. */
export function sicboRtp(spot: string): Ratio {
  const parts: Array<{ weight: bigint; ratio: Ratio }> = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) parts.push({ weight: 1n, ratio: sicboReturn(spot, { dice: [a, b, c] }) });
  return expectation(parts);
}
