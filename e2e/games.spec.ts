import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type FrameLocator,
  type Page,
  test,
} from "@playwright/test";
import { setSwitches } from "./support/admin-api.ts";
import { GamesPage } from "./support/games-page.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, WalletSite } from "./support/wallet-player.ts";

// Games end to end: a member finds a game, filters, keeps it as a favourite, plays it
// in the in-house game server's iframe with real balance until a win and a loss, sees the header
// balance follow, finds the game under recent and the rounds in the game's history, and checks a
// round on the verify page; a guest gets the login popup; a trial account plays with play money.
test.describe.configure({ mode: "serial" });

const GAME = "Mango Mania"; // low volatility, 0.01 a line: wins and losses come quickly
const username = `gam${Date.now().toString(36).slice(-7)}`;
const password = "games2026";
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;

/** The slot client inside the /game page's iframe. */
function slot(p: Page): FrameLocator {
  return p.frameLocator('[data-testid="game-frame"]');
}

async function spinOnce(game: FrameLocator): Promise<{ win: number; balance: number }> {
  const root = game.locator("[data-state]").first();
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  const rounds = Number((await root.getAttribute("data-rounds")) ?? "NaN");
  await game.getByTestId("slot-spin").click();
  // A tap on the reels only hurries the animation along (the round is already settled); unlike
  // a second press of spin, one that lands after the round has ended cannot start another.
  await game.getByTestId("slot-window").click();
  // The round ended and was counted (a refused spin is not): the screen played exactly one.
  await expect(root).toHaveAttribute("data-rounds", String(rounds + 1), { timeout: 30_000 });
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  const win = Number((await game.getByTestId("slot-win").getAttribute("data-win")) ?? "NaN");
  const balance = Number((await game.getByTestId("slot-balance").getAttribute("data-balance")) ?? "NaN");
  return { win, balance };
}

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  await fundedPlayer(admin, username, password, "500.00", "e2e games float");
  context = await browser.newContext();
  page = await context.newPage();
  const site = new SitePage(page);
  await site.openHome();
  await site.switchLanguage("EN");
});

test.afterAll(async () => {
  await context?.close();
  await admin?.dispose();
});

test("a guest who clicks a game gets the login popup", async () => {
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch(GAME);
  await expect(page.getByTestId("login-modal")).toBeVisible();
  await expect(page).toHaveURL(/\/rng/);
});

test("a member searches, filters by min bet and keeps the game as a favourite", async () => {
  await page.goto("/");
  await new WalletSite(page).login(username, password);
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.search("mango");
  expect(await games.names()).toEqual([GAME]);
  await games.search("");
  await games.filterMinBet("0.75");
  // Only games whose smallest line bet is 0.75 are left; Mango Mania (0.01) is not one of them.
  await expect(games.card(GAME)).toHaveCount(0);
  expect((await games.names()).length).toBeGreaterThan(0);
  await games.filterMinBet("0.01");
  await expect(games.card(GAME)).toBeVisible();
  await games.toggleFavourite(GAME);
  await games.tab("fav");
  expect(await games.names()).toEqual([GAME]);
});

