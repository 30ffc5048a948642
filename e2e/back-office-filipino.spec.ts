import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";

// The back office in Filipino: an operator who picks Filipino reads every section of the menu
// in it. No text on any section is an English catalogue text that has a Filipino of its own
// (names and loanwords, the same in both catalogues, are not counted). What the server sends
// as data (names, codes, amounts) is not in the catalogue and is not looked at.

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../apps/admin/src/locales/${lang}.json`, import.meta.url)), "utf8"),
  ) as Record<string, string>;
const EN = catalogue("EN");
const TY = catalogue("TY");
const filipino = new Set(Object.values(TY).map((v) => v.trim()));
/**
 * English texts that must not be shown in Filipino: whole texts, without placeholders. A single
 * lower-case word ("daily", "cash") is left out: it is also a code the server sends, and a code
 * the catalogue does not know yet shows as it came (lib/enum-labels.ts), which is data, not text.
 */
const ENGLISH = new Set(
  Object.entries(EN)
    .filter(([key, en]) => TY[key] !== en && !en.includes("{{") && /[A-Za-z]{3}/.test(en))
    .filter(([, en]) => !/^[a-z]+$/.test(en.trim()))
    .map(([, en]) => en.trim())
    .filter((en) => !filipino.has(en)),
);

/** Every section of the menu, in its order (apps/admin/src/app/sections.ts). */
const SECTIONS = [
  ...readFileSync(
    fileURLToPath(new URL("../apps/admin/src/app/sections.ts", import.meta.url)),
    "utf8",
  ).matchAll(/^\s+id: "([\w-]+)",$/gm),
].map((m) => m[1] as string);
const PARTS = 4;
const perPart = Math.ceil(SECTIONS.length / PARTS);

let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await new AdminPage(page).login();
  await page.getByTestId("admin-lang").selectOption("TY");
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");
});
test.afterAll(async () => {
  await context?.close();
});

/**
 * Texts the operator reads or hears: text nodes outside table rows and options, and labels,
 * titles and placeholders.
 */
async function shownTexts(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const tag = n.parentElement?.tagName;
      if (tag === "SCRIPT" || tag === "STYLE") continue;
      // A table's rows and a list's options are mostly data (names an operator gave, such as a
      // help category called "Account" in both languages; codes the server sends), which may
      // happen to be an English word of the catalogue; headers and everything else are checked.
      if (n.parentElement?.closest("tbody, option")) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder]"))
      for (const attr of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    return out;
  });
}

test("the catalogue list of sections is read", () => {
  expect(SECTIONS.length).toBeGreaterThan(40);
  expect(ENGLISH.size).toBeGreaterThan(1000);
});

for (let part = 0; part < PARTS; part++) {
  const sections = SECTIONS.slice(part * perPart, (part + 1) * perPart);
  test(`sections ${part * perPart + 1}–${part * perPart + sections.length} read in Filipino`, async () => {
    const left: string[] = [];
    for (const id of sections) {
      const link = page.getByTestId(`admin-nav-${id}`);
      await link.click();
      await expect(page.locator("html")).toHaveAttribute("lang", "fil");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The page's data has answered: no skeleton rows left.
      await expect(page.locator(".skeleton, .skeleton-row")).toHaveCount(0);
      for (const text of await shownTexts(page)) if (ENGLISH.has(text)) left.push(`${id}: ${text}`);
    }
    expect([...new Set(left)]).toEqual([]);
  });
}

// A code the server sends (here the audit log's action of this very sign-in) shows by its
// Filipino label from the catalogue, not as the code nor in English.
test("a code the server sends shows in Filipino", async () => {
  await page.getByTestId("admin-nav-audit").click();
  await page.getByTestId("audit-entity").selectOption("session");
  const login = page.locator('[data-testid="audit-row"][data-action="login"]').first();
  await expect(login).toContainText(TY["audit.actionOf.login"] ?? "");
  await expect(login).not.toContainText(EN["audit.actionOf.login"] ?? "");
});
