import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import { GamesPage } from "./support/games-page.ts";
import { LOYALTY_PLAYER } from "./support/seed-loyalty.ts";
import { SitePage } from "./support/site-page.ts";
import { operatorApi, WalletSite } from "./support/wallet-player.ts";

/**
 * Loyalty. The seed gives the player (only) a settled ₱77,777.00 slot round. The
 * operator's set-up is made here through the back-office API and withdrawn after, scoped so the
 * other suites' members are not touched: a VIP level at ₱77,780.00 of valid bets (only this
 * player's round and first spin reach it) with its perks, 1 point per ₱1 on slots at that level only, a
 * two-round mission for that level only, and a goods item. The player plays a slot in the /game
 * frame: the first spin lifts them to the level (the member centre shows it and its perks), the
 * next two move the mission and the points live; they claim the prize in the reward centre,
 * redeem the item with the transaction password, the operator approves it.
 */
test.describe.configure({ mode: "serial" });

const GAME = "Mango Mania";
const MISSION = `E2E two spins ${Date.now().toString(36).slice(-5)}`;
const ITEM = `E2E Panalo cap ${Date.now().toString(36).slice(-5)}`;
const LEVEL = {
  level: 9,
  name: "E2E VIP",
  // ₱77,780.00: the seeded ₱77,777.00 round alone stays below it, the first 9.00 spin passes it
  // (whenever the accrual job first reads the seeded round).
  minValidBet: "77780.00",
  minDeposit: "0",
  rebateRatePercent: "0.5",
  withdrawDailyMax: "20000.00",
  withdrawDailyCount: 3,
  birthdayBonus: "0",
  upgradeBonus: "5.00",
};
const mission = {
  campaignId: null,
  names: { EN: MISSION, TY: MISSION },
  period: "once",
  tasks: [{ type: "rounds", target: 2 }],
  prizeKind: "cash",
  prizeAmount: 300,
  minVipLevel: 9,
};
const item = {
  kind: "goods",
  names: { EN: ITEM, TY: ITEM },
  pricePoints: 10,
  stock: 3,
  amount: null,
  bonusRuleId: null,
  memberCap: null,
  periodCap: null,
};

let admin: APIRequestContext;
let context: BrowserContext;
let memberId = 0;
let missionId = 0;
let itemId = 0;
const ok = async (res: Promise<import("@playwright/test").APIResponse>) => {
  const r = await res;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()).value;
};

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  await ok(admin.put("/api/admin/loyalty/vip-levels", { data: LEVEL }));
  await ok(
    admin.put("/api/admin/loyalty/rates", { data: { gameType: "RNG", vipLevel: 9, ratePercent: "100" } }),
  );
  missionId = (await ok(admin.post("/api/admin/loyalty/missions", { data: mission }))).id;
  itemId = (await ok(admin.post("/api/admin/loyalty/mall/items", { data: item }))).id;
  const found = await ok(admin.get(`/api/admin/players?q=${LOYALTY_PLAYER.username}`));
  memberId = found.items.find((m: { username: string }) => m.username === LOYALTY_PLAYER.username)?.id;
  expect(memberId).toBeGreaterThan(0);
  await ok(
    admin.post("/api/admin/adjustments", {
      data: { memberId, amount: "200.00", reason: "E2E loyalty play money" },
    }),
  );
  // The seeded round is in the player's VIP window once the accrual job has read it.
  await ok(admin.post("/api/admin/jobs/loyalty.accrue/run"));
  await expect
    .poll(async () => (await ok(admin.get(`/api/admin/loyalty/members/${memberId}/vip`))).validBet, {
      timeout: 60_000,
    })
    .toBe("77777.00");
  context = await browser.newContext();
});
test.afterAll(async () => {
  // Withdrawn: nobody else could reach the level, and its rate, mission and item go too.
  await admin?.put(`/api/admin/loyalty/missions/${missionId}`, { data: { ...mission, enabled: false } });
  await admin?.put("/api/admin/loyalty/rates", { data: { gameType: "RNG", vipLevel: 9, ratePercent: "0" } });
  await admin?.put(`/api/admin/loyalty/mall/items/${itemId}`, { data: { ...item, enabled: false } });
  await context?.close();
  await admin?.dispose();
});

async function noSeriousA11y(page: Page) {
  const result = await (await settledAxe(page)).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => v.id)).toEqual([]);
}

let centre: Page;

