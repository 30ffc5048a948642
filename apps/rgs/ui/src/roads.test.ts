import { describe, expect, it } from "vitest";
import { beadPlate, bigRoad } from "./roads.ts";

describe("baccarat roads", () => {
  it("lays the bead plate in columns of six", () => {
    const cells = beadPlate(["player", "banker", "tie", "player", "player", "banker", "banker"]);
    expect(cells[5]).toEqual({ col: 0, row: 5, winner: "banker" });
    expect(cells[6]).toEqual({ col: 1, row: 0, winner: "banker" });
  });

  it("draws streaks down, ties on the cell before, and the dragon tail", () => {
    const road = bigRoad(["tie", "banker", "banker", "tie", "tie", "player", "banker"]);
    expect(road).toEqual([
      { col: 0, row: 0, winner: "banker", ties: 1 },
      { col: 0, row: 1, winner: "banker", ties: 2 },
      { col: 1, row: 0, winner: "player", ties: 0 },
      { col: 2, row: 0, winner: "banker", ties: 0 },
    ]);
    const long = bigRoad(Array.from({ length: 8 }, () => "player" as const));
    expect(long.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    // The next streak starts in the next column of streaks, not after the tail.
    expect(bigRoad([...Array.from({ length: 7 }, () => "player" as const), "banker"]).at(-1)).toMatchObject({
      col: 1,
      row: 0,
    });
  });
});
