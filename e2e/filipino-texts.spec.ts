import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { signedInPlayer, VIEWPORTS } from "./support/player-pages.ts";

// The default language is Filipino as a Filipino player speaks it: loanwords such as Slots,
// Sports or Cash out stay, but no English phrase a player would say in Filipino ("Member
// centre", "Bet slip", "Transaction password", "Self-exclusion", "Customer service", the menu
// button's "Menu") is shown; Indonesian, Vietnamese and Thai likewise. Dates follow the language.

type Catalog = { [key: string]: string | Catalog };
function flat(c: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of flat(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const english = flat(
  JSON.parse(
    readFileSync(fileURLToPath(new URL("../apps/web/src/locales/EN.json", import.meta.url)), "utf8"),
  ) as Catalog,
);
const PHRASES = [
  "common.customerService",
  "header.menu",
  "member.title",
  "sports.slip",
  "acct.txPassword",
  "rg.selfExclusion",
].map((key) => english.get(key) ?? key);

/** Every text a visitor reads or hears on the page: text nodes, labels, titles and placeholders. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !n.parentElement?.closest("script, style")) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
      for (const attr of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

async function expectNoEnglishPhrases(page: Page, where: string): Promise<void> {
  const shown = await shownTexts(page);
  expect(shown.length, `${where}: texts found`).toBeGreaterThan(5);
  expect(
    shown.filter((s) => PHRASES.includes(s)),
    `${where}: English phrases`,
  ).toEqual([]);
}

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px the Filipino site says its phrases in Filipino`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signedInPlayer(page, `fil${vp.name}`);
    await page.goto("/");
    await expect(page.getByTestId("page-home")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
    await expectNoEnglishPhrases(page, "home");
    for (const [path, id] of [
      ["/sports", "page-sports"],
      ["/responsibleGaming", "page-responsible-gaming"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(id)).toBeVisible();
      await expectNoEnglishPhrases(page, path);
    }
  });

  test(`at ${vp.name} px dates read in the player's language`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    for (const [lang, pattern] of [
      ["CN", /\d{4}年\d{1,2}月\d{1,2}日/],
      ["VI", /\d{1,2} thg \d{1,2}, \d{4}/],
      ["TY", /(Ene|Peb|Mar|Abr|May|Hun|Hul|Ago|Set|Okt|Nob|Dis) \d{1,2}, \d{4}/],
    ] as const) {
      await page.addInitScript((l) => localStorage.setItem("panalo.lang", l), lang);
      await page.goto("/lottery");
      await expect(page.locator(".lotto-draw-time").first()).toHaveText(pattern);
    }
  });
}
