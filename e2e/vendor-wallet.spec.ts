import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { GamesPage } from "./support/games-page.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, WalletSite } from "./support/wallet-player.ts";

// The transfer wallet end to end (spec §7 GCS_walletTransfer): a member moves
// money from the main wallet to Panalo Xpress's own wallet and back on the wallet page, plays an
// Xpress game from that wallet, and finds every step in the account record.
test.describe.configure({ mode: "serial" });

const GAME = "Jeepney Rush Xpress"; // 1.00 a spin at its smallest bet
const username = `vw${Date.now().toString(36).slice(-8)}`;
const password = "vendor2026";
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;
let site: WalletSite;

const mainCard = () => page.getByTestId("funds-main");
const xpressWallet = () => page.getByTestId("funds-vendor-PNX");

async function send(direction: "in" | "out", amount: string) {
  await page.getByTestId(`vendor-transfer-${direction}`).check();
  await page.getByTestId("vendor-transfer-amount").fill(amount);
  await page.getByTestId("vendor-transfer-submit").click();
}

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  await fundedPlayer(admin, username, password, "100.00", "e2e vendor wallet float");
  context = await browser.newContext();
  page = await context.newPage();
  site = new WalletSite(page);
  await new SitePage(page).openHome();
  await new SitePage(page).switchLanguage("EN");
  await site.login(username, password);
});

test.afterAll(async () => {
  await context?.close();
  await admin?.dispose();
});

test("moves money to a game provider's own wallet and back on the wallet page", async () => {
  await site.openMemberPage("transferFund");
  // The provider's wallet is listed before it was ever used.
  await expect(xpressWallet()).toContainText("Panalo Xpress");
  await expect(xpressWallet()).toContainText("0.00");
  await expect(page.getByTestId("vendor-transfer-vendor")).toHaveValue("PNX");

  await send("in", "30");
  await expect(page.getByTestId("toast").filter({ hasText: "30.00 transferred" })).toBeVisible();
  await expect(mainCard()).toContainText("70.00");
  await expect(xpressWallet()).toContainText("30.00");

  // More than the game wallet holds is refused before any call.
  await send("out", "30.01");
  await expect(page.getByTestId("vendor-transfer").getByRole("alert")).toContainText(/balance/i);
  await send("out", "12.50");
  await expect(page.getByTestId("toast").filter({ hasText: "12.50 transferred" })).toBeVisible();
  await expect(mainCard()).toContainText("82.50");
  await expect(xpressWallet()).toContainText("17.50");
});

test("an Xpress game plays from that wallet; the wallet page shows what it left", async () => {
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch(GAME);
  await games.expectInGame(GAME);
  const game = page.frameLocator('[data-testid="game-frame"]');
  // The game shows the provider's wallet, not the main wallet.
  await expect(game.getByTestId("slot-balance")).toHaveAttribute("data-balance", "17.50", {
    timeout: 30_000,
  });
  const root = game.locator("[data-state]").first();
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  const rounds = Number((await root.getAttribute("data-rounds")) ?? "NaN");
  await game.getByTestId("slot-spin").click();
  await game.getByTestId("slot-window").click(); // hurries; never starts another spin
  // The round ended and was counted (a refused spin is not): the screen played exactly one.
  await expect(root).toHaveAttribute("data-rounds", String(rounds + 1), { timeout: 30_000 });
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  const after = (await game.getByTestId("slot-balance").getAttribute("data-balance")) ?? "";
  const win = Number((await game.getByTestId("slot-win").getAttribute("data-win")) ?? "NaN");
  expect(Number(after)).toBeCloseTo(17.5 - 1 + win, 2);

  await page.goto("/");
  await site.openMemberPage("transferFund");
  await expect(mainCard()).toContainText("82.50"); // the main wallet never took the bet
  await expect(xpressWallet()).toContainText(
    new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(Number(after)),
  );
});

test("the account record shows each transfer", async () => {
  await site.openMemberPage("transactionHistory");
  const types = page.getByTestId("record-type");
  await expect(types.filter({ hasText: "Game wallet transfer" }).first()).toBeVisible();
  // Out: main ← clearing and game wallet → clearing; in: main → clearing, clearing → game wallet.
  expect(await types.filter({ hasText: /^Game wallet transfer$/ }).count()).toBeGreaterThanOrEqual(4);
});

test("a loss limit counts money sent to the provider's wallet: above it the transfer is refused", async () => {
  // The member's own loss limit (20.00 a day), set on the responsible-gaming page's API.
  const token = await page.evaluate(() => sessionStorage.getItem("panalo.token"));
  const set = await page.request.post("/wps/rg/limit", {
    headers: { authorization: `Bearer ${token}`, "x-lang": "EN" },
    data: { kind: "loss", period: "day", amount: "20.00" },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await site.openMemberPage("transferFund");
  await expect(mainCard()).toContainText("82.50");
  await send("in", "25");
  await expect(page.getByTestId("vendor-transfer-error")).toContainText("loss limit");
  await expect(mainCard()).toContainText("82.50");
  await send("in", "15");
  await expect(page.getByTestId("toast").filter({ hasText: "15.00 transferred" })).toBeVisible();
  await expect(mainCard()).toContainText("67.50");
  // 15.00 is counted as lost until it comes back: 10.00 more would pass the limit.
  await send("in", "10");
  await expect(page.getByTestId("vendor-transfer-error")).toContainText("loss limit");
  await send("out", "15");
  await expect(page.getByTestId("toast").filter({ hasText: "15.00 transferred" }).last()).toBeVisible();
  await expect(mainCard()).toContainText("82.50");
  await send("in", "10");
  await expect(page.getByTestId("toast").filter({ hasText: "10.00 transferred" })).toBeVisible();
  await expect(mainCard()).toContainText("72.50");
});