test("plays a slot: rises a VIP level and sees its perks, the mission moves live as spins settle", async () => {
  test.slow();
  const page = await context.newPage();
  const site = new SitePage(page);
  await site.openHome();
  await site.switchLanguage("EN");
  const wallet = new WalletSite(page);
  await wallet.login(LOYALTY_PLAYER.username, LOYALTY_PLAYER.password);

  // A second tab on the member centre's missions, left open while the first plays.
  const opened = page.waitForEvent("popup");
  await page.evaluate(() => window.open("/", "_blank"));
  centre = await opened;
  const centreWallet = new WalletSite(centre);
  await centreWallet.openMemberPage("missionLeaderboard");
  await expect(centre.getByTestId("vip-level")).toHaveText("VIP0");
  await expect(centre.getByTestId("missions")).not.toContainText(MISSION);

  const games = new GamesPage(page);
  await games.open("/rng");
  await games.launch(GAME);
  await games.expectInGame(GAME);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const root = game.locator("[data-state]").first();
  await expect(game.getByTestId("slot-balance")).toHaveAttribute("data-balance", "200.00", {
    timeout: 30_000,
  });
  // 1.00 a line on 9 lines: 9.00 a spin, 9 points at the level.
  for (let i = 0; i < 6; i++) await game.getByTestId("slot-bet-up").click();
  await expect(game.getByTestId("slot-bet")).toHaveAttribute("data-total-bet", "9.00");
  const spin = async () => {
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    await game.getByTestId("slot-spin").click();
    await game.getByTestId("slot-window").click();
  };

  // The first spin lifts the player to the level: the open page shows it and its perks.
  await spin();
  await expect(centre.getByTestId("vip-level")).toHaveText(LEVEL.name, { timeout: 30_000 });
  const perks = centre.getByTestId("vip-perks");
  await expect(perks).toContainText("0.5%");
  await expect(perks).toContainText("20,000.00");
  await expect(perks).toContainText("3 withdrawals a day");
  await expect(perks).toContainText("1 points per ₱1 bet on RNG");
  const row = centre.locator(`[data-testid="mission-${missionId}"]`);
  await expect(row).toContainText(MISSION);

  // The next two move the mission, pushed to the open page as each settles.
  await spin();
  await expect(row).toContainText("1 / 2", { timeout: 30_000 });
  await spin();
  await expect(row).toHaveAttribute("data-completed", "true", { timeout: 30_000 });
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  await noSeriousA11y(centre);
  await page.close();
});

test("claims the mission's prize in the reward centre", async () => {
  // The prize waits in the reward centre (beside the level's upgrade bonus).
  await new WalletSite(centre).openMemberPage("rewardCenter");
  const prize = centre.getByTestId("reward-item").filter({ hasText: MISSION });
  await expect(prize.getByTestId("reward-amount")).toContainText("3.00");
  await prize.getByTestId("reward-claim").click();
  await expect(centre.getByTestId("rewards-notice")).toContainText("3.00");
  await centre.keyboard.press("Escape");
});

test("redeems a mall item with the transaction password; the operator approves it", async ({ browser }) => {
  // The mall: 18 points from two spins at the level, the item redeemed with the transaction password.
  await centre.goto("/pointMall");
  await expect(centre.getByTestId("points-balance")).toHaveText("18");
  const card = centre.locator('[data-testid^="mall-item-"]').filter({ hasText: ITEM });
  await card.getByRole("button").click();
  const form = centre.getByTestId("redeem-form");
  await form.getByLabel(/Receiving address/).fill("12 Mabini St, Quezon City");
  await form.getByLabel(/Mobile number/).fill("09171234567");
  await form.getByLabel(/Transaction password/).fill(LOYALTY_PLAYER.txPassword);
  await centre.getByTestId("redeem-submit").click();
  await expect(centre.getByTestId("points-balance")).toHaveText("8");
  await centre.getByTestId("mall-tab-history").click();
  await expect(centre.getByTestId("redeem-history")).toContainText("In process");
  await noSeriousA11y(centre);

  // The operator approves it in the back office's queue with a tracking reference (the same
  // operator session as the set-up's calls).
  const office = await browser.newContext({ storageState: await admin.storageState() });
  try {
    const op = await office.newPage();
    await op.goto("/admin/loyalty");
    const queue = op.getByTestId("loyalty-queue");
    const row = queue.locator('tr[data-testid^="redemption-"]').filter({ hasText: ITEM });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(LOYALTY_PLAYER.username);
    await expect(row).toContainText("12 Mabini St, Quezon City · 09171234567");
    await row.getByRole("textbox").fill("LBC-20");
    await row.getByRole("button", { name: "Approve" }).click();
    // Decided: it leaves the in-process queue and shows under "approved" with its reference.
    await expect(row).toHaveCount(0);
    await queue.getByRole("combobox").selectOption("approved");
    await expect(queue.locator('tr[data-testid^="redemption-"]').filter({ hasText: ITEM })).toContainText(
      "approved (LBC-20)",
    );
  } finally {
    await office.close();
  }
  await centre.reload();
  await centre.getByTestId("mall-tab-history").click();
  await expect(centre.getByTestId("redeem-history")).toContainText("Approved · LBC-20");
});

