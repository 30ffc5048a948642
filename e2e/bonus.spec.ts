import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { GamesPage } from "./support/games-page.ts";
import { SitePage } from "./support/site-page.ts";
import { operatorApi, registerPlayer, WalletSite } from "./support/wallet-player.ts";

// The bonus wallet: a player takes a first-deposit bonus on the deposit page, sees it
// in Member centre → Bonuses, plays a slot while that page (a second tab) follows the wagering
// bar on the balance pushes, and the remainder arrives in the main wallet when wagering is met.
// Two tabs, a checkout and three presented spins: more steps than one page's flow, so the
// suite's per-test limit (meant for a hung page) is tripled rather than raced on a busy machine.
test.describe.configure({ mode: "serial", timeout: 360_000 });

const GAME = "Mango Mania";
const username = `bon${Date.now().toString(36).slice(-7)}`;
const password = "bonus2026";
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;
let details: Page;
let ruleId = 0;
let memberId = 0;
const rule = {
  name: "E2E welcome 10%",
  kind: "first_deposit",
  percent: 10,
  maxBonus: "10.00",
  minDeposit: "100.00",
  // 2 × 10.00: three spins of 9.00 meet it.
  wageringMultiple: 2,
  contributions: { "*": 100 },
  expiryDays: 7,
  onePerHousehold: false,
};

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  const made = await admin.post("/api/admin/bonus/rules", { data: rule });
  expect(made.ok(), await made.text()).toBe(true);
  ruleId = (await made.json()).value.id;
  memberId = (await registerPlayer(username, password)).id;
  context = await browser.newContext();
  page = await context.newPage();
  await new SitePage(page).openHome();
  await new SitePage(page).switchLanguage("EN");
  await new WalletSite(page).login(username, password);
});

test.afterAll(async () => {
  // Other suites share the site: the rule is offered no more.
  await admin?.put(`/api/admin/bonus/rules/${ruleId}`, { data: { ...rule, enabled: false } });
  await context?.close();
  await admin?.dispose();
});

test("the player takes a first-deposit bonus on the deposit page", async () => {
  const wallet = new WalletSite(page);
  await page.getByTestId("header-deposit").click();
  await expect(page.getByTestId("member-page-depositv2")).toBeVisible();
  await page.getByTestId("deposit-channel-gcash").click();
  await page.getByTestId("deposit-amount").fill("100");
  const choice = page.getByTestId(`deposit-bonus-${ruleId}`);
  await expect(choice.getByTestId("deposit-bonus-gives")).toContainText("10.00");
  await choice.getByRole("radio").check();
  const popupOpened = page.waitForEvent("popup");
  await page.getByTestId("deposit-submit").click();
  const checkout = await popupOpened;
  await checkout.getByTestId("sandbox-pay").click();
  // Main 100.00 and bonus 10.00: the header shows everything the player can bet.
  await expect(wallet.balance).toHaveText("110.00");
  await checkout.close();

  // A second tab on Member centre → Bonuses, left open while the first plays (opened from the
  // first, so it carries the session: the site keeps it in sessionStorage).
  const opened = page.waitForEvent("popup");
  await page.evaluate(() => window.open("/", "_blank"));
  details = await opened;
  await new WalletSite(details).openMemberPage("bonusDetails");
  const card = details.getByTestId("bonus-card").filter({ hasText: rule.name });
  await expect(card).toHaveAttribute("data-state", "active");
  await expect(card.getByTestId("bonus-balance")).toContainText("10.00");
  await expect(card.getByTestId("bonus-progress")).toHaveAttribute("aria-valuenow", "0");
});

test("the wagering bar moves as they play, and the remainder arrives in main when met", async () => {
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch(GAME);
  await games.expectInGame(GAME);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const root = game.locator("[data-state]").first();
  await expect(game.getByTestId("slot-balance")).toHaveAttribute("data-balance", "110.00", {
    timeout: 30_000,
  });
  // 1.00 a line on 9 lines: 9.00 a spin.
  for (let i = 0; i < 6; i++) await game.getByTestId("slot-bet-up").click();
  await expect(game.getByTestId("slot-bet")).toHaveAttribute("data-total-bet", "9.00");
  const card = details.getByTestId("bonus-card").filter({ hasText: rule.name });
  // Each settled spin moves the bar (9.00 of 20.00 each); the third meets the requirement.
  const expected = ["45", "90", "100"];
  for (const bar of expected) {
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    await game.getByTestId("slot-spin").click();
    // Hurry the presentation along (a tap on the reels never starts a spin).
    await game.getByTestId("slot-window").click();
    // The bonus tab follows each settled spin on the balance push, without a reload.
    await expect(card.getByTestId("bonus-progress")).toHaveAttribute("aria-valuenow", bar, {
      timeout: 30_000,
    });
  }
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  await expect(card).toHaveAttribute("data-state", "completed");
  await expect(card.getByTestId("bonus-released")).toContainText("10.00");
  await expect(card.getByTestId("bonus-progress")).toHaveAttribute("aria-valuenow", "100");
  // Everything is real money now: what the game can bet is the main wallet, the bonus is empty.
  const playable = Number((await game.getByTestId("slot-balance").getAttribute("data-balance")) ?? "");
  await new WalletSite(details).openMemberPage("withdraw");
  await expect(details.getByTestId("withdraw-available")).toContainText(
    playable.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
});

test("the operator's player view shows the bonus and its wagering, and leads to its actions", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = new AdminPage(await adminContext.newPage());
  await admin.login();
  await admin.page.goto(`/admin/players/${memberId}`);
  const row = admin.page.getByTestId("player-bonus").first();
  await expect(row).toContainText(rule.name);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  await expect(row).toContainText("(100 %)");
  await admin.page.getByTestId("player-bonuses-link").click();
  await expect(admin.page.getByTestId("bonus-member-id")).toHaveValue(String(memberId));
  await adminContext.close();
});
