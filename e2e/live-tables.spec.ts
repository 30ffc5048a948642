import { type APIRequestContext, expect, type Locator, type Page, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// Live tables end to end: two players at one baccarat table (one on a desktop through
// /live and the /game frame, one on a phone from the launch link) see the same round, countdown
// and result; the first bets on player, banker and tie (one of them always wins), sees its
// balance rise, and the round checks out on the verify page.
test.describe.configure({ mode: "serial" });
const stamp = Date.now().toString(36).slice(-6);
const TABLE = "baccarat-1";

const money = async (l: Locator) => Number((await l.innerText()).replace(/[^0-9.]/g, ""));

async function loginApi(api: APIRequestContext, username: string): Promise<Record<string, string>> {
  const login = await (
    await api.post("/wps/session/login", { data: { username, password: "tables123" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  return { authorization: `Bearer ${login.value.token}` };
}

test("two players share one table's rounds; a covered bet wins; the round verifies", async ({ browser }) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const a = `tba${stamp}`;
  const b = `tbb${stamp}`;
  await fundedPlayer(admin, a, "tables123", "500.00", "live tables e2e");
  await fundedPlayer(admin, b, "tables123", "500.00", "live tables e2e");

  // The room list (GLS2_roomList) shows the table with its limits, state and players.
  const authB = await loginApi(api, b);
  const rooms = await (await api.post("/wps/relay/GLS2_roomList", { headers: authB, data: {} })).json();
  const room = rooms.value.find((r: { tableId: string }) => r.tableId === TABLE);
  expect(room?.minBet).toBe("10.00");
  expect(typeof room?.players).toBe("number");
  const launch = await (
    await api.post("/wps/game/launchGame", { headers: authB, data: { nodeId: room.nodeId } })
  ).json();
  expect(launch.value.url).toContain(`/rgs/tables/${TABLE}`);

  // Player A: the site, /live, the table's card, into the /game frame.
  const ctxA = await browser.newContext();
  const pageA = await ctxA.newPage();
  const siteA = new SitePage(pageA);
  await siteA.openHome();
  await siteA.switchLanguage("EN");
  await siteA.loginFromHeader(a, "tables123");
  await siteA.expectLoggedIn(a);
  await pageA.goto("/live");
  await pageA.locator(`[data-testid=live-table][data-table=${TABLE}]`).getByTestId("live-play").click();
  const tableA = pageA.frameLocator('[data-testid="game-frame"]');
  // Player B: a phone held upright, the launch link.
  const ctxB = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const pageB: Page = await ctxB.newPage();
  const linkB = new URL(launch.value.url, site);
  linkB.searchParams.set("lang", "EN");
  await pageB.goto(linkB.toString());

  const resultA = tableA.getByTestId("table-result");
  const resultB = pageB.getByTestId("table-result");
  // A round that leaves time to bet: both screens show the same one, counting down.
  let roundId = "";
  for (let i = 0; i < 3 && !roundId; i++) {
    await expect(resultA).toHaveAttribute("data-status", "betting", { timeout: 40_000 });
    const id = (await resultA.getAttribute("data-round")) ?? "";
    const left = Number((await tableA.getByTestId("table-countdown").innerText()).replace(/\D/g, ""));
    // Two thirds of the 15 s window left: on a busy machine the clicks below take seconds, and
    // the balance must be read before this round settles.
    if (left >= 10) roundId = id;
    else await expect(resultA).not.toHaveAttribute("data-round", id, { timeout: 40_000 });
  }
  expect(roundId).not.toBe("");
  await expect(resultB).toHaveAttribute("data-round", roundId);
  // The same countdown: both count to the same instant, and show the same seconds.
  const closes = (await tableA.getByTestId("table-countdown").getAttribute("data-closes")) ?? "";
  expect(Date.parse(closes)).toBeGreaterThan(Date.now());
  await expect(pageB.getByTestId("table-countdown")).toHaveAttribute("data-closes", closes);
  await expect(pageB.getByTestId("table-countdown")).toContainText("Place your bets");
  await expect(tableA.getByTestId("table-countdown")).toContainText("Place your bets");

  const before = await money(tableA.getByTestId("table-balance"));
  for (const spot of ["player", "banker", "tie"]) await tableA.locator(`[data-spot=${spot}]`).click();
  await tableA.getByTestId("table-place").click();
  await expect(tableA.getByTestId("table-message")).toHaveText("Bets accepted");
  const afterBet = await money(tableA.getByTestId("table-balance"));
  expect(afterBet).toBeCloseTo(before - 30, 2);

  // The same result on both screens.
  await expect(resultA).toHaveAttribute("data-status", "settled", { timeout: 40_000 });
  await expect(resultB).toHaveAttribute("data-status", "settled", { timeout: 10_000 });
  await expect(resultB).toHaveAttribute("data-round", roundId);
  // The round's verify link, read while the screen still shows that round (the table moves on).
  const href = (await pageB.getByTestId("table-verify").getAttribute("href")) ?? "";
  const shownA = await resultA.locator(".outcome").innerText();
  expect(await resultB.locator(".outcome").innerText()).toBe(shownA);
  await expect(tableA.getByTestId("table-mywin")).toContainText("My win");
  await expect.poll(async () => money(tableA.getByTestId("table-balance"))).toBeGreaterThan(afterBet);
  await expect(pageB.getByTestId("big-road")).toBeVisible();

  // The phone screen fits and has no serious accessibility problems.
  expect(await pageB.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await (await settledAxe(pageB)).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // The verify page recomputes the round from its revealed seed: the hash published before betting.
  const round = (await (await api.get(`/rgs/api/tables/rounds/${roundId}`)).json()).value;
  expect(round.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(href).toContain(round.seed);
  await pageB.goto(href);
  await expect(pageB.getByTestId("table-verify-hash")).toContainText(round.seedHash);
  await expect(pageB.getByTestId("table-verify-outcome")).toContainText(
    `"winner": "${round.outcome.winner}"`,
  );

  await ctxA.close();
  await ctxB.close();
  await api.dispose();
  await admin.dispose();
});

test("the back office changes a table's window and chips on a phone; the table's next round follows", async ({
  browser,
}) => {
  const SICBO = "sicbo-1";
  const adminCtx = await browser.newContext();
  const page = await adminCtx.newPage();
  await new AdminPage(page).login();
  // Then a phone held upright (the login page checks the desktop navigation).
  await page.setViewportSize({ width: 390, height: 844 });
  const headers = { "x-requested-with": "panalo-admin" };
  const original = (await (await page.request.get("/api/admin/tables", { headers })).json()).value.find(
    (t: { id: string }) => t.id === SICBO,
  );
  expect(original, "the sic bo table").toBeTruthy();
  try {
    await page.goto("/admin/live-tables");
    await page.getByTestId(`live-settings-${SICBO}`).click();
    const dialog = page.getByTestId("table-settings-dialog");
    await expect(dialog).toBeVisible();
    // The dialog fits the phone: nothing sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Wrong values: each message beside its field, nothing sent.
    await dialog.getByTestId("table-betting-s").fill("1");
    await dialog.getByTestId("table-chip-input-0").fill(original.chips[1]);
    await dialog.getByTestId("table-limit-triple-max").fill("");
    await dialog.getByTestId("table-settings-save").click();
    await expect(dialog.getByText("At least 3 seconds")).toBeVisible();
    await expect(dialog.getByText("This chip is already in the set")).toBeVisible();
    await expect(dialog.getByText("Give the maximum too (or neither)")).toBeVisible();
    // Right values: a 6 s window and a 7.00 chip.
    await dialog.getByTestId("table-betting-s").fill("6");
    await dialog.getByTestId("table-chip-input-0").fill("7.00");
    await dialog.getByTestId("table-limit-triple-max").fill(original.limits.triple.max);
    const saved = Date.now();
    await dialog.getByTestId("table-settings-save").click();
    await expect(dialog).toBeHidden();
    await new AdminPage(page).expectToast("saved");
    const row = page.locator(`[data-testid=live-table-row][data-table=${SICBO}]`);
    await expect(row).toContainText("6 s");
    await expect(row).toContainText("7.00");

    // The next round opened after the change runs 6 s; a player opening the table sees the chip.
    await expect
      .poll(
        async () => {
          const r = (await (await page.request.get(`/rgs/api/tables/${SICBO}`)).json()).value.table.round;
          if (!r || Date.parse(r.opensAt) < saved) return null;
          return Date.parse(r.closesAt) - Date.parse(r.opensAt);
        },
        { timeout: 60_000 },
      )
      .toBe(6000);
    const admin = await operatorApi();
    const api = await request.newContext({ baseURL: site });
    const p = `tbc${stamp}`;
    await fundedPlayer(admin, p, "tables123", "100.00", "live tables settings e2e");
    const auth = await loginApi(api, p);
    const rooms = await (await api.post("/wps/relay/GLS2_roomList", { headers: auth, data: {} })).json();
    const room = rooms.value.find((r: { tableId: string }) => r.tableId === SICBO);
    const launch = await (
      await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId: room.nodeId } })
    ).json();
    const link = new URL(launch.value.url, site);
    link.searchParams.set("lang", "EN");
    const table = await adminCtx.newPage();
    await table.goto(link.toString());
    await expect(table.locator('[data-chip="7.00"]')).toBeVisible();
    await expect(table.getByTestId("table-result")).toHaveAttribute("data-status", "betting", {
      timeout: 30_000,
    });
    const left = Number((await table.getByTestId("table-countdown").innerText()).replace(/\D/g, ""));
    expect(left).toBeLessThanOrEqual(6);
    await admin.dispose();
    await api.dispose();
  } finally {
    const back = await page.request.put("/api/admin/tables", {
      headers,
      data: {
        id: SICBO,
        bettingMs: original.bettingMs,
        chips: original.chips,
        limits: original.limits,
      },
    });
    expect(back.ok(), await back.text()).toBe(true);
    await adminCtx.close();
  }
});

test("roulette on a phone: splits, corners, zero bets and the racetrack are placed from the layout", async ({
  browser,
}) => {
  const RL = "roulette-1";
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const p = `tbr${stamp}`;
  await fundedPlayer(admin, p, "tables123", "500.00", "live tables roulette e2e");
  const auth = await loginApi(api, p);
  const rooms = await (await api.post("/wps/relay/GLS2_roomList", { headers: auth, data: {} })).json();
  const room = rooms.value.find((r: { tableId: string }) => r.tableId === RL);
  const launch = await (
    await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId: room.nodeId } })
  ).json();
  const link = new URL(launch.value.url, site);
  link.searchParams.set("lang", "EN");
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await page.goto(link.toString());
  const result = page.getByTestId("table-result");
  // A round with time left to bet.
  let roundId = "";
  for (let i = 0; i < 3 && !roundId; i++) {
    await expect(result).toHaveAttribute("data-status", "betting", { timeout: 40_000 });
    const id = (await result.getAttribute("data-round")) ?? "";
    const left = Number((await page.getByTestId("table-countdown").innerText()).replace(/\D/g, ""));
    if (left >= 8) roundId = id;
    else await expect(result).not.toHaveAttribute("data-round", id, { timeout: 40_000 });
  }
  expect(roundId).not.toBe("");
  // The smallest chip (5.00): each tap lands on the target drawn there (a covered one would fail).
  for (const spot of [
    "straight:17",
    "split:17-20",
    "split:17-18",
    "corner:17-21",
    "street:16",
    "six:16",
    "first4",
  ])
    await page.locator(`[data-spot="${spot}"]`).tap();
  await page.locator('[data-spot="trio:0-1-2"]').tap();
  await page.locator('[data-spot="split:0-3"]').tap();
  await expect(page.getByRole("button", { name: "Split 17/20: ₱5.00" })).toBeVisible();
  // The racetrack: voisins du zéro is 9 chips, its total shown; undo takes it back whole.
  await page.getByTestId("racetrack").locator("summary").tap();
  const voisins = page.locator("[data-announced=voisins]");
  await expect(voisins).toContainText("9 chips × ₱5 = ₱45.00");
  // Nine single chips so far (9 × 5.00), then voisins adds nine more units.
  await expect(page.getByTestId("table-staged")).toContainText("₱45.00");
  await voisins.tap();
  await expect(page.getByTestId("table-staged")).toContainText("₱90.00");
  await page.locator("[data-act=undo]").tap();
  await expect(page.getByTestId("table-staged")).toContainText("₱45.00");
  await voisins.tap();
  await page.getByTestId("table-place").tap();
  await expect(page.getByTestId("table-message")).toHaveText("Bets accepted");
  const mine = page.getByTestId("table-mybets");
  for (const name of [
    "Corner 17-18-20-21",
    "Street 16-17-18",
    "Six line 16–21",
    "First four 0-1-2-3",
    "Trio 0-2-3",
  ])
    await expect(mine).toContainText(name);
  // Fits the phone, and the layout has no serious accessibility problem.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await (await settledAxe(page)).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await ctx.close();
  await api.dispose();
  await admin.dispose();
});
