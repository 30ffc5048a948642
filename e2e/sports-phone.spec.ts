import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from "@playwright/test";
import { expectNoSidewaysScroll } from "./support/player-pages.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// The sportsbook on a 390 px phone: the bet slip floats (a button with the count of picks at
// the bottom of the screen) and opens over the page as a sheet; a bet at a dead price — one
// that moved under the slip, or one under the operator's floor — is refused with the price of
// now shown on the slip. Live pushes are held back (the page's socket answers nothing), so the
// slip learns the new price from the refusal only; the simulator moves prices through the back
// office's tick hook.
test.describe.configure({ mode: "serial" });

const username = `sp${Date.now().toString(36).slice(-7)}`;
const password = "sports2026";
interface Outcome {
  id: number;
  odds: number;
  active: boolean;
}
interface Market {
  id: number;
  kind: string;
  status: string;
  outcomes: Outcome[];
}
interface Match {
  id: number;
  startAt: string;
  status: string;
  markets: Market[];
}
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;
let tab = "today";
let picks: Match[] = [];
let floorBefore = 1050;

const isMain = (x: Market) =>
  (x.kind === "1x2" || x.kind === "moneyline") && x.status === "active" && x.outcomes.every((o) => o.active);
const mainOf = (m: Match) => {
  const mk = m.markets.find(isMain);
  if (!mk) throw new Error(`match ${m.id} has no open main market`);
  return mk;
};
const matchNow = async (id: number): Promise<Match> =>
  (await (await admin.get(`${site}/api/sports/matches/${id}`)).json()).value as Match;
const book = (minOdds: number) =>
  admin.put("/api/admin/sports/book", {
    data: { maxLegs: 12, liveDelayMs: 0, cashoutMarginBp: 500, minOdds },
  });

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  const before = await admin.get("/api/admin/sports/sports");
  expect(before.ok(), await before.text()).toBe(true);
  floorBefore = (await before.json()).value.book.minOdds;
  const set = await book(floorBefore);
  expect(set.ok(), await set.text()).toBe(true);
  const tick = await admin.post("/api/admin/sports/simulator/tick", { data: { perSport: 3 } });
  expect(tick.ok(), await tick.text()).toBe(true);
  await fundedPlayer(admin, username, password, "300.00", "e2e sports phone float");
  const lists: Record<string, Match[]> = {};
  for (const t of ["today", "early"]) {
    const r = await admin.get(`${site}/api/sports/matches?gameType=SPORTS&tab=${t}`);
    // Matches whose main market is open, with a price the floor can be raised over (≤ 1.999).
    lists[t] = ((await r.json()).value.matches as Match[]).filter(
      (m) =>
        m.status === "not_started" &&
        m.markets.some((x) => isMain(x) && x.outcomes.some((o) => o.odds < 2000)),
    );
  }
  tab = (lists.today?.length ?? 0) >= 2 ? "today" : "early";
  picks = (lists[tab] ?? []).slice(0, 2);
  expect(picks.length).toBe(2);

  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The live socket connects to nothing: no push tells the page a price moved.
  await context.routeWebSocket(/\/api\/sports\/live/, () => {});
  const api = await request.newContext({ baseURL: site });
  try {
    const login = await (await api.post("/wps/session/login", { data: { username, password } })).json();
    expect(login.success, JSON.stringify(login)).toBe(true);
    await context.addInitScript(
      ({ token, name }) => {
        // The site's pages only (a blank page has no storage).
        if (location.protocol !== "http:") return;
        localStorage.setItem("panalo.lang", "EN");
        sessionStorage.setItem("panalo.token", token);
        sessionStorage.setItem("panalo.username", name);
        sessionStorage.setItem("panalo.isAgent", "0");
      },
      { token: String(login.value.token), name: username },
    );
  } finally {
    await api.dispose();
  }
  page = await context.newPage();
  // The site opens signed in (its code and session loaded once, as a player arrives).
  const s = new SitePage(page);
  await s.openHome();
  await s.expectLoggedIn(username);
});

test.afterAll(async () => {
  await book(floorBefore);
  await context?.close();
  await admin?.dispose();
});

