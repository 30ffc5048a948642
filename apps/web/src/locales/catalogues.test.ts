import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The site's catalogues speak their language: every key of the English catalogue exists in each
 * with the same placeholders, and no text is left in English unless a player of that language
 * says it so too — names (WhatsApp, Dota 2), bet types (Yankee, 1X2) and the loanwords below.
 * "Member centre", "Bet slip", "Transaction password", "Self-exclusion", "Customer service" or
 * the menu's "Menu" are not: a Filipino player says them in Filipino.
 */
type Catalog = { [key: string]: string | Catalog };
const dir = import.meta.dirname;

function flat(c: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of flat(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const catalog = (lang: string) =>
  flat(JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8")) as Catalog);

/** Kept as in English in every language: names of apps, games, bet types; symbols. */
const NAMES = new Set([
  "OK",
  "VIP",
  "WhatsApp",
  "Facebook",
  "WeChat",
  "LINE",
  "Line",
  "QQ",
  "Telegram",
  "Zalo",
  "Skype",
  "Android",
  "Dota 2",
  "League of Legends",
  "Counter-Strike",
  "Mobile Legends",
  "Trixie",
  "Patent",
  "Yankee",
  "Lucky 15",
  "Canadian",
  "Lucky 31",
  "Heinz",
  "Lucky 63",
  "Super Heinz",
  "Goliath",
  "1X2",
  "RTP {{value}}%",
  "Lotto (PCSO)",
  "Hong Kong",
  "Malay",
  "Bingo",
  "Poker",
  // The PVP card games' names (the lobby's card tables).
  "Texas Hold'em",
  "Tongits",
  "E-mail",
  "Captcha",
]);

/** Loanwords each language uses as they are (Taglish for Filipino). */
const LOANWORDS: Record<string, readonly string[]> = {
  TY: [
    // Poker words Filipino players use as they are (the lobby's card tables).
    "Blinds {{sb}}/{{bb}}",
    "Buy-in {{min}}–{{max}}",
    "Username",
    "Password",
    "Slots",
    "Sports",
    "E-sports",
    "Arcade",
    "Live",
    "Odds",
    "Handicap",
    "Over",
    "Under",
    "Parlay",
    "Cash out",
    "Cash out {{amount}}",
    "Bonus",
    "Bonus: ₱{{amount}}",
    "Rebate",
    "Raffle",
    "Demo",
    "Code",
    "E-lotto",
    "Profile",
    "Points mall",
  ],
  ID: [
    // A poker word Indonesian players use as it is (the lobby's card tables).
    "Buy-in {{min}}–{{max}}",
    "Menu",
    "Deposit",
    "Bonus",
    "Bonus: ₱{{amount}}",
    "E-sports",
    "Odds",
    "Handicap",
    "Total",
    "Over",
    "Under",
    "Parlay",
    "Cash out",
    "Cash out {{amount}}",
    "Status",
    "Transfer",
    "Bank",
    "E-wallet",
    "Platform",
    "Avatar",
    "Demo",
    "Popup",
    "slide",
    "Seed",
    "Single",
    "Downline",
    "Upline",
    "Game",
    "Level",
  ],
  VI: ["Bingo", "E-mail"],
  TH: [],
  CN: [],
  JA: [],
};

const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = catalog("EN");
const langs = readdirSync(dir)
  .filter((f) => /^[A-Z]{2}\.json$/.test(f) && f !== "EN.json")
  .map((f) => f.slice(0, 2));

describe("the site's catalogues", () => {
  it("are all here", () => {
    expect(langs.sort()).toEqual(["CN", "ID", "JA", "TH", "TY", "VI"]);
  });

  for (const lang of langs) {
    const texts = catalog(lang);
    it(`${lang} has every English key with the same placeholders`, () => {
      for (const [key, en] of english) {
        const text = texts.get(key);
        expect(text, `${lang} ${key}`).toBeTruthy();
        expect(holes(text ?? ""), `${lang} ${key}`).toEqual(holes(en));
      }
    });

    it(`${lang} leaves nothing in English but names and its loanwords`, () => {
      const allowed = new Set([...NAMES, ...(LOANWORDS[lang] ?? [])]);
      const left = [...english]
        .filter(([key, en]) => texts.get(key) === en && /\p{L}/u.test(en.replace(/\{\{\w+\}\}/g, "")))
        .filter(([, en]) => !allowed.has(en))
        .map(([key, en]) => `${key} = ${en}`);
      expect(left).toEqual([]);
    });
  }
});
