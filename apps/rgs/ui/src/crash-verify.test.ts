import { createHash, createHmac } from "node:crypto";
import { crashPointFromHmac } from "@panalo/game-math/crash/index";
import { describe, expect, it } from "vitest";
import { computeCrash, verifyLines } from "./crash-verify.ts";

// The verify page computes in the browser what the server decided: the chain written down in
// apps/rgs/src/crashgame/chain.test.ts (seed 00…01, salt "panalo-crash-salt"), checked here
// through Web Crypto as the page runs it.
const SALT = "panalo-crash-salt";
const LINKS = [
  `${"00".repeat(31)}01`,
  "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5",
  "32ba476771d01e37807990ead8719f08af494723de1d228f2c2c07cc0aa40bac",
  "4decd6e387a1dfb3e54c485ee6f3a898d3dd4bb7c28eb2650d8419a3bead0160",
  "72de9e22509ad5e1530da627418e867c7c61a645e1f7c85181729eec808d2c52",
  "e3dbd2fee19c714f923cac2ecd0b9be2c62a1b1a2411501e56e2887b0385c695",
];

describe("the crash verify page", () => {
  it("computes each round's crash point and its link in the browser as the server does", async () => {
    const points = [120, 385, 334, 258, 679, 394];
    for (const [i, hash] of LINKS.entries()) {
      const { x100, previous } = await computeCrash(hash, SALT);
      expect(x100).toBe(points[i]);
      // As the server computes it (node:crypto, apps/rgs/src/crashgame/chain.ts).
      const key = Buffer.from(hash, "hex");
      expect(x100).toBe(crashPointFromHmac(createHmac("sha256", key).update(SALT, "utf8").digest("hex")));
      expect(previous).toBe(createHash("sha256").update(key).digest("hex"));
      if (i + 1 < LINKS.length) expect(previous).toBe(LINKS[i + 1]);
    }
  });

  it("shows each link the server checked, the ones that do not hold too", () => {
    const text = (round: Parameters<typeof verifyLines>[3]) =>
      verifyLines("EN", 120, "ab", round)
        .join("")
        .replace(/<[^>]+>/g, "|");
    expect(text(null)).not.toContain("Round #");
    const good = text({ roundNo: 7, linksToPrevious: true, nextLinksHere: true });
    expect(good).toContain("Round #7: it links to the round before.");
    expect(good).toContain("The next round links to this one.");
    const bad = text({ roundNo: 7, linksToPrevious: false, nextLinksHere: false });
    expect(bad).toContain("Round #7: the link does NOT match!");
    expect(bad).toContain("Round #8: its link to this one does NOT match!");
    expect(text({ roundNo: 7, linksToPrevious: null, nextLinksHere: null })).not.toContain("Round #");
  });
});
