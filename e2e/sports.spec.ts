import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import { expectNoSidewaysScroll } from "./support/player-pages.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site, WalletSite } from "./support/wallet-player.ts";

// A player builds a three-leg parlay and a single on /sports, accepts an odds change
// on the slip, watches a live match move, and finds the bets the simulator settled in my bets
// and the account record; /esports lists e-sports. The simulator is driven through the back
// office's test hook (one match at a chosen time), so nothing waits on its schedule.
test.describe.configure({ mode: "serial" });

const MATCH_MS = 30 * 60_000;
const username = `sb${Date.now().toString(36).slice(-7)}`;
const password = "sports2026";
interface Outcome {
  id: number;
  odds: number;
  active: boolean;
}
interface Match {
  id: number;
  startAt: string;
  status: string;
  markets: Array<{ kind: string; status: string; outcomes: Outcome[] }>;
}
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;
let tab = "today";
let picks: Match[] = [];

const tick = async (body: Record<string, unknown>) => {
  const r = await admin.post("/api/admin/sports/simulator/tick", { data: body });
  expect(r.ok(), await r.text()).toBe(true);
};
const firstPrice = (m: Match) => {
  const mk = m.markets.find((x) => (x.kind === "1x2" || x.kind === "moneyline") && x.status === "active");
  const o = mk?.outcomes[0];
  if (!o) throw new Error(`match ${m.id} has no open main market`);
  return o;
};

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  const book = await admin.put("/api/admin/sports/book", {
    data: { maxLegs: 12, liveDelayMs: 0, cashoutMarginBp: 500 },
  });
  expect(book.ok(), await book.text()).toBe(true);
  await tick({ perSport: 3 });
  await fundedPlayer(admin, username, password, "500.00", "e2e sports float");
  const lists: Record<string, Match[]> = {};
  for (const t of ["today", "early"]) {
    const r = await admin.get(`${site}/api/sports/matches?gameType=SPORTS&tab=${t}`);
    lists[t] = ((await r.json()).value.matches as Match[]).filter(
      // A main market the book has suspended (a price under the floor, a handicap moving)
      // cannot be picked; only matches whose main market is open and priced are used.
      // A match about to start may go live before the page is read (a busy machine): the
      // picks start at least 20 minutes from now.
      (m) =>
        m.status === "not_started" &&
        Date.parse(m.startAt) > Date.now() + 20 * 60_000 &&
        m.markets.some(
          (x) =>
            (x.kind === "1x2" || x.kind === "moneyline") &&
            x.status === "active" &&
            x.outcomes.every((o) => o.active),
        ),
    );
  }
  tab = (lists.today?.length ?? 0) >= 5 ? "today" : "early";
  picks = (lists[tab] ?? []).slice(0, 5);
  expect(picks.length).toBe(5);
  context = await browser.newContext();
  page = await context.newPage();
  const s = new SitePage(page);
  await s.openHome();
  await s.switchLanguage("EN");
  await s.loginFromHeader(username, password);
  await s.expectLoggedIn(username);
});

test.afterAll(async () => {
  await context?.close();
  await admin?.dispose();
});

test("builds a three-leg parlay, accepts an odds change on the slip, and places a single", async () => {
  await page.goto(`/sports?tab=${tab}`);
  await expect(page.getByTestId("match-list")).toBeVisible();
  const axe = await (await settledAxe(page)).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  const [a, b, c, d] = picks;
  if (!a || !b || !c || !d) throw new Error("picks");
  for (const m of [a, b, c]) await page.getByTestId(`price-${firstPrice(m).id}`).click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip.locator('[data-testid^="slip-item-"]')).toHaveCount(3);
  await expect(page.getByTestId("mode-parlay")).toBeChecked();
  await page.getByTestId("slip-stake").fill("10");
  await expect(page.getByTestId("slip-potential")).not.toHaveText("—");
  // The feed moves the first leg's price while the slip is open (a forced pre-match tick).
  const changed = page.getByTestId(`slip-changed-${firstPrice(a).id}`);
  await expect(async () => {
    await tick({ matchId: a.id, at: new Date().toISOString() });
    await expect(changed).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("place-bet")).toBeDisabled();
  await page.getByTestId("accept-odds").click();
  await page.getByTestId("place-bet").click();
  await expect(page.getByTestId("slip-message")).toHaveAttribute("role", "status");

  await page.getByTestId(`price-${firstPrice(d).id}`).click();
  await expect(page.getByTestId("mode-single")).toBeChecked();
  await page.getByTestId("slip-stake").fill("12");
  await page.getByTestId("place-bet").click();
  await expect(page.getByTestId("slip-message")).toHaveAttribute("role", "status");
  await expect(page.getByTestId("sports-my-bets").locator('[data-testid^="sb-bet-"]')).toHaveCount(2);
});

