import { ROULETTE_SPOTS } from "@panalo/game-math/tables/roulette";
import { describe, expect, it } from "vitest";
import { LANGS } from "./i18n.ts";
import {
  announcedChips,
  CELL_H,
  DOT,
  DOZEN_W,
  GUTTER,
  INSIDE_SPOTS,
  numbersAt,
  OUTSIDE_W,
  racetrackHtml,
  rouletteBoardHtml,
  rouletteTargets,
  targetBox,
} from "./roulette-board.ts";
import { spotName } from "./table-texts.ts";

// The roulette layout: every inside bet has exactly one target, each covering the
// numbers the server pays it for, big enough to tap and apart from its neighbours on a 390 px
// phone held upright.
describe("roulette layout", () => {
  const targets = rouletteTargets();
  // 390 px screen, 8 px padding each side of the table screen.
  const cellW = (390 - 16 - GUTTER - DOZEN_W - OUTSIDE_W) / 3;

  it("has one target for every inside spot and no other", () => {
    const spots = targets.map((t) => t.spot).sort();
    expect(spots).toEqual([...INSIDE_SPOTS].sort());
    expect(new Set(spots).size).toBe(spots.length);
    // 37 straights, 60 splits, 12 streets, 2 trios, 22 corners, first four, 11 six lines.
    expect(spots).toHaveLength(37 + 60 + 12 + 2 + 22 + 1 + 11);
  });

  it("puts each chip where it covers the spot's numbers", () => {
    for (const t of targets) {
      const want = [...(ROULETTE_SPOTS.get(t.spot) ?? [])].sort((a, b) => a - b);
      if (t.shape === "cell") {
        expect(numbersAt(t.x + 0.5, t.y + 0.5), t.spot).toEqual(want.slice(0, 1));
      } else if (t.spot.startsWith("street:") || t.spot.startsWith("six:")) {
        // On the outer edge: the row(s) it touches, all three numbers of each.
        const rows = numbersAt(0, t.y).map((n) => Math.floor((n - 1) / 3));
        const got = rows.flatMap((r) => [r * 3 + 1, r * 3 + 2, r * 3 + 3]);
        expect(
          [...new Set(got)].sort((a, b) => a - b),
          t.spot,
        ).toEqual(want);
      } else if (t.spot === "first4") {
        expect(want).toEqual([0, 1, 2, 3]);
        expect(numbersAt(0, 1)).toEqual([0, 1]);
      } else {
        expect(numbersAt(t.x, t.y), t.spot).toEqual(want);
      }
    }
  });

  it("makes line targets at least 24 px, inside the board, not overlapping on a 390 px phone", () => {
    expect(cellW).toBeGreaterThan(2 * DOT);
    const lines = targets.filter((t) => t.shape !== "cell").map((t) => ({ t, b: targetBox(t, cellW) }));
    for (const { t, b } of lines) {
      expect(b.right - b.left, t.spot).toBeGreaterThanOrEqual(24);
      expect(b.bottom - b.top, t.spot).toBeGreaterThanOrEqual(24);
      expect(b.left, t.spot).toBeGreaterThanOrEqual(-GUTTER);
      expect(b.right).toBeLessThanOrEqual(3 * cellW + DOZEN_W);
      expect(b.bottom).toBeLessThanOrEqual(13 * CELL_H);
    }
    for (let i = 0; i < lines.length; i++)
      for (let j = i + 1; j < lines.length; j++) {
        const a = lines[i]?.b;
        const c = lines[j]?.b;
        if (!a || !c) continue;
        const overlap = a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
        expect(overlap, `${lines[i]?.t.spot} / ${lines[j]?.t.spot}`).toBe(false);
      }
    // Each number keeps a part of its box no line target covers, at least 24 px square.
    const seven = targets.find((t) => t.spot === "straight:17");
    if (!seven) throw new Error("no 17");
    const box = targetBox(seven, cellW);
    expect(box.right - box.left - 2 * 15).toBeGreaterThanOrEqual(24);
    expect(box.bottom - box.top - 2 * 15).toBeGreaterThanOrEqual(DOT - 4);
  });

  it("names every target in the seven languages", () => {
    for (const lang of LANGS)
      for (const t of targets) {
        const name = spotName(lang, t.spot);
        expect(name, `${lang} ${t.spot}`).not.toBe(t.spot);
        expect(name).not.toMatch(/\{n\}/);
      }
    expect(spotName("EN", "corner:13-17")).toBe("Corner 13-14-16-17");
    expect(spotName("EN", "six:13")).toBe("Six line 13–18");
    expect(spotName("CN", "split:0-3")).toBe("分注 0/3");
  });

  it("carries no inline style attribute (the game's CSP has no 'unsafe-inline')", () => {
    const html =
      rouletteBoardHtml("EN", (s) => (s === "split:17-20" ? 500n : 0n)) + racetrackHtml("EN", 500n, true);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).toContain('data-style="left:calc(2 * 100% / 3 - 15px)');
  });

  it("expands the racetrack's bets into chips of the chosen value", () => {
    const v = announcedChips("voisins", 500n);
    expect(v.reduce((a, c) => a + c.amount, 0n)).toBe(4500n);
    expect(v.find((c) => c.spot === "trio:0-2-3")?.amount).toBe(1000n);
    expect(announcedChips({ neighboursOf: 17 }, 100n).map((c) => c.spot)).toEqual(
      [2, 25, 17, 34, 6].map((n) => `straight:${n}`),
    );
  });
});
