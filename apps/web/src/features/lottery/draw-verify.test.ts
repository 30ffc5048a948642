import { randomBytes } from "node:crypto";
import { commitment, drawResult, GAMES } from "@panalo/game-math/lottery";
import { describe, expect, it } from "vitest";
import { commitmentOf, recomputeResult, verifyDraw } from "./draw-verify.ts";

// The verify page's WebCrypto port must give exactly what the server's maths gives, or a fair
// draw would look rigged (and a rigged one could look fair).
describe("the browser's lottery verification", () => {
  it("recomputes the same numbers as game-math for many seeds of every game", async () => {
    for (const game of Object.values(GAMES)) {
      for (let i = 0; i < 60; i++) {
        const seed = randomBytes(32).toString("hex");
        const drawNo = `${game.code.replace("/", "")}-20260101-${String(i).padStart(4, "0")}`;
        expect(await recomputeResult(game, seed, drawNo)).toEqual(drawResult(game, seed, drawNo));
      }
    }
  });

  it("computes the published commitment (SHA-256 of the seed bytes)", async () => {
    for (let i = 0; i < 20; i++) {
      const seed = randomBytes(32).toString("hex");
      expect(await commitmentOf(seed)).toBe(commitment(seed));
    }
  });

  it("flags a result or a hash that the seed does not give", async () => {
    const game = GAMES["3D"];
    if (!game) throw new Error("3D missing");
    const seed = randomBytes(32).toString("hex");
    const result = drawResult(game, seed, "3D-20260101-1400");
    const hash = commitment(seed);
    const good = await verifyDraw(game, seed, "3D-20260101-1400", { hash, result });
    expect(good.hashMatches && good.resultMatches).toBe(true);
    const altered = result.map((v, i) => (i === 0 ? (v + 1) % 10 : v));
    const bad = await verifyDraw(game, seed, "3D-20260101-1400", { hash, result: altered });
    expect(bad.resultMatches).toBe(false);
    const otherSeed = await verifyDraw(game, randomBytes(32).toString("hex"), "3D-20260101-1400", {
      hash,
      result,
    });
    expect(otherSeed.hashMatches).toBe(false);
    // Another draw number gives other numbers from the same seed (the label is part of the stream).
    expect((await verifyDraw(game, seed, "3D-20260101-1700", { hash, result })).hashMatches).toBe(true);
  });
});
