import type { Game } from "@panalo/contracts/games";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { markFavourite } from "./favourites.ts";
import { gamePath, launchErrorText } from "./launch.ts";

// A catalog stand-in: answers the key itself, so the test sees which text was chosen.
const t = (key: string) => `t:${key}`;
const known = new Set(["gameErrors.IN_NEED_TRUE_ACCOUNT", "gameErrors.GAME_MAINTENANCE"]);
const has = (key: string) => known.has(key);

describe("the game launch", () => {
  it("puts the nodeId in the /game address so a reload can launch again", () => {
    expect(gamePath({ nodeId: 12, gameName: "Mangga Mania" })).toBe("/game?nodeId=12&name=Mangga+Mania");
  });

  it("shows a refusal the site knows in the player's language", () => {
    const err = new ApiError("IN_NEED_TRUE_ACCOUNT", "Please register an account first", 403);
    expect(launchErrorText(err, t, has)).toBe("t:gameErrors.IN_NEED_TRUE_ACCOUNT");
  });

  it("shows the server's own message for a refusal the site does not know", () => {
    const err = new ApiError("VENDOR_DOWN", "Ang provider ay hindi maabot", 502);
    expect(launchErrorText(err, t, has)).toBe("Ang provider ay hindi maabot");
  });

  it("says the network failed when the call never arrived", () => {
    expect(launchErrorText(new ApiError("NETWORK_ERROR", "", 0), t, has)).toBe("t:errors.network");
  });

  it("falls back to a generic text for anything else", () => {
    expect(launchErrorText(new Error("boom"), t, has)).toBe("t:errors.unknown");
    expect(launchErrorText(new ApiError("X", "", 500), t, has)).toBe("t:errors.unknown");
  });
});

describe("a favourite toggle", () => {
  const game: Game = {
    nodeId: 3,
    vassalage: "PNS",
    gameCode: "mango-mania",
    gameType: "RNG",
    gameClassify: "SLOT",
    gameName: "Mangga Mania",
    minBet: "0.01",
    minLineNum: 9,
    thumbnail: "/media/36",
    rtp: "96.54",
    volatility: "low",
    isHot: 1,
    isFavorite: false,
  };
  const other = { ...game, nodeId: 4, gameName: "Perlas" };

  it("marks only the game with that nodeId", () => {
    const [a, b] = markFavourite([game, other], 3, true);
    expect(a?.isFavorite).toBe(true);
    expect(b).toBe(other);
  });

  it("leaves a list that already says so untouched", () => {
    const list = [game];
    expect(markFavourite(list, 3, false)[0]).toBe(game);
  });
});
