import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLOT_GAMES } from "./games/all.ts";
import { compileSlot, spinUnitsAt } from "./slot-fast.ts";
import { evaluate, playRound, playRoundDetail, type SlotGame } from "./slots.ts";
import { xoshiro128 } from "./xoshiro.ts";

const games = Object.values(SLOT_GAMES);
const linesGames = games.filter((g) => !g.ways);
const waysGames = games.filter((g) => g.ways);

/** A game and a stop on each of its reels. */
const gameAndStops = fc
  .constantFrom(...games)
  .chain((game) =>
    fc.tuple(fc.constant(game), fc.tuple(...game.reels.map((strip) => fc.nat({ max: strip.length - 1 })))),
  );

describe("slot engine properties", () => {
  it("has six games, at least one of them a ways game", () => {
    expect(games).toHaveLength(6);
    expect(waysGames.length).toBeGreaterThan(0);
    expect(games.some((g) => g.freeSpinMultiplier > 1)).toBe(true);
  });

  it("evaluates the same stops to the same outcome", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        expect(evaluate(game, stops)).toEqual(evaluate(game, [...stops]));
      }),
    );
  });

  it("never pays a negative or fractional number of line bets", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        const o = evaluate(game, stops);
        for (const w of o.lineWins) expect(w.pay).toBeGreaterThan(0);
        expect(o.lineBetUnits).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(o.lineBetUnits)).toBe(true);
      }),
    );
  });

  it("pays exactly what the compiled simulation path pays, and awards the same free spins", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        const c = compileSlot(game);
        c.stops.set(stops);
        const units = spinUnitsAt(c);
        const o = evaluate(game, stops);
        expect(units).toBe(o.lineBetUnits);
        expect(c.lastAward).toBe(o.freeSpinsAwarded);
      }),
      { numRuns: 2000 },
    );
  });

  it("plays the same rounds for a simulation and for a player given the same words", () => {
    let freeSpinRounds = 0;
    fc.assert(
      fc.property(fc.constantFrom(...games), fc.string(), (game, seed) => {
        // Forty rounds per stream, so that many streams reach free spins (1 round in 100–270).
        const fastWords = xoshiro128(seed);
        const detailWords = xoshiro128(seed);
        for (let i = 0; i < 40; i++) {
          const fast = playRound(game, fastWords);
          const detail = playRoundDetail(game, detailWords);
          expect(fast.win).toBeCloseTo(detail.win, 12);
          expect(fast.spins).toBe(1 + detail.freeSpins.length);
          if (detail.freeSpins.length > 0) freeSpinRounds++;
        }
      }),
      { numRuns: 200 },
    );
    expect(freeSpinRounds).toBeGreaterThan(10);
  });

  it("pays the wild's five-of-a-kind on every line of a window full of wilds", () => {
    for (const game of linesGames) {
      const wild = game.wild ?? "";
      const allWild: SlotGame = { ...game, reels: game.reels.map(() => [wild]) };
      const o = evaluate(
        allWild,
        game.reels.map(() => 0),
      );
      const top = game.paytable[wild]?.[game.reels.length - 1] ?? 0;
      expect(top).toBe(Math.max(...Object.values(game.paytable).map((p) => p[game.reels.length - 1] ?? 0)));
      expect(o.lineWins).toHaveLength(game.lines.length);
      for (const w of o.lineWins) expect(w).toMatchObject({ symbol: wild, count: 5, pay: top });
    }
  });

  it("puts every line win on its line, over the symbol or a wild", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        const o = evaluate(game, stops);
        for (const w of o.lineWins) {
          if (w.line === null) continue;
          const line = game.lines[w.line] ?? [];
          expect(w.cells).toEqual(line.slice(0, w.count).map((row, reel) => [reel, row]));
          for (const [reel, row] of w.cells) expect([w.symbol, game.wild]).toContain(o.window[reel]?.[row]);
        }
      }),
    );
  });

  it("counts ways as the product of matching cells over the covered reels", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        if (!game.ways) return;
        const o = evaluate(game, stops);
        const matches = (s: string, reel: number) =>
          (o.window[reel] ?? []).filter((x) => x === s || x === game.wild).length;
        for (const w of o.lineWins) {
          const perReel = Array.from({ length: w.count }, (_, reel) => matches(w.symbol, reel));
          expect(w.ways).toBe(perReel.reduce((a, b) => a * b, 1));
          if (w.count < game.reels.length) expect(matches(w.symbol, w.count)).toBe(0);
          expect(w.pay).toBe((game.paytable[w.symbol]?.[w.count - 1] ?? 0) * w.ways);
          expect(w.cells).toHaveLength(perReel.reduce((a, b) => a + b, 0));
        }
      }),
    );
  });

  it("awards free spins for the number of reels showing a scatter", () => {
    fc.assert(
      fc.property(gameAndStops, ([game, stops]) => {
        const o = evaluate(game, stops);
        const reels = o.window.filter((column) => column.includes(game.scatter ?? "")).length;
        expect(o.scatterCount).toBe(reels);
        expect(o.freeSpinsAwarded).toBe(game.freeSpins[reels] ?? 0);
      }),
    );
  });
});