test("on a 390 px phone the slip floats at the bottom and opens over the page", async () => {
  const [a] = picks;
  if (!a) throw new Error("pick");
  await page.goto(`/sports?tab=${tab}`);
  await expect(page.getByTestId("match-list")).toBeVisible();
  // A match's title is a button that looks like one (a border), not bare text.
  const title = page.getByTestId(`open-match-${a.id}`);
  expect(await title.evaluate((el) => getComputedStyle(el).borderTopStyle)).not.toBe("none");
  // No pick: nothing floats, and the slip takes no room on the page.
  await expect(page.getByTestId("slip-fab")).toHaveCount(0);
  await expect(page.getByTestId("bet-slip")).toBeHidden();

  const price = mainOf(a).outcomes[0];
  if (!price) throw new Error("price");
  await page.getByTestId(`price-${price.id}`).click();
  const fab = page.getByTestId("slip-fab");
  await expect(fab).toBeVisible();
  await expect(fab).toContainText("1");
  await expect(page.getByTestId("bet-slip")).toBeHidden();
  const box = await fab.boundingBox();
  if (!box) throw new Error("fab box");
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.y).toBeGreaterThan(844 / 2);
  await expectNoSidewaysScroll(page, "/sports with a pick at 390 px");

  await fab.click();
  const sheet = page.getByRole("dialog", { name: "Bet slip" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId(`slip-item-${price.id}`)).toBeVisible();
  const sheetBox = await sheet.boundingBox();
  if (!sheetBox) throw new Error("sheet box");
  expect(sheetBox.x).toBeGreaterThanOrEqual(0);
  expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(390);
  expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(844);
  await page.getByTestId("slip-close").click();
  await expect(sheet).toHaveCount(0);
  await expect(fab).toBeVisible();
});

test("a price that moved under the slip is refused with the new price, which the player accepts", async () => {
  const [a] = picks;
  if (!a) throw new Error("pick");
  const price = mainOf(a).outcomes[0];
  if (!price) throw new Error("price");
  // The slip holds the price the page showed; the feed moves it (a forced pre-match tick)
  // while no push reaches the page.
  let now = price.odds;
  await expect(async () => {
    const r = await admin.post("/api/admin/sports/simulator/tick", {
      data: { matchId: a.id, at: new Date().toISOString() },
    });
    expect(r.ok(), await r.text()).toBe(true);
    const mk = (await matchNow(a.id)).markets.find((x) => x.id === mainOf(a).id);
    const o = mk?.outcomes.find((x) => x.id === price.id);
    expect(mk?.status).toBe("active");
    expect(o?.odds).not.toBe(price.odds);
    now = o?.odds ?? price.odds;
  }).toPass({ timeout: 30_000 });

  await page.getByTestId("slip-fab").click();
  await expect(page.getByTestId(`slip-changed-${price.id}`)).toHaveCount(0);
  await page.getByTestId("slip-policy").selectOption("none");
  await page.getByTestId("slip-stake").fill("10");
  await page.getByTestId("place-bet").click();
  const message = page.getByTestId("slip-message");
  await expect(message).toHaveAttribute("role", "alert");
  await expect(message).toHaveText("The odds have changed. Please review and accept the new odds.");
  await expect(page.getByTestId(`slip-now-${price.id}`)).toHaveAttribute("data-odds", String(now));
  await expect(page.getByTestId("place-bet")).toBeDisabled();
  await page.getByTestId("accept-odds").click();
  await page.getByTestId("place-bet").click();
  await expect(message).toHaveAttribute("role", "status");
});

test("a price under the operator's floor is refused and shown as not offered", async () => {
  const [, b] = picks;
  if (!b) throw new Error("pick");
  const mk = mainOf(b);
  const low = [...mk.outcomes].sort((x, y) => x.odds - y.odds)[0];
  if (!low) throw new Error("price");
  await page.goto(`/sports?tab=${tab}`);
  const button = page.getByTestId(`price-${low.id}`);
  // The price the page shows now (the one the slip takes).
  const odds = Number(await button.getAttribute("data-odds"));
  expect(odds).toBeLessThan(2000);
  await button.click();
  await page.getByTestId("slip-fab").click();
  await page.getByTestId("slip-stake").fill("10");
  // The operator raises the floor over this price after the slip took it.
  const raised = await book(odds + 1);
  expect(raised.ok(), await raised.text()).toBe(true);
  try {
    await page.getByTestId("place-bet").click();
    const message = page.getByTestId("slip-message");
    await expect(message).toHaveAttribute("role", "alert");
    await expect(message).toHaveText(
      `A price below ${((odds + 1) / 1000).toFixed(2)} is not offered. Please check the current odds.`,
    );
    await expect(page.getByTestId(`slip-dead-${low.id}`)).toContainText("Not offered now");
    await expect(page.getByTestId("place-bet")).toBeDisabled();
    await expect(page.getByTestId("accept-odds")).toHaveCount(0);
    await page.getByTestId(`slip-remove-${low.id}`).click();
    await expect(page.getByTestId(`slip-item-${low.id}`)).toHaveCount(0);
  } finally {
    await book(floorBefore);
  }
});
