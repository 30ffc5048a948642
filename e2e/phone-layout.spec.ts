import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import {
  checkLayout,
  expectNoSidewaysScroll,
  openMemberPage,
  prepare,
  screenshot,
  signedInPlayer,
  type Theme,
  VIEWPORTS,
} from "./support/player-pages.ts";
import { operatorApi, site } from "./support/wallet-player.ts";

// Every player page is loaded once per size, logged out and logged in, by
// e2e/a11y.spec.ts, which checks there that none scrolls sideways (scrollWidth <= innerWidth) and
// that the floating buttons and the phone's bottom bar never sit over its content. Here: the
// registration card fits a phone; a visitor's phone header is a login button that opens the
// popup, with the bottom bar below; the header shows the player's whole name; the member
// centre's records keep every column (a table on a desktop, labelled cards on a phone). In the
// theme the sweep does not use for each state; screenshots go to test-results/screens/.

for (const vp of VIEWPORTS) {
  test(`a visitor at ${vp.name} px: the registration card fits, the header suits the screen`, async ({
    page,
  }) => {
    const theme: Theme = "dark";
    await page.emulateMedia({ reducedMotion: "reduce" });
    await prepare(page, vp, theme);
    const label = `${vp.name}-guest-${theme}`;
    await page.goto("/register");
    // The registration card, its inputs and its button lie inside the screen.
    for (const el of [
      page.getByTestId("page-register").locator(".auth-card"),
      page.getByTestId("register-username"),
      page.getByTestId("register-password"),
      page.getByTestId("register-submit"),
    ]) {
      await expect(el).toBeVisible();
      const box = await el.boundingBox();
      expect(box, "registration element laid out").not.toBeNull();
      if (box) expect(box.x + box.width, "inside the screen").toBeLessThanOrEqual(vp.width);
      if (box) expect(box.x).toBeGreaterThanOrEqual(0);
    }
    await checkLayout(page, "register", `register-${label}`);

    // spec §2 header: a desktop keeps the inline form; a phone shows one button that opens
    // the login popup, and the bottom navigation.
    await page.getByTestId("logo").click();
    await expect(page.getByTestId("page-home")).toBeVisible();
    const inline = page.getByTestId("login-username");
    const opener = page.getByTestId("header-login-open");
    const nav = page.getByTestId("bottom-nav");
    if (vp.phone) {
      await expect(inline).toBeHidden();
      await expect(nav).toBeVisible();
      for (const item of ["home", "gamepad", "gift", "wallet", "user"]) {
        await expect(nav.getByTestId(`bottom-nav-${item}`)).toBeVisible();
      }
      await nav.getByTestId("bottom-nav-gamepad").click();
      await expect(page.getByTestId("page-games")).toBeVisible();
      await expect(page).toHaveURL(/\/rng$/);
      // A visitor's wallet asks for a login first.
      await nav.getByTestId("bottom-nav-wallet").click();
      await expect(page.getByTestId("login-modal")).toBeVisible();
      await page.keyboard.press("Escape");
      await opener.click();
      await expect(page.getByTestId("login-modal")).toBeVisible();
      await screenshot(page, `login-popup-${label}`);
    } else {
      await expect(inline).toBeVisible();
      await expect(opener).toBeHidden();
      await expect(nav).toBeHidden();
    }
  });
}

let admin: APIRequestContext | undefined;
test.afterAll(async () => {
  await admin?.dispose();
});

/** One in-house slot round, and an operator's adjustment, so both records have a row. */
async function playedRound(page: Page, username: string, memberId: number): Promise<void> {
  admin ??= await operatorApi();
  const api = await request.newContext({ baseURL: site });
  try {
    const token = await page.evaluate(() => sessionStorage.getItem("panalo.token"));
    const auth = { authorization: `Bearer ${token}` };
    const funded = await admin.post("/api/admin/adjustments", {
      data: { memberId, amount: "50.00", reason: `phone layout ${username}` },
    });
    expect(funded.ok(), await funded.text()).toBe(true);
    const games = await (
      await api.post("/wps/relay/GCSGAME_gameList", {
        data: { gameType: "RNG", vassalage: "PNS", pageNo: 1, pageSize: 1 },
      })
    ).json();
    const launch = await (
      await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId: games.value.games[0].nodeId } })
    ).json();
    const url = new URL(launch.value.url, site);
    const gameId = decodeURIComponent(/\/rgs\/games\/([^/?]+)/.exec(url.pathname)?.[1] ?? "");
    const session = await (
      await api.post("/rgs/api/session", { data: { token: url.searchParams.get("token"), gameId } })
    ).json();
    expect(session.success, JSON.stringify(session)).toBe(true);
    const spin = await (
      await api.post("/rgs/api/spin", {
        data: { sessionId: session.value.sessionId, betPerLine: "0.10", requestId: `layout-${username}` },
      })
    ).json();
    expect(spin.success, JSON.stringify(spin)).toBe(true);
  } finally {
    await api.dispose();
  }
}