test("the member plays in the iframe until a win and a loss; the header balance follows", async () => {
  const wallet = new WalletSite(page);
  await expect(wallet.balance).toHaveText("500.00");
  const games = new GamesPage(page);
  await games.launch(GAME);
  await games.expectInGame(GAME);
  const game = slot(page);
  await expect(game.getByTestId("slot-balance")).toHaveAttribute("data-balance", "500.00", {
    timeout: 30_000,
  });
  const betCents = Math.round(
    Number((await game.getByTestId("slot-bet").getAttribute("data-total-bet")) ?? "NaN") * 100,
  );
  expect(betCents).toBeGreaterThan(0);
  let wins = 0;
  let losses = 0;
  let last = { win: 0, balance: 500 };
  let expectedCents = 500_00; // every bet taken and every win paid, counted here in centavos
  for (let i = 0; i < 80 && (wins === 0 || losses === 0); i++) {
    last = await spinOnce(game);
    expectedCents += Math.round(last.win * 100) - betCents;
    if (last.win > 0) wins++;
    else losses++;
  }
  expect(wins).toBeGreaterThan(0);
  expect(losses).toBeGreaterThan(0);
  // The balance the game shows is the start less every bet plus every win (a win and a loss can
  // leave it at 500.00 again: the sum, not a change, is what is checked).
  expect(Math.round(last.balance * 100)).toBe(expectedCents);

  // Leaving the game refreshes the header balance to what the game server last reported.
  await games.closeGame();
  await expect(wallet.balance).toHaveText(last.balance.toLocaleString("en-US", { minimumFractionDigits: 2 }));

  // The game is under recent.
  await games.open("/rng");
  await games.tab("recent");
  await expect(games.card(GAME)).toBeVisible();
});

test("the round history replays the rounds, and the verify page confirms one", async () => {
  const games = new GamesPage(page);
  await games.launch(GAME);
  await games.expectInGame(GAME);
  const game = slot(page);
  await expect(game.locator("[data-state]").first()).toHaveAttribute("data-state", "idle", {
    timeout: 30_000,
  });
  // Setting a new client seed reveals the old server seed, whose hash was shown before play.
  const shownHash = (await game.getByTestId("slot-server-hash").textContent())?.trim() ?? "";
  expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
  await game.getByTestId("slot-client-seed").fill(`e2e-${Date.now()}`);
  await game.getByTestId("slot-client-seed").press("Enter");
  await expect(game.locator(".revealed a")).toBeVisible();
  await expect(game.getByTestId("slot-server-hash")).not.toHaveText(shownHash);

  // Game recall: the rounds played, each replayable, with a link that verifies it.
  await game.getByTestId("slot-history").click();
  await expect(game.getByTestId("slot-round").first()).toBeVisible();
  expect(await game.getByTestId("slot-round").count()).toBeGreaterThanOrEqual(2);
  await game.getByTestId("slot-round-replay").first().click();
  const link = game.getByTestId("slot-replay").locator("a");
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  expect(new URL(href, "http://x").searchParams.get("serverSeed")).toMatch(/^[0-9a-f]{64}$/);

  // The verify page recomputes the round from the revealed seed: its hash is the one shown.
  const checker = await context.newPage();
  await checker.goto(href);
  await expect(checker.getByTestId("verify-hash")).toHaveText(shownHash);
  await expect(checker.getByTestId("verify-result")).not.toBeEmpty();
  await checker.close();
  await games.closeGame();
});

test("a trial account plays only with play money", async ({ browser }) => {
  await setSwitches(admin, { FREEPLAY3: true });
  const trial = await browser.newPage();
  try {
    await trial.goto("/login");
    await trial.getByTestId("login-page-freeplay").click();
    await trial.getByTestId("welcome-dialog").getByRole("button").first().click();
    await expect(trial.getByTestId("account-name")).toHaveText(/^trial/);
    const games = new GamesPage(trial);
    await games.open("/rng");
    await games.search("mango");
    await games.card("Mangga Mania").getByTestId("game-launch").click();
    await games.expectInGame();
    const game = slot(trial);
    // Play money of its own currency, never the real wallet.
    await expect(game.getByTestId("slot-balance")).toHaveAttribute("data-balance", "2000.00", {
      timeout: 30_000,
    });
    await expect(game.getByTestId("slot-balance")).toContainText("FUN");
    await spinOnce(game);
    const token = await new SitePage(trial).token();
    const real = await trial.request.get("/wps/v2/wallets/balance", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await real.json()).code).toBe("IN_NEED_TRUE_ACCOUNT");
  } finally {
    await trial.close();
    await setSwitches(admin, { FREEPLAY3: false });
  }
});
