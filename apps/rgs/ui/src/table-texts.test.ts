import { describe, expect, it } from "vitest";
import { LANGS } from "./i18n.ts";
import {
  GAME_NAMES,
  KIND_NAMES,
  kindName,
  SPOT_NAMES,
  spotName,
  TABLE_TEXT_KEYS,
  textsOf,
  tt,
} from "./table-texts.ts";
import { outcomeSummary } from "./table-verify.ts";

// The table screens and the verify page speak the launch language: every text in all
// seven, with the same placeholders as the English one.
describe("table texts", () => {
  const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("has every text in the seven languages with the same placeholders", () => {
    const all: Array<[string, Record<string, string>]> = [
      ...TABLE_TEXT_KEYS.map((k) => [k, textsOf(k)] as [string, Record<string, string>]),
      ...Object.entries(SPOT_NAMES),
      ...Object.entries(KIND_NAMES),
      ...Object.entries(GAME_NAMES),
    ];
    for (const [key, texts] of all)
      for (const lang of LANGS) {
        const text = texts[lang];
        expect(text, `${key} ${lang}`).toBeTruthy();
        expect(holes(text ?? ""), `${key} ${lang}`).toEqual(holes(texts.EN ?? ""));
      }
  });

  it("names spots and limits in the player's language", () => {
    expect(spotName("CN", "banker")).toBe("庄");
    expect(spotName("JA", "street:13")).toBe("ストリート 13-14-15");
    expect(spotName("VI", "total:9")).toBe("Tổng 9");
    expect(kindName("TH", "corner")).toBe("คอร์เนอร์");
    expect(kindName("EN", "tie")).toBe("Tie");
    expect(tt("ID", "TABLE_LIMIT", { spot: spotName("ID", "tie"), min: "10.00", max: "5000.00" })).toBe(
      "Taruhan pada Seri harus antara 10.00 dan 5000.00 per ronde. Tidak ada taruhan yang diterima.",
    );
  });

  it("says what a verified round dealt", () => {
    const bac = {
      player: [
        { rank: 1, suit: 0 },
        { rank: 6, suit: 1 },
      ],
      banker: [
        { rank: 13, suit: 2 },
        { rank: 5, suit: 3 },
      ],
      playerTotal: 7,
      bankerTotal: 5,
      winner: "player",
    };
    expect(outcomeSummary("EN", "baccarat", bac)).toBe("Player A♠ 6♥ = 7 · Banker K♦ 5♣ = 5 · Player wins");
    expect(outcomeSummary("CN", "baccarat", bac)).toContain("闲 赢");
    expect(outcomeSummary("JA", "sicbo", { dice: [1, 3, 6] })).toBe("結果: 1 · 3 · 6 = 10");
  });
});
