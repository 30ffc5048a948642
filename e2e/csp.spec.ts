import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { GamesPage } from "./support/games-page.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, WalletSite } from "./support/wallet-player.ts";

// The site, the back office and the game pages run under a CSP whose
// script-src allows no inline or evaluated script. Nothing they do may be refused by it: every
// violation the browser reports (a console error, or a securitypolicyviolation event in any
// frame) fails the test.
test.describe.configure({ mode: "serial" });

const username = `csp${Date.now().toString(36).slice(-7)}`;
const password = "cspcheck2026";
let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await operatorApi();
  await fundedPlayer(admin, username, password, "50.00", "e2e csp float");
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** Every CSP violation the page (and its frames) reports, from now on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction("__cspViolation", (text: string) => {
    violations.push(`event: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
      report?.(`${e.violatedDirective} ${e.blockedURI} at ${location.pathname}`);
    });
  });
  return violations;
}

async function expectPolicy(page: Page, path: string): Promise<void> {
  const res = await page.request.get(path);
  const csp = res.headers()["content-security-policy"] ?? "";
  expect(csp, path).toMatch(/(script-src|default-src) 'self'(;|$)/);
  expect(csp, path).not.toContain("unsafe-eval");
  expect(/script-src[^;]*unsafe-inline/.test(csp), path).toBe(false);
}

test("the player site's pages run with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ["/", "/rng", "/lottery", "/register", "/noticePage"]) await expectPolicy(page, path);
  const site = new SitePage(page);
  await site.openHome();
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  await page.getByTestId("theme-toggle").click();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await site.switchLanguage("EN");
  await page.goto("/register");
  await expect(page.getByTestId("page-register")).toBeVisible();
  await page.goto("/noticePage");
  await expect(page.getByTestId("page-notices")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a member's games, game iframe and lottery run with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  const site = new SitePage(page);
  await site.openHome();
  await site.switchLanguage("EN");
  const wallet = new WalletSite(page);
  await wallet.login(username, password);
  await expect(wallet.balance).toHaveText("50.00");
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch("Mango Mania");
  await games.expectInGame("Mango Mania");
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.locator("[data-state]").first()).toHaveAttribute("data-state", "idle", {
    timeout: 30_000,
  });
  await expectPolicy(
    page,
    new URL((await page.getByTestId("game-frame").getAttribute("src")) ?? "/", page.url()).pathname,
  );
  await games.closeGame();
  await page.goto("/lottery");
  await expect(page.getByTestId("page-lottery")).toBeVisible();
  await wallet.openMemberPage("transactionHistory");
  expect(violations).toEqual([]);
});

test("the back office runs with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await expectPolicy(page, "/admin/login");
  const office = new AdminPage(page);
  await office.login();
  for (const [section, path] of [
    ["players", "/admin/players"],
    ["deposits", "/admin/deposits"],
    ["lottery-draws", "/admin/lottery/draws"],
    ["banners", "/admin/banners"],
    ["notices", "/admin/notices"],
    ["cdns", "/admin/cdns"],
    ["dashboard", "/admin/?"],
  ] as const) {
    await office.open(section);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(violations).toEqual([]);
});