for (const vp of VIEWPORTS) {
  test(`a player's pages and member centre fit ${vp.name} px and keep every column`, async ({ page }) => {
    const theme: Theme = "light";
    await page.emulateMedia({ reducedMotion: "reduce" });
    await prepare(page, vp, theme);
    // A long name: the header shows it whole (it showed "w…").
    const { username, id } = await signedInPlayer(page, `wide${vp.name}`);
    const label = `${vp.name}-member-${theme}`;
    await page.goto("/");
    await expect(page.getByTestId("page-home")).toBeVisible();
    await checkLayout(page, "home", `home-${label}`);
    const name = page.getByTestId("account-name");
    await expect(name).toHaveText(username);
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, "the player's name is shown whole").toBe(false);
    await expect(page.getByTestId("logout")).toHaveAccessibleName(/.+/);

    await playedRound(page, username, id);
    // Betting record: time, game, bet, win, net, status, round and replay all shown.
    await openMemberPage(page, "personalHistoryCopy");
    const row = page.getByTestId("bet-row").first();
    await expect(row).toBeVisible();
    await expectCellsShown(page, "bet-record-table", vp.phone);
    await row.getByTestId("bet-replay").scrollIntoViewIfNeeded();
    await expect(row.getByTestId("bet-replay")).toBeInViewport();
    await expectNoSidewaysScroll(page, "betting record");
    await screenshot(page, `member-bets-${label}`);

    // Account record: balance after and reference shown.
    await openMemberPage(page, "transactionHistory");
    await expect(page.getByTestId("record-row").first()).toBeVisible();
    await expectCellsShown(page, "records-table", vp.phone);
    for (const cell of ["record-balance", "record-reference"]) {
      await page.getByTestId(cell).first().scrollIntoViewIfNeeded();
      await expect(page.getByTestId(cell).first()).toBeInViewport();
    }
    await screenshot(page, `member-records-${label}`);

    for (const p of ["securityCenter", "transferFund", "depositv2", "withdraw"]) {
      await openMemberPage(page, p);
      await expectNoSidewaysScroll(page, p);
      await screenshot(page, `member-${p}-${label}`);
    }
    if (vp.phone) {
      // The bottom bar's wallet opens the deposit page, its account the centre.
      await page.keyboard.press("Escape");
      await page.getByTestId("bottom-nav-wallet").click();
      await expect(page.getByTestId("member-page-depositv2")).toBeVisible();
      await page.keyboard.press("Escape");
      await page.getByTestId("bottom-nav-user").click();
      await expect(page.getByTestId("member-page-securityCenter")).toBeVisible();
    }
  });
}

/**
 * Every cell of the table's first row lies inside the member page, none cut off to the side:
 * a table whose columns all fit on a desktop, a card per row with each field labelled on a
 * phone.
 */
async function expectCellsShown(page: Page, testId: string, phone: boolean): Promise<void> {
  const layout = await page.getByTestId(testId).evaluate((table) => {
    const holder = table.closest(".member-page")?.getBoundingClientRect();
    const cells = [...(table.querySelector("tbody tr")?.children ?? [])].map((td) => {
      const r = td.getBoundingClientRect();
      return {
        label: td.getAttribute("data-label"),
        inside: !!holder && r.width > 0 && r.left >= holder.left - 1 && r.right <= holder.right + 1,
        display: getComputedStyle(td).display,
      };
    });
    return {
      cells,
      scrolls: (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0),
    };
  });
  expect(layout.scrolls, `${testId}: no column hidden to the side`).toBe(false);
  for (const c of layout.cells) {
    if (c.display === "none") continue;
    expect(c.inside, `${testId}: ${c.label ?? "action"} cell inside the page`).toBe(true);
    // A phone shows cards, each field under its label.
    if (phone) expect(c.display).not.toBe("table-cell");
    else expect(c.display).toBe("table-cell");
  }
}
