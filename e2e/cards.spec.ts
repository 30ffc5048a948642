import { expect, type FrameLocator, request, test } from "@playwright/test";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// A Hold'em table end to end: player A from the site's /pvp list into the table screen (the
// game frame), player B through the API; A sits down with a buy-in, calls on the screen, B
// folds; A's screen verifies the hand's deck from the revealed seed and A stands up, paid.
const stamp = Date.now().toString(36).slice(-6);

test("a hand at a Hold'em table: list, sit down, call, verify, stand up", async ({ browser }) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const a = `cda${stamp}`;
  const b = `cdb${stamp}`;
  await fundedPlayer(admin, a, "cards1234", "100.00", "cards e2e");
  await fundedPlayer(admin, b, "cards1234", "100.00", "cards e2e");

  const page = await (await browser.newContext()).newPage();
  const siteA = new SitePage(page);
  await siteA.openHome();
  await siteA.switchLanguage("EN");
  await siteA.loginFromHeader(a, "cards1234");
  await siteA.expectLoggedIn(a);
  await page.goto("/pvp");
  await page.getByTestId("card-filter-game").selectOption("holdem");
  const table = page.locator("[data-testid=card-table][data-table=holdem-1]");
  await expect(table.getByTestId("card-seats")).toContainText("0 of 6");
  await table.getByTestId("card-play").click();
  const frame: FrameLocator = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.locator("#app")).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  await frame.getByTestId("cards-buy-in").fill("40.00");
  await frame.getByTestId("cards-sit").click();
  await expect(frame.locator("#app")).toHaveAttribute("data-seat", "1");

  // B sits down through the API (the launch link's token opens B's session at the table).
  const login = await (
    await api.post("/wps/session/login", { data: { username: b, password: "cards1234" } })
  ).json();
  const authB = { authorization: `Bearer ${login.value.token}` };
  const rooms = (
    await (await api.post("/wps/relay/GLS2_roomList", { headers: authB, data: { game: "holdem" } })).json()
  ).value as Array<{ tableId: string; nodeId: number }>;
  const node = rooms.find((r) => r.tableId === "holdem-1")?.nodeId;
  const launch = (
    await (await api.post("/wps/game/launchGame", { headers: authB, data: { nodeId: node } })).json()
  ).value;
  const token = new URL(launch.url, site).searchParams.get("token");
  const session = (
    await (await api.post("/rgs/api/cards/session", { data: { token, tableId: "holdem-1" } })).json()
  ).value;
  const joined = await (
    await api.post("/rgs/api/cards/join", {
      data: { sessionId: session.sessionId, requestId: "j", buyIn: "40.00" },
    })
  ).json();
  expect(joined.success, JSON.stringify(joined)).toBe(true);

  // The button moves one seat on with every hand at a table, so an earlier test's hand here may
  // have left it before B (seat 2). Heads-up the button posts the small blind and acts first: if
  // that is B, B folds that hand (A takes B's small blind) and the next hand's button is A.
  const stateOfB = async () =>
    (await (await api.get(`/rgs/api/cards/state?sessionId=${session.sessionId}`)).json()).value;
  await expect
    .poll(async () => (await stateOfB()).hand?.actingSeat ?? null, { timeout: 30_000 })
    .not.toBeNull();
  let taken = 0;
  if ((await stateOfB()).hand?.actingSeat === 2) {
    const first = await (
      await api.post("/rgs/api/cards/act", {
        data: { sessionId: session.sessionId, requestId: "f0", action: { type: "fold" } },
      })
    ).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    taken = 1;
  }
  // A, on the button, posts the small blind and acts first: A calls on the screen.
  await expect(frame.getByTestId("cards-timer")).toContainText("Your turn", { timeout: 30_000 });
  await frame.getByTestId("cards-call").click();
  // B folds, then stands up at once (no next hand is dealt with one player).
  await expect
    .poll(async () => {
      const s = (await (await api.get(`/rgs/api/cards/state?sessionId=${session.sessionId}`)).json()).value;
      return s.hand?.actingSeat;
    })
    .toBe(2);
  const fold = await (
    await api.post("/rgs/api/cards/act", {
      data: { sessionId: session.sessionId, requestId: "f", action: { type: "fold" } },
    })
  ).json();
  expect(fold.success, JSON.stringify(fold)).toBe(true);
  await api.post("/rgs/api/cards/leave", {
    data: { sessionId: session.sessionId, seatId: joined.value.seatId },
  });

  // A's screen: the hand over, its seed revealed and checked against the deck hash.
  await expect(frame.locator(".cards-page")).toHaveAttribute("data-hand", "complete", { timeout: 10_000 });
  await frame.getByTestId("cards-verify").click();
  await expect(frame.locator(".cards-verified")).toHaveAttribute("data-ok", "true");
  // A won B's big blind (and B's small blind if B folded a first hand): 42.00 or 43.00 at the
  // table; standing up pays it back.
  await expect(frame.locator(".cards-stack")).toContainText(`${42 + taken}.00`);
  await frame.getByTestId("cards-leave").click();
  await expect(frame.locator("#app")).toHaveAttribute("data-seat", "");
});
