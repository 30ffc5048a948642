import { describe, expect, it } from "vitest";
import { CELL, lineColour, linePoints, lineWinCells, payLabelAt, toSvgPoints } from "./line-geometry.ts";

describe("win-line geometry", () => {
  it("draws a line through each reel's cell centre, from the left edge to the right edge", () => {
    const pts = linePoints([0, 1, 2, 1, 0]);
    expect(pts[0]).toEqual({ x: 0, y: CELL / 2 });
    expect(pts.slice(1, 6).map((p) => p.y)).toEqual([50, 150, 250, 150, 50]);
    expect(pts.slice(1, 6).map((p) => p.x)).toEqual([50, 150, 250, 350, 450]);
    expect(pts[6]).toEqual({ x: 5 * CELL, y: CELL / 2 });
  });

  it("writes points as an SVG points list", () => {
    expect(
      toSvgPoints([
        { x: 0, y: 50 },
        { x: 50, y: 150 },
      ]),
    ).toBe("0,50 50,150");
  });

  it("marks only the first `count` cells of a line win", () => {
    expect(lineWinCells([2, 2, 1, 0, 0], 3)).toEqual([
      { reel: 0, row: 2 },
      { reel: 1, row: 2 },
      { reel: 2, row: 1 },
    ]);
  });

  it("puts the pay label above the last winning cell", () => {
    expect(payLabelAt([1, 1, 0, 2, 2], 3)).toEqual({ x: 250, y: 50 - CELL * 0.32 });
  });

  it("gives neighbouring lines different colours", () => {
    expect(lineColour(0)).not.toBe(lineColour(1));
  });
});
