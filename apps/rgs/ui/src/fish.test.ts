import { FISH_KINDS, positionAt, swimmingAt } from "@panalo/game-math/fish/index";
import { describe, expect, it } from "vitest";
import { Sea } from "./fish-sea.ts";
import { FISH_KIND_NAMES, FISH_TEXT_KEYS, fishName, fishTextsOf, ft } from "./fish-texts.ts";
import { LANGS } from "./i18n.ts";

// The fish screen: its sea is the server's (same seed, same fish at the same place and time),
// and it speaks the seven languages of the site.
describe("fish screen", () => {
  const SEED = "a".repeat(64);

  it("puts every fish where the server's paths do, kept dead once killed", () => {
    const sea = new Sea(SEED, 0);
    for (const t of [0, 5_000, 61_234, 600_000]) {
      const mine = sea.swimming(t);
      const server = swimmingAt(SEED, t);
      expect(mine.map((f) => f.spawn.index)).toEqual(server.map((s) => s.index));
      for (const [i, f] of mine.entries()) expect(f.at).toEqual(positionAt(server[i] as never, t));
    }
    const t = 61_234;
    const first = sea.swimming(t)[0];
    expect(first).toBeDefined();
    const index = first?.spawn.index ?? -1;
    // A tap on a fish finds it; once the server says it died, it is not drawn nor found.
    expect(sea.fishAt(t, first?.at ?? { x: 0, y: 0 })?.index).toBeDefined();
    sea.dead.add(index);
    expect(sea.swimming(t).some((f) => f.spawn.index === index)).toBe(false);
    expect(sea.where(index, t)).toBeNull();
    expect(sea.nearest(t, first?.at ?? { x: 0, y: 0 })?.index).not.toBe(index);
  });

  it("has every text and kind name in the seven languages with the same placeholders", () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of FISH_TEXT_KEYS) {
      const texts = fishTextsOf(key);
      for (const lang of LANGS) {
        expect(texts[lang], `${key} ${lang}`).toBeTruthy();
        expect(holes(texts[lang]), `${key} ${lang}`).toEqual(holes(texts.EN));
      }
    }
    // Every kind of the maths has a name in every language.
    for (const k of FISH_KINDS) {
      const key = k.nameKey.replace("fish.kind.", "");
      for (const lang of LANGS) expect(FISH_KIND_NAMES[key]?.[lang], `${key} ${lang}`).toBeTruthy();
    }
    expect(fishName("EN", "fish.kind.whale-shark")).toBe("Whale shark");
    expect(fishName("TY", "fish.kind.whale-shark")).toBe("Butanding");
    expect(ft("CN", "cannon", { n: 3 })).toBe("炮台 3");
    expect(ft("EN", "rtp", { rtp: "96.50" })).toBe("RTP: 96.50% on every shot");
  });
});
