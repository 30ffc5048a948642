import { createHmac } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { fundedPlayer, operatorApi, registerPlayer, site } from "./support/wallet-player.ts";

// The player site's layout rules, each checked on a phone (390 × 844) and a
// desktop (1440 × 900). Set-up goes through the API; the screens are what is tested.
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const port = process.env.E2E_PORT ?? "8181";
/** The same server under another host name than PUBLIC_URL's (playwright.config.ts SITE_HOSTS). */
const otherHost = `http://localhost:${port}`;
const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0001";
const stamp = Date.now().toString(36).slice(-6);
const PASSWORD = "fixes2026";

let admin: APIRequestContext;
/** First sight of a screen on a busy machine: its code downloads and its data loads. */
const LOADED = { timeout: 30_000 };

test.beforeAll(async () => {
  admin = await operatorApi();
});
test.afterAll(async () => {
  await admin?.dispose();
});

interface Session {
  token: string;
  id: number;
  username: string;
}

async function login(username: string, base = site): Promise<Session> {
  const api = await request.newContext({ baseURL: base });
  try {
    const res = await api.post("/wps/session/login", { data: { username, password: PASSWORD } });
    const v = (await res.json()).value;
    expect(v?.token, await res.text()).toBeTruthy();
    return { token: v.token, id: v.customerId, username };
  } finally {
    await api.dispose();
  }
}

/** A page of `base` at this size, signed in as the player (the session the site keeps in its tab). */
async function signedInPage(
  browser: Browser,
  vp: (typeof VIEWPORTS)[number],
  s: Session | null,
  base = site,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: vp.width, height: vp.height },
  });
  if (s) {
    await context.addInitScript(
      ([token, username]) => {
        if (sessionStorage.getItem("e2e.signed")) return;
        sessionStorage.setItem("e2e.signed", "1");
        sessionStorage.setItem("panalo.token", token);
        sessionStorage.setItem("panalo.username", username);
        sessionStorage.setItem("panalo.isAgent", "0");
        localStorage.setItem("panalo.lang", "EN");
      },
      [s.token, s.username] as const,
    );
  }
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-lang": "EN" });
  return page;
}

async function memberCall(s: Session, method: "GET" | "POST" | "PUT", url: string, data?: unknown) {
  const api = await request.newContext({
    baseURL: site,
    extraHTTPHeaders: { authorization: `Bearer ${s.token}`, "x-lang": "EN" },
  });
  try {
    const res = await api.fetch(url, { method, ...(data === undefined ? {} : { data }) });
    const body = await res.json();
    expect(body.success, `${url}: ${JSON.stringify(body)}`).toBe(true);
    return body.value;
  } finally {
    await api.dispose();
  }
}

