import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { SECTIONS } from "../apps/admin/src/app/sections.ts";
import { AdminPage } from "./support/admin-page.ts";
import { FinanceMember } from "./support/finance-member.ts";
import { GamesPage } from "./support/games-page.ts";

// The back office as an operator's daily tool. A queue with a bulk
// approval and payout references, the one-page player view with a note, the games catalogue
// turning a game off for the player site, and every page on a tablet and a phone.
// One owner login for the whole file (each TOTP code is accepted once).
test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;
let member: FinanceMember;
const withdrawalIds: number[] = [];
const stamp = Date.now().toString(36).slice(-6);

test.beforeAll(async ({ browser, playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`,
  });
  member = new FinanceMember(api, `ops${stamp}`);
  await member.register();
  await member.depositByGateway("3000.00");
  const account = await member.prepareWithdrawals("Lara Cruz");
  withdrawalIds.push(await member.withdraw("500.00", account));
  withdrawalIds.push(await member.withdraw("700.00", account));
  context = await browser.newContext();
  page = await context.newPage();
  await new AdminPage(page).login();
});

test.afterAll(async () => {
  await context.close();
});

test("the operator finds the member's withdrawals, ticks both and marks them paid with references", async () => {
  await page.getByTestId("admin-nav-withdrawals").click();
  await page.getByTestId("withdrawal-search").fill(member.username);
  for (const id of withdrawalIds) {
    await expect(page.getByTestId(`withdrawal-age-${id}`)).toBeVisible();
    await page.getByTestId(`withdrawal-pick-${id}`).check();
  }
  await expect(page.getByTestId("queue-bulk-bar")).toContainText("2 selected");
  await page.getByTestId("withdrawal-bulk-paid").click();
  const dialog = page.getByTestId("payout-reference-dialog");
  // A reference is required for each payout.
  await dialog.getByTestId("payout-reference-confirm").click();
  await expect(dialog.getByRole("alert").first()).toContainText("reference");
  for (const id of withdrawalIds)
    await dialog.getByTestId(`payout-reference-${id}`).fill(`BPI-${stamp}-${id}`);
  await dialog.getByTestId("payout-reference-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Approved 2." })).toBeVisible();

  await page.getByTestId("withdrawal-status-filter").selectOption("paid");
  for (const id of withdrawalIds) {
    await expect(page.getByTestId(`withdrawal-reference-${id}`)).toHaveText(`Ref. BPI-${stamp}-${id}`);
  }
  // The member's account record shows each withdrawal as one line, with the payout reference.
  const paid = (await member.accountRecord()).filter((r) => r.type === "withdrawal_hold");
  expect(paid.map((r) => r.reference).sort()).toEqual(
    withdrawalIds.map((id) => `W${id} · BPI-${stamp}-${id}`).sort(),
  );
});

test("the player view shows balances, latest withdrawals and identity on one page, and keeps a note", async () => {
  await page.goto(`/admin/players/${member.id}`);
  await expect(page.getByTestId("player-balance-main")).toHaveText("PHP 1,800.00");
  await expect(page.getByTestId("player-balance-bonus")).toHaveText("PHP 0.00");
  await expect(page.getByTestId("player-withdrawals")).toContainText(`BPI-${stamp}-${withdrawalIds[0]}`);
  await expect(page.getByTestId("player-identity")).toContainText("Lara Cruz");
  await expect(page.getByTestId("player-adjust")).toBeVisible();
  await page
    .getByTestId("player-note-input")
    .fill(`Asked about W${withdrawalIds[0]}; sent the bank reference.`);
  await page.getByTestId("player-note-add").click();
  await expect(page.getByTestId("player-note").first()).toContainText(`Asked about W${withdrawalIds[0]}`);
  await page.reload();
  await expect(page.getByTestId("player-note").first()).toContainText("sent the bank reference");
});

test("turning a game off in the catalogue takes it off the player site", async ({ browser }) => {
  const site = await browser.newPage();
  const games = new GamesPage(site);
  await games.open("/rng");
  await games.search("Gintong");
  await expect(games.cards()).toHaveCount(1);

  await page.goto("/admin/games");
  await page.getByTestId("catalog-search").fill("panalo-gold");
  const row = page.getByTestId("game-row-panalo-gold");
  const toggle = row.locator('[data-testid^="game-enabled-"]');
  await expect(toggle).toBeChecked();
  // The switch saves at once and shows the saved state.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();

  await games.open("/rng");
  await games.search("Gintong");
  await expect(games.cards()).toHaveCount(0);

  // Back on for the other suites.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await games.open("/rng");
  await games.search("Gintong");
  await expect(games.cards()).toHaveCount(1);
  await site.close();
});

// Every back-office page (about 30, each a lazy chunk and its data), walked in groups of six so
// a test's time is bounded by a few pages, never by how many pages the back office has.
const PAGES_PER_TEST = 6;
const walkedPages = () => [
  ...SECTIONS.map((s) => s.path),
  `/players/${member.id}`,
  `/players/${member.id}/wallet`,
  `/players/${member.id}/responsible-gaming`,
];
const PAGE_GROUPS = Math.ceil((SECTIONS.length + 3) / PAGES_PER_TEST);

for (const size of [
  { name: "tablet", width: 768, height: 1024 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`on a ${size.name} (${size.width}×${size.height}) the menu opens and closes`, async () => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/admin/withdrawals");
    const shell = page.getByTestId("admin-shell");
    const sidebar = page.getByTestId("admin-sidebar");
    await expect(sidebar).toBeHidden();
    // The menu button opens the drawer; a link closes it; so do Escape and a tap beside it.
    await page.getByTestId("admin-menu-toggle").click();
    await expect(sidebar).toBeVisible();
    await expect(shell).toHaveAttribute("data-menu-open", "true");
    await page.getByTestId("admin-nav-players").click();
    await expect(sidebar).toBeHidden();
    await expect(page.locator("main h1")).toHaveText("Players");
    await page.getByTestId("admin-menu-toggle").click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await page.getByTestId("admin-menu-toggle").click();
    await page
      .getByTestId("admin-menu-backdrop")
      .click({ position: { x: size.width - 10, y: size.height / 2 } });
    await expect(sidebar).toBeHidden();
  });

  for (let group = 0; group < PAGE_GROUPS; group++) {
    test(`on a ${size.name} (${size.width}×${size.height}) no back-office page is wider than the screen (pages ${group * PAGES_PER_TEST + 1}–${(group + 1) * PAGES_PER_TEST})`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (!page.url().includes("/admin")) await page.goto("/admin/withdrawals");
      const paths = walkedPages().slice(group * PAGES_PER_TEST, (group + 1) * PAGES_PER_TEST);
      for (const path of paths) {
        // In-app navigation (as the menu does): no reload per page.
        await page.evaluate((to) => {
          window.history.pushState({}, "", `/admin${to === "/" ? "" : to}`);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, path);
        await expect(page.locator("main h1").first(), path).toBeVisible();
        await expect(page.locator("main .skeleton"), path).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(1);
      }
    });
  }
}
