import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import { GamesPage } from "./support/games-page.ts";
import { openMemberPage } from "./support/player-pages.ts";
import { SitePage } from "./support/site-page.ts";
import { registerPlayer, WalletSite } from "./support/wallet-player.ts";

// Responsible gaming: from the footer (one click) a member sets a deposit
// limit and a deposit above it is refused; the reality check shows time played and the net
// result (the browser's clock is moved on, nobody waits for minutes); the member self-excludes
// and a game launch is refused. axe checks the page.
test.describe.configure({ mode: "serial" });

const username = `rg${Date.now().toString(36).slice(-7)}`;
const password = "limits2026";
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  await registerPlayer(username, password);
  context = await browser.newContext();
  page = await context.newPage();
  // The clock seam: the site's timers run on a clock the test can move forward.
  await page.clock.install();
  await new SitePage(page).openHome();
  await new SitePage(page).switchLanguage("EN");
  await new WalletSite(page).login(username, password);
});

test.afterAll(async () => {
  await context?.close();
});

test("the footer leads to the page in one click; a deposit limit refuses a deposit above it", async () => {
  await page.getByTestId("footer-rg").click();
  await expect(page.getByTestId("page-responsible-gaming")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("rg-panel")).toBeVisible();

  const axe = await (await settledAxe(page)).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByTestId("rg-kind").selectOption("deposit");
  await page.getByTestId("rg-period").selectOption("day");
  await page.getByTestId("rg-amount").fill("500.00");
  await page.getByTestId("rg-set").click();
  await expect(page.getByTestId("rg-notice")).toBeVisible();
  await expect(page.getByTestId("rg-limit-deposit-day").getByTestId("rg-limit-amount")).toHaveText("500.00");

  // A deposit of 600.00 through the member centre is refused with the limit's message.
  const wallet = new WalletSite(page);
  await wallet.openMemberPage("depositv2");
  await page.getByTestId("deposit-channel-gcash").click();
  await page.getByTestId("deposit-amount").fill("600");
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("deposit-error")).toContainText("deposit limit");
  await page.keyboard.press("Escape");
});

test("the reality check shows the time played and the session's net result", async () => {
  // The next check is due one interval (the operator's default) after the session started.
  await page.clock.fastForward("02:00:00");
  const dialog = page.getByTestId("reality-check");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("reality-check-net")).toContainText("0.00");
  await page.getByTestId("reality-check-continue").click();
  await expect(dialog).toBeHidden();
});

test("the page fits a phone's screen (390 px) with the member's panel", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/responsibleGaming");
  await expect(page.getByTestId("rg-panel")).toBeVisible({ timeout: 30_000 });
  const wider = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
  expect(wider).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/responsible-gaming-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("a self-excluded member cannot launch a game", async () => {
  await page.goto("/responsibleGaming");
  await expect(page.getByTestId("rg-panel")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("rg-understand").check();
  await page.getByTestId("rg-months").selectOption("6");
  await page.getByTestId("rg-self-exclude").click();
  // Six months cannot be undone: a second confirmation names the day it ends.
  const confirm = page.getByTestId("rg-exclusion-confirm");
  const ends = new Date();
  ends.setMonth(ends.getMonth() + 6);
  await expect(confirm).toContainText(String(ends.getFullYear()));
  await confirm.locator(".btn-primary").click();
  await expect(page.getByTestId("rg-blocked")).toBeVisible();
  await expect(page.getByTestId("rg-self-exclude")).toHaveCount(0);
  // The deposit page says why it is closed instead of offering a form the platform refuses.
  await page.goto("/");
  await openMemberPage(page, "depositv2");
  await expect(page.getByTestId("deposit-closed")).toHaveAttribute("data-kind", "self_exclusion", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("deposit-form")).toHaveCount(0);

  const games = new GamesPage(page);
  await games.open("/rng");
  await page.getByTestId("game-card").first().getByTestId("game-launch").click();
  await expect(page.getByTestId("game-launch-error")).toContainText("self-excluded");
});
