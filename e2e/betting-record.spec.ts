import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type FrameLocator,
  type Page,
  test,
} from "@playwright/test";
import { GamesPage } from "./support/games-page.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, WalletSite } from "./support/wallet-player.ts";

// Games and the betting record: a guest who clicks a game logs in through the popup and lands in the game;
// the member's spins appear in Member centre → Betting record with bet and win, and one of them
// replays on the game server from a signed link; a vendor without games says so on its page.
test.describe.configure({ mode: "serial" });

const GAME = "Mango Mania";
const username = `bet${Date.now().toString(36).slice(-7)}`;
const password = "record2026";
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;

function slot(p: Page): FrameLocator {
  return p.frameLocator('[data-testid="game-frame"]');
}

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  await fundedPlayer(admin, username, password, "200.00", "e2e betting record float");
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

test("a guest clicks a game, logs in in the popup and lands in the game", async () => {
  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch(GAME);
  const popup = page.getByTestId("login-modal");
  await expect(popup).toBeVisible();
  await popup.getByTestId("popup-username").fill(username);
  await popup.getByTestId("popup-password").fill(password);
  await popup.getByTestId("popup-submit").click();
  await expect(popup).toHaveCount(0);
  await games.expectInGame(GAME);
  await expect(slot(page).getByTestId("slot-balance")).toHaveAttribute("data-balance", "200.00", {
    timeout: 30_000,
  });
});

test("the spins appear in the betting record with bet and win, and one replays", async () => {
  const game = slot(page);
  const root = game.locator("[data-state]").first();
  const played: Array<{ win: string; bet: string }> = [];
  for (let i = 0; i < 3; i++) {
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    const rounds = Number((await root.getAttribute("data-rounds")) ?? "NaN");
    await game.getByTestId("slot-spin").click();
    // Hurry the presentation along with a tap on the reels: it never starts a spin, so a tap
    // that lands after the round has ended (a loaded machine) cannot add a paid round.
    await game.getByTestId("slot-window").click();
    // The round ended and was counted (a refused spin is not): the screen played exactly one.
    await expect(root).toHaveAttribute("data-rounds", String(rounds + 1), { timeout: 30_000 });
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    played.push({
      win: (await game.getByTestId("slot-win").getAttribute("data-win")) ?? "",
      bet: (await game.getByTestId("slot-bet").getAttribute("data-total-bet")) ?? "",
    });
  }
  await new GamesPage(page).closeGame();

  const wallet = new WalletSite(page);
  await wallet.openMemberPage("personalHistoryCopy");
  const rows = page.getByTestId("bet-row");
  await expect(rows).toHaveCount(3);
  // Newest first: the last spin is the first row.
  const newest = played[2];
  const first = rows.first();
  await expect(first.getByTestId("bet-game")).toHaveText(GAME);
  await expect(first).toHaveAttribute("data-status", "settled");
  await expect(first.getByTestId("bet-amount")).toContainText(Number(newest?.bet).toFixed(2));
  await expect(first.getByTestId("bet-win")).toContainText(Number(newest?.win).toFixed(2));
  const totalBet = played.reduce((s, p) => s + Math.round(Number(p.bet) * 100), 0) / 100;
  await expect(page.getByTestId("bet-total-rounds")).toHaveText("3");
  await expect(page.getByTestId("bet-total-bet")).toContainText(totalBet.toFixed(2));

  // The replay opens the same round, read-only, on the game's own reels.
  await first.getByTestId("bet-replay").click();
  const modal = page.getByTestId("bet-replay-modal");
  await expect(modal).toBeVisible();
  const replay = page.frameLocator('[data-testid="bet-replay-frame"]');
  const replayRoot = replay.locator('[data-testid="replay-page"]');
  await expect(replayRoot).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  await expect(replay.getByTestId("slot-win")).toHaveAttribute("data-win", newest?.win ?? "");
  await expect(replay.getByTestId("slot-replay")).toBeVisible();
  await expect(replay.getByTestId("slot-spin")).toHaveCount(0);
  await replay.getByTestId("replay-again").click();
  await expect(replayRoot).toHaveAttribute("data-state", "idle", { timeout: 30_000 });

  // A link with its signature changed opens nothing.
  const src = (await page.getByTestId("bet-replay-frame").getAttribute("src")) ?? "";
  const tampered = new URL(src, page.url());
  tampered.searchParams.set("sig", "0".repeat(64));
  const other = await context.newPage();
  await other.goto(tampered.toString());
  await expect(other.getByTestId("replay-error")).toHaveAttribute("data-code", "REPLAY_LINK_INVALID");
  await other.close();
});

test("a provider without games says so on its category page", async () => {
  // Every seeded lobby provider has games (PNL and PNB hold the live tables and bingo rooms): the operator takes
  // the bingo rooms off the catalogue for this check and puts them back after it.
  const listed = await admin.get("/api/admin/games?vendor=PNB&pageSize=100");
  expect(listed.ok(), await listed.text()).toBe(true);
  type Row = Record<string, unknown> & { nodeId: number; enabled: boolean; version: number };
  const rows = ((await listed.json()).value.items as Row[]).filter((g) => g.enabled);
  expect(rows.length).toBeGreaterThan(0);
  const put = async (g: Row, enabled: boolean, version: number) => {
    const { names, gameType, gameClassify, thumbnail, isHot, sort } = g;
    const res = await admin.put(`/api/admin/games/${g.nodeId}`, {
      data: { names, gameType, gameClassify, thumbnail, isHot, sort, enabled, version },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).value as Row;
  };
  const off = [];
  for (const g of rows) off.push(await put(g, false, g.version));
  try {
    await page.goto("/bingo");
    const card = page.locator('[data-testid="vendor-card"][data-vendor="PNB"]');
    await expect(card).toBeVisible();
    await expect(card.getByTestId("vendor-unavailable")).toBeVisible();
    await page.goto("/bingo?vendor=PNB");
    await expect(page.getByTestId("vendor-unavailable-notice")).toBeVisible();
    await expect(page).toHaveURL(/\/bingo/);
  } finally {
    for (const g of off) await put(g, true, g.version);
  }
});
