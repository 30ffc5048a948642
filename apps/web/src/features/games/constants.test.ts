import { GAME_PAGE_SIZE, MinBetOptions, POPULAR_COUNT, WINNER_BOARD_SIZE } from "@panalo/contracts/games";
import { describe, expect, it } from "vitest";
import * as local from "./constants.ts";

describe("the site's games constants", () => {
  it("are the platform's (spec §9)", () => {
    expect(local.GAMES_PAGE_SIZE).toBe(GAME_PAGE_SIZE);
    expect(local.POPULAR_COUNT).toBe(POPULAR_COUNT);
    expect(local.WINNER_BOARD_SIZE).toBe(WINNER_BOARD_SIZE);
    expect([...local.MIN_BETS]).toEqual([...MinBetOptions]);
  });
});
