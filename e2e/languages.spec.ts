import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, request, test } from "@playwright/test";
import { TEXTS } from "../apps/rgs/ui/src/i18n.ts";
import { registerPlayer, site } from "./support/wallet-player.ts";

// The home page, the lottery and a slot in Chinese, Japanese and Thai show no
// English text where the language has its own, and render in the self-hosted font of the
// language (Debian's Chromium here has no Chinese, Japanese or Thai font: without it, boxes).
// Filipino pages never download those fonts.
const LANGS = [
  { code: "CN", family: "Noto Sans SC" },
  { code: "JA", family: "Noto Sans JP" },
  { code: "TH", family: "Noto Sans Thai" },
] as const;

type Catalog = { [key: string]: string | Catalog };
function flat(c: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of flat(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
function catalog(lang: string): Map<string, string> {
  const file = fileURLToPath(new URL(`../apps/web/src/locales/${lang}.json`, import.meta.url));
  return flat(JSON.parse(readFileSync(file, "utf8")) as Catalog);
}

/** A text as a whole-string pattern: `{{name}}` / `{name}` placeholders match anything. */
function pattern(text: string): RegExp {
  const parts = text.split(/\{\{?\w+\}\}?/g).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}

/** The English texts the language translates (those it keeps as in English, e.g. "VIP", excluded). */
function englishOnly(pairs: Array<[string, string]>): RegExp[] {
  return pairs.filter(([en, other]) => /\p{L}/u.test(en) && en !== other).map(([en]) => pattern(en.trim()));
}

/** Every text a visitor reads or hears: text nodes, labels, titles and placeholders. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest("script, style, [hidden]")) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
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

async function expectNoEnglish(page: Page, english: RegExp[], where: string): Promise<void> {
  const shown = await shownTexts(page);
  expect(shown.length, `${where}: texts found`).toBeGreaterThan(5);
  const leaks = shown.filter((s) => english.some((re) => re.test(s)));
  expect(leaks, `${where}: English left untranslated`).toEqual([]);
}

/**
 * The language's web font has loaded (not merely been declared) for the page's text, and no
 * slice of it is still on its way (so a screenshot shows the glyphs, not the fallback's boxes).
 */
async function expectFontLoaded(page: Page, family: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (f) => {
        await document.fonts.ready;
        const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, "") === f);
        const loading = faces.some((face) => face.status === "loading");
        return !loading && faces.some((face) => face.status === "loaded");
      }, family),
    )
    .toBe(true);
}

const en = catalog("EN");

for (const { code, family } of LANGS) {
  test(`the home page and the lottery in ${code}: translated, in ${family}`, async ({ page }) => {
    const mine = catalog(code);
    const english = englishOnly([...en].map(([k, v]) => [v, mine.get(k) ?? ""]));
    await page.addInitScript((lang) => localStorage.setItem("panalo.lang", lang), code);

    await page.goto("/");
    await expect(page.getByTestId("page-home")).toBeVisible();
    await expect(page.getByTestId("lang-picker")).toHaveValue(code);
    await expectFontLoaded(page, family);
    await expectNoEnglish(page, english, `home ${code}`);
    await page.screenshot({ path: test.info().outputPath(`home-${code}.png`) });

    await page.goto("/lottery");
    await expect(page.getByTestId("lotto-game")).toBeVisible();
    await expectFontLoaded(page, family);
    await expectNoEnglish(page, english, `lottery ${code}`);
    await page.screenshot({ path: test.info().outputPath(`lottery-${code}.png`), fullPage: true });
  });
}

test("a slot in Chinese, Japanese and Thai: translated, in the language's font", async ({ page }) => {
  const api = await request.newContext({ baseURL: site });
  try {
    const username = `lng${Date.now().toString(36).slice(-7)}`;
    await registerPlayer(username, "langs2026");
    const login = await (
      await api.post("/wps/session/login", { data: { username, password: "langs2026" } })
    ).json();
    expect(login.success, JSON.stringify(login)).toBe(true);
    const games = await (
      await api.post("/wps/relay/GCSGAME_gameList", {
        data: { gameType: "RNG", vassalage: "PNS", pageNo: 1, pageSize: 1 },
      })
    ).json();
    const nodeId = games.value.games[0].nodeId;
    for (const { code, family } of LANGS) {
      const english = englishOnly(Object.values(TEXTS).map((t) => [t.EN, t[code]]));
      // The platform's launch link carries the player's language to the game.
      const launch = await (
        await api.post("/wps/game/launchGame", {
          headers: { authorization: `Bearer ${login.value.token}`, "x-lang": code },
          data: { nodeId },
        })
      ).json();
      expect(launch.success, JSON.stringify(launch)).toBe(true);
      expect(new URL(launch.value.url, site).searchParams.get("lang")).toBe(code);
      await page.goto(launch.value.url);
      await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "idle", {
        timeout: 30_000,
      });
      await expect(page.getByTestId("slot-spin")).toHaveAttribute("aria-label", TEXTS.spin[code]);
      await expectFontLoaded(page, family);
      await expectNoEnglish(page, english, `slot ${code}`);
      await page.screenshot({ path: test.info().outputPath(`slot-${code}.png`) });
    }
  } finally {
    await api.dispose();
  }
});

test("a Filipino visit downloads none of those fonts", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.(woff2?|css)$/.test(new URL(r.url()).pathname) && /noto|\/(cn|ja|th)-/.test(r.url()))
      fonts.push(r.url());
  });
  await page.goto("/");
  await expect(page.getByTestId("page-home")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const declared = await page.evaluate(
    () => [...document.fonts].filter((f) => f.family.includes("Noto")).length,
  );
  expect(declared).toBe(0);
  expect(fonts).toEqual([]);
});
