import { describe, expect, it } from "vitest";
import { withMine } from "./cards-app.ts";
import { CARDS_TEXT_KEYS, cardsTextsOf, ct, EMOTES, emoteText, potSizes, seatPlace } from "./cards-texts.ts";
import { LANGS } from "./i18n.ts";

// The card table screen's texts and its ½-pot and pot buttons.
describe("card table screen", () => {
  it("has every text in the seven languages with the English placeholders", () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of CARDS_TEXT_KEYS) {
      const names = cardsTextsOf(key);
      for (const lang of LANGS) {
        expect(names[lang], `${key} ${lang}`).toBeTruthy();
        expect(holes(names[lang]), `${key} ${lang}`).toEqual(holes(names.EN));
      }
    }
    expect(ct("TY", "call", { amount: "2.00" })).toBe("Call 2.00");
  });

  it("names every emote in the seven languages", () => {
    for (const [name] of EMOTES) for (const lang of LANGS) expect(emoteText(lang, name)).toBeTruthy();
  });

  it("places the viewer's seat at the bottom and the others clockwise around the table", () => {
    expect(seatPlace(1, 6)).toEqual({ x: 50, y: 90 });
    expect(seatPlace(4, 6)).toEqual({ x: 50, y: 10 });
    // The viewer at seat 3 of 9 sees their seat at the bottom.
    expect(seatPlace(3, 9, 2)).toEqual({ x: 50, y: 90 });
    const all = Array.from({ length: 9 }, (_, i) => seatPlace(i + 1, 9));
    expect(new Set(all.map((p) => `${p.x},${p.y}`)).size).toBe(9);
  });

  it("sizes ½ pot and pot as street totals, clamped to the legal range", () => {
    // Nothing to call, a pot of 6.00: bets of 3.00 and 6.00.
    expect(potSizes({ pot: 600, currentBet: 0, myStreetBet: 0 }, { min: 200, max: 10_000 })).toEqual({
      half: 300,
      pot: 600,
    });
    // Facing a bet of 4.00 into 6.00 (pot 10.00 with it): after calling 4.00 the pot is 14.00,
    // so ½ pot raises to 4 + 7 = 11.00 and pot to 4 + 14 = 18.00.
    expect(potSizes({ pot: 1000, currentBet: 400, myStreetBet: 0 }, { min: 800, max: 10_000 })).toEqual({
      half: 1100,
      pot: 1800,
    });
    // A short stack: both are the all-in cap; no bet or raise possible: none.
    expect(potSizes({ pot: 1000, currentBet: 400, myStreetBet: 0 }, { min: 800, max: 900 })).toEqual({
      half: 900,
      pot: 900,
    });
    expect(potSizes({ pot: 1000, currentBet: 400, myStreetBet: 0 }, null)).toBeNull();
  });

  it("puts a seat's own part of a pushed view in place: its cards, its seat, its moves", () => {
    const pub = {
      now: "2026-11-30T00:00:00.000Z",
      table: null,
      seat: null,
      seats: [],
      hand: {
        handId: "h",
        no: 1,
        status: "playing",
        serverSeedHash: "",
        clientSeed: "",
        deckHash: "",
        serverSeed: null,
        actingSeat: 2,
        deadline: null,
        onBank: false,
        button: 1,
        seq: 3,
        game: {
          board: [],
          pot: 300,
          currentBet: 200,
          players: [
            { seat: 1, stack: 100, streetBet: 100, folded: false, allIn: false, hole: null },
            { seat: 2, stack: 100, streetBet: 200, folded: false, allIn: false, hole: null },
          ],
        },
        legal: null,
        rake: "0.00",
      },
    };
    const mine = {
      seat: { seatId: "s2", seat: 2, stack: "1.00", leaving: false },
      player: { seat: 2, stack: 100, streetBet: 200, folded: false, allIn: false, hole: ["As", "Kd"] },
      legal: { fold: true, check: true, call: null, bet: null, raise: null },
    };
    const v = withMine(pub, mine);
    const players = (
      (v.hand?.game ?? { players: [] }) as { players: Array<{ seat: number; hole: string[] | null }> }
    ).players;
    expect(players.map((p) => p.hole)).toEqual([null, ["As", "Kd"]]);
    expect(v.seat?.seat).toBe(2);
    expect(v.hand?.legal).toEqual(mine.legal);
    // The public view itself is untouched; a spectator (no part of its own) sees it as it is.
    expect(pub.hand.game.players[1]?.hole).toBeNull();
    expect(withMine(pub, null)).toBe(pub);
  });
});
