import { type APIRequestContext, type Browser, expect, type Locator, request, test } from "@playwright/test";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// Players at one card table, each in a browser context of their own: two at a Hold'em table and
// three at a Tongits table, one of each on a phone held upright, and an emote from one screen
// shown on the other. Set-up is through the API (accounts, funds, the launch link); every move is
// made on the table screens. Each plays a hand to its end, every screen verifies the deck from the
// revealed seed, everyone stands up and the winner's balance has risen. The tables' pause between
// hands is raised for the test, so no next hand is dealt while the players stand up (no race with
// the clock), and restored after it.
const stamp = Date.now().toString(36).slice(-6);
const PASSWORD = "cards1234";
const FUNDS = 500_00;

interface Player {
  name: string;
  auth: Record<string, string>;
  app: Locator;
}

const ok = async (res: Promise<import("@playwright/test").APIResponse>) => {
  const json = await (await res).json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.value;
};
const centavos = (s: string) => Math.round(Number(s.replace(/[^\d.]/g, "")) * 100);

async function setPause(admin: APIRequestContext, tableId: string, pauseSeconds: number): Promise<void> {
  await ok(admin.put("/api/admin/cards/tables", { data: { tableId, pauseSeconds } }));
}

/** A funded player whose browser context opens the table's screen from the launch link. */
async function openTable(
  browser: Browser,
  admin: APIRequestContext,
  api: APIRequestContext,
  name: string,
  game: "holdem" | "tongits",
  tableId: string,
  phone = false,
): Promise<Player> {
  await fundedPlayer(admin, name, PASSWORD, (FUNDS / 100).toFixed(2), "card tables e2e");
  const login = await ok(api.post("/wps/session/login", { data: { username: name, password: PASSWORD } }));
  const auth = { authorization: `Bearer ${login.token}` };
  const rooms = (await ok(api.post("/wps/relay/GLS2_roomList", { headers: auth, data: { game } }))) as Array<{
    tableId: string;
    nodeId: number;
  }>;
  const nodeId = rooms.find((r) => r.tableId === tableId)?.nodeId;
  const launch = await ok(api.post("/wps/game/launchGame", { headers: auth, data: { nodeId } }));
  const url = new URL(launch.url, site);
  url.searchParams.set("lang", "EN");
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  // The screen is ready when it says so (its own attribute), not at the page's load event.
  await page.goto(url.toString(), { waitUntil: "domcontentloaded" });
  const app = page.locator("#app");
  await expect(app).toHaveAttribute("data-state", "ready");
  return { name, auth, app };
}

async function sitDown(p: Player, buyIn: string, seat: number): Promise<void> {
  await p.app.getByTestId("cards-buy-in").fill(buyIn);
  await p.app.getByTestId("cards-sit").click();
  await expect(p.app).toHaveAttribute("data-seat", String(seat));
}

/**
 * Play the hand on the screens: whoever's screen says it is their move clicks the first of
 * `prefer` it offers, then waits for its screen to show the move made (the hand's move count).
 */
async function playHand(players: Player[], prefer: (p: Player) => string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    let actor: Player | null = null;
    await expect
      .poll(
        async () => {
          for (const p of players)
            if ((await p.app.getAttribute("data-turn")) === "mine") {
              actor = p;
              return "move";
            }
          const over = await players[0]?.app.locator(".cards-page").getAttribute("data-hand");
          return over === "complete" ? "over" : "wait";
        },
        { intervals: [50] },
      )
      .not.toBe("wait");
    const p = actor as Player | null;
    if (!p) return;
    const seq = (await p.app.getAttribute("data-seq")) ?? "";
    let clicked = false;
    for (const id of prefer(p)) {
      const button = p.app.getByTestId(id);
      if ((await button.count()) > 0) {
        await button.first().click();
        clicked = true;
        break;
      }
    }
    expect(clicked, `a move among ${prefer(p).join(", ")}`).toBe(true);
    await expect(p.app).not.toHaveAttribute("data-seq", seq);
  }
  throw new Error("the hand did not end");
}

/** Every screen shows the hand over and verifies its deck; everyone stands up; the winner gained. */
async function finish(api: APIRequestContext, players: Player[], buyIn: number): Promise<void> {
  const stacks: number[] = [];
  for (const p of players) {
    await expect(p.app.locator(".cards-page")).toHaveAttribute("data-hand", "complete");
    await p.app.getByTestId("cards-verify").click();
    await expect(p.app.locator(".cards-verified")).toHaveAttribute("data-ok", "true");
    stacks.push(centavos((await p.app.locator(".cards-stack").textContent()) ?? ""));
  }
  const best = Math.max(...stacks);
  expect(best).toBeGreaterThan(buyIn);
  const winner = players[stacks.indexOf(best)] as Player;
  for (const p of players) {
    await p.app.getByTestId("cards-leave").click();
    await expect(p.app).toHaveAttribute("data-seat", "");
  }
  const funds = await ok(api.get("/wps/v2/wallets/balance", { headers: winner.auth }));
  expect(centavos(String(funds.main))).toBe(FUNDS - buyIn + best);
  expect(centavos(String(funds.main))).toBeGreaterThan(FUNDS);
}

test("two players at a Hold'em table play a hand on their screens", async ({ browser }) => {
  const TABLE = "holdem-1";
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  await setPause(admin, TABLE, 60);
  try {
    const [a, b] = await Promise.all([
      openTable(browser, admin, api, `hea${stamp}`, "holdem", TABLE),
      openTable(browser, admin, api, `heb${stamp}`, "holdem", TABLE, true),
    ]);
    await sitDown(a, "40.00", 1);
    await sitDown(b, "40.00", 2);
    // A quick emote from one screen pops up over that seat on the other.
    await a.app.getByTestId("cards-emote-thumbs_up").click();
    await expect(b.app.locator(".cards-place[data-seat='1']").getByTestId("cards-bubble")).toContainText(
      "Nice!",
    );
    // Heads-up the button (seat 1) posts the small blind and acts first: it raises half the pot;
    // the big blind folds. The raiser wins the big blind (no flop: no rake).
    await playHand([a, b], (p) => (p === a ? ["cards-half-pot"] : ["cards-fold"]));
    await finish(api, [a, b], 40_00);
  } finally {
    await setPause(admin, TABLE, 3);
  }
});

test("three players at a Tongits table play a game to its end, one on a phone", async ({ browser }) => {
  const TABLE = "tongits-1";
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  await setPause(admin, TABLE, 60);
  try {
    const [a, b, c] = await Promise.all([
      openTable(browser, admin, api, `tga${stamp}`, "tongits", TABLE),
      openTable(browser, admin, api, `tgb${stamp}`, "tongits", TABLE),
      openTable(browser, admin, api, `tgc${stamp}`, "tongits", TABLE, true),
    ]);
    await sitDown(a, "100.00", 1);
    await sitDown(b, "100.00", 2);
    await sitDown(c, "100.00", 3);
    // Each turn the player draws from the stock and throws the first card offered; nobody melds,
    // so the game ends when the stock runs out and the lowest count wins (all are burned, all
    // count). The winner is paid by both others at the table's stake, less the rake.
    await playHand([a, b, c], () => ["cards-draw", "cards-discard"]);
    await finish(api, [a, b, c], 100_00);
  } finally {
    await setPause(admin, TABLE, 3);
  }
});