/** A signed provider-protocol call of an in-house vendor (docs/provider-protocol.md). */
async function provider(vendor: string, call: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: `e2e-${Math.random().toString(36).slice(2)}`, ...body });
  const secret = createHmac("sha256", APP_SECRET).update(`provider-secret:${vendor}`).digest("hex");
  const t = Math.floor(Date.now() / 1000);
  const sig = `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex")}`;
  const res = await fetch(`${site}/provider/${vendor}/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": sig },
    body: raw,
  });
  const json = (await res.json()) as { success: boolean; value?: Record<string, unknown> };
  expect(json.success, `${call}: ${JSON.stringify(json)}`).toBe(true);
  return json.value ?? {};
}

async function firstGame(vassalage: string): Promise<{ nodeId: number; gameCode: string; gameName: string }> {
  const res = await fetch(`${site}/wps/relay/GCSGAME_gameList`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-lang": "EN" },
    body: JSON.stringify({ gameType: "RNG", vassalage, pageNo: 1, pageSize: 15 }),
  });
  const game = (
    (await res.json()) as { value: { games: { nodeId: number; gameCode: string; gameName: string }[] } }
  ).value.games[0];
  if (!game) throw new Error(`no game of ${vassalage}`);
  return game;
}

test("1: the gateway brings the player back, signed in, to the deposit's outcome; the lobby link too", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  for (const [i, vp] of VIEWPORTS.entries()) {
    const username = `gw${vp.name.slice(0, 2)}${stamp}`;
    await registerPlayer(username, PASSWORD);
    // The player uses the site under another host name than PUBLIC_URL's.
    const s = await login(username, otherHost);
    const page = await signedInPage(browser, vp, s, otherHost);
    await page.goto("/depositv2");
    await expect(page.getByTestId("member-page-depositv2")).toBeVisible(LOADED);
    await page.getByTestId("deposit-channel-gcash").click(LOADED);
    await page.getByTestId("deposit-amount").fill("150.00");
    const popupOpened = page.waitForEvent("popup");
    await page.getByTestId("deposit-submit").click();
    const checkout = await popupOpened;
    await expect(checkout.getByTestId("sandbox-amount")).toHaveText(/150\.00/, LOADED);
    expect(new URL(checkout.url()).host).toBe(`localhost:${port}`);
    const outcome = i === 0 ? "credited" : "failed";
    await checkout.getByTestId(i === 0 ? "sandbox-pay" : "sandbox-fail").click();
    // Back on the site, on the address the player used, signed in, with the deposit's outcome.
    await expect(checkout.getByTestId("member-page-depositv2")).toBeVisible(LOADED);
    await expect(checkout.getByTestId("deposit-outcome")).toHaveAttribute("data-outcome", outcome, LOADED);
    expect(new URL(checkout.url()).host).toBe(`localhost:${port}`);
    await expect(checkout.getByTestId("account-name")).toHaveText(username);
    // The page that opened the checkout follows the same deposit to its outcome.
    await expect(page.getByTestId("deposit-outcome")).toHaveAttribute("data-outcome", outcome, LOADED);
    await checkout.close();

    // The game's "← Lobby" comes back to the same address.
    const game = await firstGame("PNS");
    await page.goto(`/game?nodeId=${game.nodeId}`);
    const lobby = page.frameLocator('[data-testid="game-frame"]').getByTestId("slot-lobby");
    await expect(lobby).toHaveAttribute("href", new RegExp(`^${otherHost}/?$`), { timeout: 30_000 });
    await page.context().close();
  }
});

test("2: the winner ticker lists only real wins, from the operator's minimum up", async ({ browser }) => {
  const username = `win${stamp}`;
  const { id } = await fundedPlayer(admin, username, PASSWORD, "100.00", "e2e winners float");
  const s = await login(username);
  const game = await firstGame("PNS");
  const launched = await memberCall(s, "POST", "/wps/game/launchGame", { nodeId: game.nodeId });
  const token = new URL(launched.url, site).searchParams.get("token");
  await provider("PNS", "authenticate", { token });
  const round = async (n: number, win: string) => {
    await provider("PNS", "debit", {
      token,
      playerId: id,
      transactionId: `e2e-bet-${stamp}-${n}`,
      roundId: `e2e-round-${stamp}-${n}`,
      amount: "1.00",
      gameCode: game.gameCode,
    });
    await provider("PNS", "credit", {
      playerId: id,
      transactionId: `e2e-win-${stamp}-${n}`,
      roundId: `e2e-round-${stamp}-${n}`,
      betTransactionId: `e2e-bet-${stamp}-${n}`,
      amount: win,
      gameCode: game.gameCode,
    });
  };
  await round(1, "0.00");
  await round(2, "0.50");
  await round(3, "87.65");
  const setMin = async (minWinShown: string) => {
    const res = await admin.put("/api/admin/settings/winners", { data: { minWinShown } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await setMin("1.00");
  const masked = `${username.slice(0, 2)}***${username.slice(-2)}`;
  for (const vp of VIEWPORTS) {
    const page = await signedInPage(browser, vp, null);
    await page.goto("/rng");
    const mine = page.getByTestId("winner-entry").filter({ hasText: masked });
    await expect(mine).toHaveCount(1, LOADED);
    await expect(mine).toContainText("87.65");
    await expect(page.getByTestId("winner-entry").filter({ hasText: /₱0\.(00|50)$/ })).toHaveCount(0);
    await page.context().close();
  }
  // The operator raises the minimum: the win below it leaves the board.
  await setMin("100.00");
  for (const vp of VIEWPORTS) {
    const page = await signedInPage(browser, vp, null);
    await page.goto("/rng");
    // Loaded: a winner or the empty board, and not this player's 87.65.
    await expect(
      page.getByTestId("winner-ticker").locator('[data-testid="winner-entry"], .winners-empty').first(),
    ).toBeAttached(LOADED);
    await expect(page.getByTestId("winner-entry").filter({ hasText: masked })).toHaveCount(0);
    await page.context().close();
  }
  await setMin("1.00");
});

test("4: honest defaults", async ({ browser }) => {
  test.setTimeout(300_000);
  const username = `hon${stamp}`;
  await registerPlayer(username, PASSWORD);
  // An unknown path answers 404 from the server, with the site's not-found page.
  const missing = await fetch(`${site}/no-such-page-${stamp}`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("<div id=");
  for (const vp of VIEWPORTS) {
    const guest = await signedInPage(browser, vp, null);
    const answer = await guest.goto("/no-such-page");
    expect(answer?.status()).toBe(404);
    await expect(guest.getByTestId("page-not-found")).toBeVisible(LOADED);
    // The terms box is the player's to tick.
    await guest.goto("/register");
    await expect(guest.getByTestId("register-agree")).toBeVisible(LOADED);
    await expect(guest.getByTestId("register-agree")).not.toBeChecked();
    // "Trouble logging in?" opens the password recovery.
    await guest.goto("/login");
    await guest.getByTestId("login-page-trouble").click(LOADED);
    await expect(guest.getByTestId("forgot-modal")).toBeVisible(LOADED);
    // The classify filter offers only classifies that have games.
    await guest.goto("/rng");
    await expect(guest.getByTestId("game-classify").locator("option")).not.toHaveCount(1, LOADED);
    const offered = await guest
      .getByTestId("game-classify")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).not.toContain("TABLE");
    // A vendor's route carries the vendor's own name.
    await guest.goto("/rng/vassalage/PNG");
    await expect(guest.locator(".page-title h1")).toHaveText("Panalo Gold", LOADED);
    // Every home banner links to a page that exists.
    await guest.goto("/");
    await expect(guest.getByTestId("banner-carousel")).toBeVisible(LOADED);
    const links = await guest
      .getByTestId("banner-carousel")
      .locator("a[href]")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(links.length).toBeGreaterThan(0);
    for (const href of new Set(links)) expect((await fetch(new URL(href, site))).status, href).toBe(200);
    await guest.context().close();

    const s = await login(username);
    const page = await signedInPage(browser, vp, s);
    // /register while signed in goes home.
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/, LOADED);
    await expect(page.getByTestId("page-register")).toHaveCount(0);
    // No upline: no "Transfer to upline".
    await page.goto("/depositv2");
    await expect(page.getByTestId("member-menu-withdraw")).toBeVisible(LOADED);
    await expect(page.getByTestId("member-menu-transferUpline")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("member-centre")).toHaveCount(0);
    // Signing out asks first.
    await page.getByTestId("logout").click(LOADED);
    await expect(page.getByTestId("logout-confirm")).toBeVisible(LOADED);
    await page.context().close();
  }
});

test("5: limits before typing, e-wallets from a list, one account-record line per withdrawal", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const username = `amt${stamp}`;
  await fundedPlayer(admin, username, PASSWORD, "1000.00", "e2e amounts float");
  const s = await login(username);
  await memberCall(s, "PUT", "/wps/member/realName", { realName: "Ana Reyes" });
  await memberCall(s, "PUT", "/wps/member/transactionPassword", { newTransactionPassword: "246810" });
  for (const vp of VIEWPORTS) {
    const page = await signedInPage(browser, vp, s);
    await page.goto("/depositv2");
    // The channel's limits with ₱, before anything is typed.
    await expect(page.getByTestId("deposit-amount-hint")).toHaveText(/₱100\.00.*₱50,000\.00/, LOADED);
    await page.getByTestId("member-menu-withdraw").click(LOADED);
    await page.getByTestId("withdraw-tab-accounts").click(LOADED);
    const providerField = page.getByTestId("payout-provider");
    await expect(providerField).toHaveJSProperty("tagName", "SELECT", LOADED);
    const names = await providerField.locator("option:not([disabled])").allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(["GCash", "Maya"]));
    await page.context().close();
  }
  const account = await memberCall(s, "POST", "/wps/member/payoutAccounts", {
    kind: "ewallet",
    provider: "maya",
    accountName: "Ana Reyes",
    accountNumber: "09181234567",
  });
  expect(account.provider).toBe("Maya");
  const w = await memberCall(s, "POST", "/wps/withdrawals", {
    amount: "250.00",
    payoutAccountId: account.id,
    transactionPassword: "246810",
    requestId: `e2e-wd-${stamp}`,
  });
  const paid = await admin.post(`/api/admin/withdrawals/${w.id}/approve`, {
    data: { payoutReference: `GC-${stamp}` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  for (const vp of VIEWPORTS) {
    const page = await signedInPage(browser, vp, s);
    await page.goto("/depositv2");
    await page.getByTestId("member-menu-withdraw").click(LOADED);
    // The withdrawal limits with ₱, before anything is typed.
    await expect(page.getByTestId("withdraw-amount-hint")).toContainText("₱100.00", LOADED);
    await expect(page.getByTestId("withdraw-amount-hint")).toContainText("₱50,000.00");
    await page.getByTestId("member-menu-transactionHistory").click();
    const rows = page.getByTestId("record-row");
    await expect(rows.first()).toBeVisible(LOADED);
    await expect(page.locator('[data-testid="record-row"][data-type^="withdrawal"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="record-row"][data-wallet="hold"]')).toHaveCount(0);
    await expect(rows.first().getByTestId("record-state")).toHaveAttribute("data-state", "paid");
    await page.context().close();
  }
});

test("7: the verify page opened from a round is prefilled and names the game's symbols as the game does", async ({
  browser,
}) => {
  const game = await firstGame("PNS");
  // The round's values, as the replay's "verify" link carries them (history-panel.ts replayBar).
  const round = { gameId: game.gameCode, serverSeed: "ab".repeat(32), clientSeed: "e2e-seed", nonce: "3" };
  const info = await (
    await fetch(`${site}/rgs/api/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": "EN" },
      body: JSON.stringify({ ...round, nonce: 3, betPerLine: "1.00" }),
    })
  ).json();
  const { wild, name } = info.value.game as { wild: string | null; name: string };
  for (const vp of VIEWPORTS) {
    const page = await signedInPage(browser, vp, null);
    await page.goto(`/rgs/verify?${new URLSearchParams({ ...round, betPerLine: "1.00", lang: "EN" })}`);
    const form = page.getByTestId("verify-form");
    await expect(form.locator('input[name="serverSeed"]')).toHaveValue(round.serverSeed, LOADED);
    await expect(form.locator('input[name="clientSeed"]')).toHaveValue(round.clientSeed);
    await expect(form.locator('input[name="nonce"]')).toHaveValue(round.nonce);
    // Verified at once, with the game's own name and its wild drawn as the game draws it.
    await expect(page.getByTestId("verify-game")).toHaveText(name, LOADED);
    if (wild) {
      const art = page.locator(`symbol[id="sym-v-${game.gameCode}-${wild}"]`);
      await expect(art).toHaveCount(1);
      expect(await art.innerHTML()).toContain("WILD");
    }
    await page.context().close();
  }
});