test("redeems free spins on a slot and plays them without paying", async () => {
  // The operator stocks 2 free spins at 1.00 a line on the slot the player knows.
  const games = await ok(admin.get(`/api/admin/games?q=${encodeURIComponent(GAME)}`));
  const slot = (games.items as Array<{ vendor: string; gameCode: string; names: { EN?: string } }>).find(
    (g) => g.names.EN === GAME,
  );
  expect(slot).toBeTruthy();
  const spinsItem = {
    ...item,
    kind: "freespins",
    names: { EN: `${ITEM} spins`, TY: `${ITEM} spins` },
    pricePoints: 5,
    stock: null,
    freeSpins: {
      vendor: slot?.vendor,
      gameCode: slot?.gameCode,
      spins: 2,
      betPerLine: "1.00",
      expiryDays: 1,
    },
  };
  const spinsItemId = (await ok(admin.post("/api/admin/loyalty/mall/items", { data: spinsItem }))).id;
  try {
    await centre.goto("/pointMall");
    await expect(centre.getByTestId("points-balance")).toHaveText("8");
    const card = centre.locator(`[data-testid="mall-item-${spinsItemId}"]`);
    await expect(card).toContainText("2");
    await card.getByRole("button").click();
    const form = centre.getByTestId("redeem-form");
    await form.getByLabel(/Transaction password/).fill(LOYALTY_PLAYER.txPassword);
    await centre.getByTestId("redeem-submit").click();
    await expect(centre.getByTestId("points-balance")).toHaveText("3");

    // In the slot: two spins on the house, the balance never pays for them.
    const play = new GamesPage(centre);
    await play.open("/rng");
    await play.launch(GAME);
    await play.expectInGame(GAME);
    const game = centre.frameLocator('[data-testid="game-frame"]');
    const root = game.locator("[data-state]").first();
    const left = game.getByTestId("slot-free-spins-left");
    await expect(left).toHaveAttribute("data-left", "2", { timeout: 30_000 });
    const balance = game.getByTestId("slot-balance");
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    const before = Number(await balance.getAttribute("data-balance"));
    await game.getByTestId("slot-spin").click();
    await expect(left).toHaveAttribute("data-left", "1", { timeout: 30_000 });
    await game.getByTestId("slot-window").click();
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    expect(Number(await balance.getAttribute("data-balance"))).toBeGreaterThanOrEqual(before);
    await game.getByTestId("slot-spin").click();
    await expect(left).toHaveAttribute("data-left", "0", { timeout: 30_000 });
    await expect(left).toBeHidden();
    await game.getByTestId("slot-window").click();
    await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
    expect(Number(await balance.getAttribute("data-balance"))).toBeGreaterThanOrEqual(before);
    await play.closeGame();

    // The betting record labels both rounds "Free spin", each with a bet of 0.00; the paid
    // spins before them carry no label.
    await new WalletSite(centre).openMemberPage("personalHistoryCopy");
    const rows = centre.getByTestId("bet-row");
    await expect(rows.nth(2)).toBeVisible();
    for (const i of [0, 1]) {
      await expect(rows.nth(i).getByTestId("bet-free-spin")).toHaveText("Free spin");
      await expect(rows.nth(i).getByTestId("bet-amount")).toHaveText(/(?<![\d.,])0\.00$/);
    }
    await expect(rows.nth(2).getByTestId("bet-free-spin")).toHaveCount(0);
    await noSeriousA11y(centre);

    // The mall record counts both spins played.
    await centre.goto("/pointMall");
    await centre.getByTestId("mall-tab-history").click();
    await expect(centre.locator('[data-testid^="redeem-free-spins-played-"]').first()).toHaveText(
      /2 of 2 played$/,
    );
  } finally {
    await admin.put(`/api/admin/loyalty/mall/items/${spinsItemId}`, {
      data: { ...spinsItem, enabled: false },
    });
  }
});

test("shows the rankings once their banner groups exist", async ({ page }) => {
  const made: number[] = [];
  for (const groupName of ["w_bet20", "w_deposit20"]) {
    const res = await admin.post("/api/admin/banners", {
      data: {
        groupName,
        imageUrl: "https://example.invalid/rank.png",
        alt: { TY: "Ranggo", EN: "Ranking" },
        linkageType: null,
        linkage: null,
        sortOrder: 0,
        enabled: true,
        startsAt: null,
        endsAt: null,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    made.push((await res.json()).value.id);
  }
  try {
    const run = await admin.post("/api/admin/jobs/loyalty.rankings/run");
    expect(run.ok(), await run.text()).toBe(true);
    await expect
      .poll(
        async () => ((await (await admin.get("/wps/loyalty/rank/bet")).json()).value?.rows ?? []).length,
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    const site = new SitePage(page);
    await site.openHome();
    await site.switchLanguage("EN");
    await page.getByTestId("top-menu").click();
    await page
      .getByRole("link", { name: "Bet ranking" })
      .or(page.locator('a[href="/bet-rank"]'))
      .first()
      .click();
    await expect(page.getByTestId("rank-rows")).toContainText("e2***y");
    await noSeriousA11y(page);
  } finally {
    for (const id of made) await admin.delete(`/api/admin/banners/${id}`);
  }
});