test("watches a live match move", async () => {
  const live = picks[4];
  if (!live) throw new Error("live pick");
  const start = Date.parse(live.startAt);
  await tick({ matchId: live.id, at: new Date(start + MATCH_MS / 4).toISOString() });
  await page.goto("/sports?tab=live");
  const minute = page.getByTestId(`minute-${live.id}`);
  await expect(minute).toBeVisible();
  const before = await minute.textContent();
  await tick({ matchId: live.id, at: new Date(start + MATCH_MS / 2).toISOString() });
  await expect(minute).not.toHaveText(before ?? "");
});

test("finds the bets settled by the simulator in my bets and the account record", async () => {
  for (const m of picks.slice(0, 4)) {
    await tick({ matchId: m.id, at: new Date(Date.parse(m.startAt) + MATCH_MS + 1000).toISOString() });
  }
  await page.goto(`/sports?tab=${tab}`);
  await page.getByTestId("sbbets-tab-settled").click();
  const settled = page.getByTestId("sports-my-bets").locator('[data-testid^="sb-bet-"]');
  await expect(settled).toHaveCount(2);
  for (const status of await settled.evaluateAll((els) => els.map((e) => e.getAttribute("data-status")))) {
    expect(["settled", "void"]).toContain(status);
  }
  await new WalletSite(page).openMemberPage("personalHistoryCopy");
  await expect(page.getByTestId("bet-row")).toHaveCount(2);
});

test("/esports shows the e-sports matches on the same page", async () => {
  await page.goto(`/esports?tab=${tab}`);
  await expect(page.getByTestId("page-sports")).toHaveAttribute("data-game-type", "ESPORTS");
  await expect(page.getByTestId("sport-mlbb")).toBeVisible();
  await expect(page.getByTestId("sport-football")).toHaveCount(0);
  await expect(page.getByTestId("match-list").locator("li.sb-match").first()).toBeVisible();
  // Phone first: the page with its lists, slip and bets fits 390 px. (The e-sports list just
  // shown: the sports matches of this tab may all have been played by the tests above, and
  // late in a Manila day "today" has none left.)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/esports?tab=${tab}`);
  await expect(page.getByTestId("match-list").locator("li.sb-match").first()).toBeVisible();
  await expectNoSidewaysScroll(page, "/esports at 390 px");
});

test("bets on /esports, cashes the bet out, and bets again on a phone", async () => {
  // Two e-sports matches open for betting, today's if there are two, else early ones.
  let etab = "today";
  let open: Match[] = [];
  for (const t of ["today", "early"]) {
    const r = await admin.get(`${site}/api/sports/matches?gameType=ESPORTS&tab=${t}`);
    open = ((await r.json()).value.matches as Match[]).filter(
      (m) =>
        m.status === "not_started" &&
        Date.parse(m.startAt) > Date.now() + 20 * 60_000 &&
        m.markets.some(
          (x) =>
            (x.kind === "1x2" || x.kind === "moneyline") &&
            x.status === "active" &&
            x.outcomes.every((o) => o.active),
        ),
    );
    etab = t;
    if (open.length >= 2) break;
  }
  const [e1, e2] = open;
  if (!e1 || !e2) throw new Error("two open e-sports matches");
  const wallet = new WalletSite(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/esports?tab=${etab}`);
  await page.getByTestId(`price-${firstPrice(e1).id}`).click();
  await expect(page.getByTestId("mode-single")).toBeChecked();
  await page.getByTestId("slip-stake").fill("10");
  await page.getByTestId("place-bet").click();
  await expect(page.getByTestId("slip-message")).toHaveAttribute("role", "status");

  // The only open bet is this one (the earlier ones were settled); cash it out.
  const myBets = page.getByTestId("sports-my-bets");
  await myBets.getByTestId("sbbets-tab-open").click();
  const bet = myBets.locator('[data-testid^="sb-bet-"]');
  await expect(bet).toHaveCount(1);
  const id = (await bet.getAttribute("data-testid"))?.replace("sb-bet-", "");
  const before = await wallet.balance.textContent();
  await page.getByTestId(`cashout-${id}`).click();
  await page.getByTestId(`cashout-take-${id}`).click();
  await expect(bet).toHaveCount(0);
  await expect(wallet.balance).not.toHaveText(before ?? "");
  await myBets.getByTestId("sbbets-tab-settled").click();
  await expect(page.getByTestId(`sb-bet-${id}`)).toHaveAttribute("data-status", "cashed_out");

  // On a 390 px phone: the slip floats at the bottom and opens as a sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/esports?tab=${etab}`);
  await page.getByTestId(`price-${firstPrice(e2).id}`).click();
  await page.getByTestId("slip-fab").click();
  await page.getByTestId("slip-stake").fill("10");
  await page.getByTestId("place-bet").click();
  await expect(page.getByTestId("slip-message")).toHaveAttribute("role", "status");
  await expectNoSidewaysScroll(page, "/esports with a bet placed at 390 px");

  // The record lists both e-sports bets (the cashed-out one and the open one) beside the
  // two settled sports bets.
  await page.setViewportSize({ width: 1280, height: 800 });
  await wallet.openMemberPage("personalHistoryCopy");
  await expect(page.getByTestId("bet-row")).toHaveCount(4);
});
