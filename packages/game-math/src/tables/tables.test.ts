import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../xoshiro.ts";
import {
  BACCARAT_SPOTS,
  baccaratOdds,
  baccaratResult,
  baccaratReturn,
  baccaratRtp,
  bankerDraws,
  coup,
  dealBaccarat,
  playerDraws,
} from "./baccarat.ts";
import { type Card, dealFromShuffledShoe } from "./cards.ts";
import { DT_SPOTS, dtResult, dtReturn, dtRtp } from "./dragon-tiger.ts";
import { simulateTable, TABLE_GAME_KINDS, TABLE_MATH } from "./index.ts";
import { r, ratioValue, returnOf } from "./ratio.ts";
import { ANNOUNCED, neighbours, ROULETTE_SPOTS, rouletteReturn, rouletteRtp, WHEEL } from "./roulette.ts";
import { SICBO_SPOTS, sicboReturn, sicboRtp } from "./sicbo.ts";

const c = (rank: number, suit = 0): Card => ({ rank, suit });

describe("baccarat", () => {
  it("follows the full third-card table", () => {
    // Rows: banker's two-card total 0–7; columns: the player's third card 0–9. D draws, S stands.
    const table = [
      "DDDDDDDDDD",
      "DDDDDDDDDD",
      "DDDDDDDDDD",
      "DDDDDDDDSD",
      "SSDDDDDDSS",
      "SSSSDDDDSS",
      "SSSSSSDDSS",
      "SSSSSSSSSS",
    ];
    for (let bt = 0; bt <= 7; bt++)
      for (let p3 = 0; p3 <= 9; p3++) expect(bankerDraws(bt, p3) ? "D" : "S").toBe(table[bt]?.[p3]);
    // The player stood (6 or 7): the banker draws on 0–5 and stands on 6–7.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((bt) => bankerDraws(bt, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("deals hand-worked coups in shoe order", () => {
    const shoe = (vals: number[]) => {
      let i = 0;
      return () => vals[i++] as number;
    };
    // Player 2+3=5 draws an 8 → 3; banker 1+2=3 stands on a player third 8.
    expect(coup(shoe([2, 1, 3, 2, 8, 9]))).toEqual({ player: [2, 3, 8], banker: [1, 2] });
    // A natural 8 for the banker: nobody draws.
    expect(coup(shoe([1, 4, 2, 4, 9, 9]))).toEqual({ player: [1, 2], banker: [4, 4] });
    // Player stands on 7; banker 5 draws.
    expect(coup(shoe([3, 2, 4, 3, 6, 9]))).toEqual({ player: [3, 4], banker: [2, 3, 6] });
    // Banker 6 draws on a player third 7.
    expect(coup(shoe([0, 3, 1, 3, 7, 1]))).toEqual({ player: [0, 1, 7], banker: [3, 3, 1] });
  });

  it("pays player, banker, tie and pairs", () => {
    const p = baccaratResult([c(9), c(13)], [c(5), c(2), c(3, 1)]); // 9 v 0
    expect(p.winner).toBe("player");
    expect(baccaratReturn("classic", "player", p)).toEqual(r(2));
    expect(baccaratReturn("classic", "banker", p)).toEqual(r(0));
    const b6 = baccaratResult([c(2), c(2, 1)], [c(3), c(3, 2)]); // 4 v 6... player draws in a real coup; pays alike
    expect(b6.winner).toBe("banker");
    expect(b6.playerPair && b6.bankerPair).toBe(true);
    expect(returnOf(10000n, baccaratReturn("classic", "banker", b6))).toBe(19500n);
    expect(returnOf(10000n, baccaratReturn("no_commission", "banker", b6))).toBe(15000n);
    expect(returnOf(10000n, baccaratReturn("classic", "player_pair", b6))).toBe(120000n);
    const b7 = baccaratResult([c(1), c(13)], [c(4), c(3)]);
    expect(returnOf(10000n, baccaratReturn("no_commission", "banker", b7))).toBe(20000n);
    const tie = baccaratResult([c(1), c(5)], [c(2), c(4)]);
    expect(tie.winner).toBe("tie");
    for (const v of ["classic", "no_commission"] as const) {
      expect(baccaratReturn(v, "player", tie)).toEqual(r(1));
      expect(baccaratReturn(v, "banker", tie)).toEqual(r(1));
      expect(baccaratReturn(v, "tie", tie)).toEqual(r(9));
    }
    // Commission rounds down to the minor unit: 0.01 on banker returns 0.01 (1.95 → 1).
    expect(returnOf(1n, baccaratReturn("classic", "banker", b7))).toBe(1n);
  });

  it("matches the published 8-deck probabilities and house edges", () => {
    const o = baccaratOdds();
    const p = (x: bigint) => Number(x) / Number(o.sequences);
    expect(o.player + o.tie + o.bankerOn6 + o.bankerOther).toBe(o.sequences);
    expect(p(o.bankerOn6 + o.bankerOther)).toBeCloseTo(0.458597, 6);
    expect(p(o.player)).toBeCloseTo(0.446247, 6);
    expect(p(o.tie)).toBeCloseTo(0.095156, 6);
    // House edges: banker 1.0579 %, player 1.2351 %, tie 14.3596 %, no-commission banker 1.4581 % (banker wins with 6: 0.053864).
    expect(1 - ratioValue(baccaratRtp("classic", "banker"))).toBeCloseTo(0.010579, 6);
    expect(1 - ratioValue(baccaratRtp("classic", "player"))).toBeCloseTo(0.012351, 6);
    expect(1 - ratioValue(baccaratRtp("classic", "tie"))).toBeCloseTo(0.143596, 6);
    expect(p(o.bankerOn6)).toBeCloseTo(0.053864, 6);
    expect(1 - ratioValue(baccaratRtp("no_commission", "banker"))).toBeCloseTo(0.014581, 6);
    expect(baccaratRtp("classic", "player")).toEqual(baccaratRtp("no_commission", "player"));
    // Pairs: 12 × 31/415 exactly.
    expect(baccaratRtp("classic", "player_pair")).toEqual(r(12 * 31, 415));
  });

  it("deals legal coups from a shuffled shoe", () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const o = dealBaccarat(xoshiro128(seed));
        const pts = (h: Card[]) => h.map((x) => (x.rank >= 10 ? 0 : x.rank));
        const cards = [...o.player, ...o.banker];
        // Replaying the dealt points in shoe order gives the same hands.
        const order = [o.player[0], o.banker[0], o.player[1], o.banker[1], o.player[2], o.banker[2]];
        const seq = order.filter((x): x is Card => !!x).map((x) => (x.rank >= 10 ? 0 : x.rank));
        let i = 0;
        const again = coup(() => seq[i++] as number);
        expect(again.player).toEqual(pts(o.player));
        expect(again.banker).toEqual(pts(o.banker));
        for (const x of cards) expect(x.rank >= 1 && x.rank <= 13 && x.suit >= 0 && x.suit <= 3).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("never deals one physical card twice", () => {
    const words = xoshiro128("shoe");
    const seen = new Map<string, number>();
    const all = dealFromShuffledShoe(words, 8, 416);
    for (const x of all) seen.set(`${x.rank}${x.suit}`, (seen.get(`${x.rank}${x.suit}`) ?? 0) + 1);
    expect(seen.size).toBe(52);
    for (const n of seen.values()) expect(n).toBe(8);
  });
});

describe("roulette", () => {
  it("has every inside and outside bet with its payout", () => {
    const count = (kind: string) => [...ROULETTE_SPOTS.keys()].filter((k) => k.startsWith(kind)).length;
    expect(count("straight:")).toBe(37);
    expect(count("split:")).toBe(60); // 57 on 1–36 and 3 with zero
    expect(count("street:")).toBe(12);
    expect(count("trio:")).toBe(2);
    expect(count("corner:")).toBe(22);
    expect(count("six:")).toBe(11);
    expect(count("dozen:")).toBe(3);
    expect(count("column:")).toBe(3);
    for (const [spot, nums] of ROULETTE_SPOTS) {
      for (let n = 0; n <= 36; n++) {
        const ret = rouletteReturn(spot, { number: n });
        expect(ret).toEqual(nums.includes(n) ? r(36, nums.length) : r(0));
      }
      expect(rouletteRtp(spot)).toEqual(r(36, 37));
    }
    expect(rouletteReturn("straight:17", { number: 17 })).toEqual(r(36));
    expect(rouletteReturn("split:17-20", { number: 20 })).toEqual(r(18));
    expect(rouletteReturn("corner:17-21", { number: 21 })).toEqual(r(9));
    expect(rouletteReturn("red", { number: 0 })).toEqual(r(0));
    expect(rouletteReturn("column:1", { number: 34 })).toEqual(r(3));
    expect(ROULETTE_SPOTS.get("black")).toHaveLength(18);
    expect(ROULETTE_SPOTS.has("split:3-4")).toBe(false); // not adjacent on the layout
  });

  it("expands the racetrack's announced bets into chips covering their wheel sectors", () => {
    // The wheel's pockets from one to another, clockwise (both included).
    const sector = (from: number, to: number) => {
      const out: number[] = [];
      for (let i = WHEEL.indexOf(from); ; i = (i + 1) % 37) {
        out.push(WHEEL[i] as number);
        if (WHEEL[i] === to) return out.sort((a, b) => a - b);
      }
    };
    const covered = (chips: ReadonlyArray<{ spot: string; units: number }>) =>
      [...new Set(chips.flatMap((c) => ROULETTE_SPOTS.get(c.spot) ?? [Number.NaN]))].sort((a, b) => a - b);
    const units = (chips: ReadonlyArray<{ units: number }>) => chips.reduce((a, c) => a + c.units, 0);
    expect(covered(ANNOUNCED.voisins)).toEqual(sector(22, 25));
    expect(units(ANNOUNCED.voisins)).toBe(9);
    expect(covered(ANNOUNCED.tiers)).toEqual(sector(27, 33));
    expect(units(ANNOUNCED.tiers)).toBe(6);
    expect(covered(ANNOUNCED.orphelins)).toEqual([...sector(17, 6), ...sector(1, 9)].sort((a, b) => a - b));
    expect(units(ANNOUNCED.orphelins)).toBe(5);
    expect(covered(ANNOUNCED.jeu_zero)).toEqual(sector(12, 15));
    expect(units(ANNOUNCED.jeu_zero)).toBe(4);
    // Voisins, tiers and orphelins share no pocket and cover the wheel.
    const all = [...covered(ANNOUNCED.voisins), ...covered(ANNOUNCED.tiers), ...covered(ANNOUNCED.orphelins)];
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    // Neighbours: the number and two either side on the wheel, across zero too.
    expect(neighbours(0).map((c) => c.spot)).toEqual([3, 26, 0, 32, 15].map((n) => `straight:${n}`));
    expect(neighbours(26, 1).map((c) => c.spot)).toEqual(["straight:3", "straight:26", "straight:0"]);
    expect(() => neighbours(37)).toThrow(RangeError);
  });
});

describe("dragon tiger", () => {
  it("pays with the tie rules and has the hand-worked RTPs", () => {
    const t = dtResult(c(7, 0), c(7, 2));
    expect(dtReturn("dragon", t)).toEqual(r(1, 2));
    expect(dtReturn("tie", t)).toEqual(r(9));
    expect(dtReturn("suited_tie", t)).toEqual(r(0));
    expect(dtReturn("suited_tie", dtResult(c(7, 1), c(7, 1)))).toEqual(r(51));
    expect(dtReturn("tiger", dtResult(c(1), c(13)))).toEqual(r(2));
    // 384/415 wins + half back on 31/415 ties; tie 9 × 31/415; suited tie 51 × 7/415.
    expect(dtRtp("dragon")).toEqual(r(7990, 8300));
    expect(dtRtp("tiger")).toEqual(dtRtp("dragon"));
    expect(dtRtp("tie")).toEqual(r(279, 415));
    expect(dtRtp("suited_tie")).toEqual(r(357, 415));
    expect(DT_SPOTS).toHaveLength(4);
  });
});

describe("sic bo", () => {
  it("pays every bet as hand-worked", () => {
    const ret = (spot: string, dice: [number, number, number]) => sicboReturn(spot, { dice });
    expect(ret("small", [1, 2, 3])).toEqual(r(2));
    expect(ret("small", [2, 2, 2])).toEqual(r(0));
    expect(ret("big", [6, 5, 1])).toEqual(r(2));
    expect(ret("big", [5, 5, 5])).toEqual(r(0));
    expect(ret("total:4", [1, 1, 2])).toEqual(r(61));
    expect(ret("total:10", [3, 3, 4])).toEqual(r(7));
    expect(ret("any_triple", [4, 4, 4])).toEqual(r(31));
    expect(ret("triple:4", [4, 4, 4])).toEqual(r(181));
    expect(ret("triple:3", [4, 4, 4])).toEqual(r(0));
    expect(ret("double:4", [4, 4, 1])).toEqual(r(11));
    expect(ret("combo:1-4", [4, 4, 1])).toEqual(r(6));
    expect(ret("single:4", [4, 4, 1])).toEqual(r(3));
    expect(ret("single:4", [4, 4, 4])).toEqual(r(4));
    expect(ret("single:6", [4, 4, 1])).toEqual(r(0));
  });

  it("has the exact RTPs over the 216 rolls", () => {
    expect(sicboRtp("small")).toEqual(r(210, 216));
    expect(sicboRtp("odd")).toEqual(r(210, 216));
    expect(sicboRtp("single:3")).toEqual(r(199, 216));
    expect(sicboRtp("combo:2-5")).toEqual(r(180, 216));
    expect(sicboRtp("triple:6")).toEqual(r(181, 216));
    expect(sicboRtp("any_triple")).toEqual(r(186, 216));
    expect(sicboRtp("double:1")).toEqual(r(176, 216));
    expect(sicboRtp("total:4")).toEqual(r(183, 216));
    expect(sicboRtp("total:10")).toEqual(r(27 * 7, 216));
    for (const s of SICBO_SPOTS) {
      const v = ratioValue(sicboRtp(s));
      expect(v).toBeGreaterThan(0.8);
      expect(v).toBeLessThan(1);
    }
  });
});

describe("simulations agree with the exact RTP", () => {
  // 4 standard errors of the mean: a fixed seed, so the check is deterministic; the 10-million
  // rounds run is bench/tables/rtp.ts.
  const plan: Record<string, { rounds: number; spots?: string[] }> = {
    baccarat: { rounds: 60_000 },
    baccarat_nc: { rounds: 60_000, spots: ["banker"] },
    roulette: {
      rounds: 100_000,
      spots: ["straight:17", "split:0-1", "corner:1-5", "red", "dozen:3", "six:31"],
    },
    dragon_tiger: { rounds: 100_000 },
    sicbo: { rounds: 20_000 },
  };
  for (const kind of TABLE_GAME_KINDS) {
    it(`${kind}`, () => {
      const math = TABLE_MATH[kind];
      const p = plan[kind] ?? { rounds: 10_000 };
      for (const s of simulateTable(math, p.rounds, xoshiro128(`sim-${kind}`), p.spots)) {
        const tol = (4 * s.sd) / Math.sqrt(s.rounds);
        expect(Math.abs(s.rtp - s.exact), `${kind} ${s.spot}`).toBeLessThanOrEqual(tol);
      }
    });
  }
  it("lists every baccarat spot", () => expect(BACCARAT_SPOTS).toHaveLength(5));
});
