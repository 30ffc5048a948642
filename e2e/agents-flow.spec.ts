import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { inAnyLanguage } from "./support/catalog.ts";
import { GamesPage } from "./support/games-page.ts";
import { operatorApi, site } from "./support/wallet-player.ts";

// The agents' whole flow in one test: the operator makes a top agent in
// the back office; the agent logs in on the agent path, registers a downline agent in
// registerCenter and shares an invitation link; a player registers through the link (a fresh
// browser) and plays a slot round; the downline accepts a daily-salary contract in its agent
// centre; the settlement run, started as the operator starts it (System → Jobs "run now"), pays
// it; the agent centre shows the team, the bets and the income; a transfer to the downline and
// one back to the upline through the wallet pages. The key pages again at phone size (390×844).
//
// A day cannot pass inside a test, so the salary's period is closed the way the product closes
// one early: the upline offers a raise and the downline accepts it, which ends the first contract
// at that moment; the next run bills that contract's window up to then (a run settles what ended
// AGENTS_SETTLE_LAG_SECONDS before it — 120 in the product, for rounds still committing, 2 on
// the e2e server — so the test starts runs until the bill is paid). Set-up the screens are not about (money
// for the agent and the player, the operator's platform contract for the top agent, transaction
// passwords) goes through the API.
test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36).slice(-5);
const TOP = `fta${stamp}`;
const SUB = `fts${stamp}`;
const PLAYER = `ftp${stamp}`;
const PASSWORD = "Secret2026";
const SUB_PASSWORD = "Secret2026b";
const TOP_PASSWORD = "Secret2026t";
const PIN = "246810";
const SERVER_WORK = { timeout: 30_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A member's API session (login, then its bearer token on every call). */
async function memberApi(
  username: string,
  password: string,
  path: "member" | "agent" = "member",
): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL: site });
  const login = await anon.post("/wps/session/login", { data: { username, password, path } });
  const body = await login.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await anon.dispose();
  return request.newContext({
    baseURL: site,
    extraHTTPHeaders: { authorization: `Bearer ${body.value.token}`, "x-lang": "EN" },
  });
}

const ok = async (res: Awaited<ReturnType<APIRequestContext["post"]>>) => {
  // biome-ignore lint/suspicious/noExplicitAny: each call's value is read by the step that made it
  const body = (await res.json()) as { success: boolean; value: any };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};

const dailyTerms = (rate: number) => ({
  kind: "daily_salary",
  period: "daily",
  tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp: rate }],
});

/** Logs in on the agent path's login page. */
async function agentLogin(page: Page, username: string, password: string) {
  await page.goto("/agent");
  await page.getByTestId("login-page-username").fill(username);
  await page.getByTestId("login-page-password").fill(password);
  await page.getByTestId("login-page-submit").click();
}

/** Opens an agent-centre page (its own route) from the centre's menu, behind a button on a phone. */
async function openCentre(page: Page, menu: string) {
  // The member centre (a modal, opened for the wallet's pages) closes first.
  const member = page.getByTestId("member-centre");
  if (await member.isVisible()) {
    await page.keyboard.press("Escape");
    await expect(member).toBeHidden();
  }
  const centre = page.getByTestId("agent-centre");
  if (!(await centre.isVisible())) await page.getByTestId("header-agent").click();
  await expect(centre).toBeVisible();
  const toggle = page.getByTestId("agent-menu-toggle");
  if (await toggle.isVisible()) await toggle.click();
  await page.getByTestId(`agent-menu-${menu}`).click();
  await expect(page.getByTestId(`agent-page-${menu}`)).toBeVisible();
}

async function openWallet(page: Page, name: string) {
  const centre = page.getByTestId("member-centre");
  if (!(await centre.isVisible())) {
    await page.getByTestId("account-name").click();
  }
  await page.getByTestId(`member-menu-${name}`).click();
  await expect(page.getByTestId(`member-page-${name}`)).toBeVisible();
}

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
  return { context, page: await context.newPage() };
}

test("an operator's top agent builds a team, a downline earns a daily salary, money moves both ways", async ({
  browser,
}) => {
  // Several accounts, a game round and a settlement run whose cut-off trails by two minutes: on
  // a two-core machine running two shards the whole flow has taken over seven minutes. The limit
  // is a hang guard; every step waits for a state, not for time.
  test.setTimeout(900_000);
  const ops = await operatorApi();

  // 1. The operator creates the top agent in the back office.
  const adminSide = await newPage(browser);
  const admin = new AdminPage(adminSide.page);
  await admin.login();
  await admin.open("agents");
  await admin.page.getByTestId("agent-create-username").fill(TOP);
  await admin.page.getByTestId("agent-create-password").fill(PASSWORD);
  await admin.page.getByTestId("agent-create-submit").click();
  await expect(admin.page.getByTestId("agents-message")).toContainText(TOP);
  await expect(admin.page.getByTestId(`agents-row-${TOP}`)).toBeVisible();
  const topId: number = (await ok(await ops.get(`/api/admin/agents/tree?q=${TOP}`))).items[0].id;

  // 2. The agent logs in on the agent path; the header's agent button opens its centre.
  const top = await newPage(browser);
  // The operator chose its password: the agent chooses its own before anything else.
  await agentLogin(top.page, TOP, PASSWORD);
  const topChange = top.page.getByTestId("change-password-modal");
  await expect(topChange).toBeVisible();
  await top.page.getByTestId("change-password-newPassword").fill(TOP_PASSWORD);
  await top.page.getByTestId("change-password-confirmNewPassword").fill(TOP_PASSWORD);
  await top.page.getByTestId("change-password-submit").click();
  await expect(topChange).toBeHidden(SERVER_WORK);
  await expect(top.page.getByTestId("header-agent")).toBeVisible();

  // Set-up: money for the agent, and the operator's platform-paid daily salary (50 %) it holds.
  await ok(
    await ops.post("/api/admin/adjustments", {
      data: { memberId: topId, amount: "300.00", reason: "agent float e2e flow" },
    }),
  );
  const platform = await ok(
    await ops.post("/api/admin/agent-contracts/offer", {
      data: { downlineId: topId, funding: "platform", terms: dailyTerms(5000) },
    }),
  );
  const topApi = await memberApi(TOP, TOP_PASSWORD, "agent");
  await ok(await topApi.post("/wps/agent/contract/accept", { data: { contractId: platform.id } }));
  await ok(await topApi.put("/wps/member/transactionPassword", { data: { newTransactionPassword: PIN } }));

  // 3. registerCenter: a downline agent; the invitation link and its QR code.
  await openCentre(top.page, "registerCenter");
  await top.page.getByTestId("rc-type").selectOption("2");
  await top.page.getByTestId("rc-username").fill(SUB);
  await top.page.getByTestId("rc-password").fill(PASSWORD);
  await top.page.getByTestId("rc-confirm").fill(PASSWORD);
  await top.page.getByTestId("rc-submit").click();
  await expect(top.page.getByTestId("toast").filter({ hasText: SUB })).toBeVisible(SERVER_WORK);
  await expect(top.page.getByTestId("invite-qr")).toBeVisible();
  // Counted once loaded and decoded, not when its sized box is first visible.
  await expect
    .poll(
      () =>
        top.page
          .getByTestId("invite-qr")
          .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      SERVER_WORK,
    )
    .toBeGreaterThan(0);
  await top.page.getByTestId("invite-copy").click();
  const topLink = await top.page.evaluate(() => navigator.clipboard.readText());
  expect(topLink).toMatch(/\/a\/[A-Z2-9]{8}$/);

  // 4. Team management → "set contract": the agent offers its downline a daily salary of 40 %
  //    on its contract page, the downline already chosen.
  await openCentre(top.page, "teamManagement");
  await top.page.getByTestId(`team-contract-${SUB}`).click();
  await expect(top.page.getByTestId("agent-page-dailySalary")).toBeVisible();
  const offerForm = top.page.getByTestId("contract-offer");
  await expect(offerForm.getByTestId("offer-downline").locator("option:checked")).toHaveText(SUB);
  await offerForm.getByTestId("offer-rate").first().fill("40");
  await offerForm.getByTestId("offer-submit").click();
  await expect(offerForm.getByTestId("offer-done")).toBeVisible(SERVER_WORK);

  // 5. The downline logs in on the agent path (its temporary password changed first), accepts
  //    the daily salary in its agent centre, and shares its own invitation link.
  const sub = await newPage(browser);
  await agentLogin(sub.page, SUB, PASSWORD);
  const change = sub.page.getByTestId("change-password-modal");
  await expect(change).toBeVisible();
  await sub.page.getByTestId("change-password-newPassword").fill(SUB_PASSWORD);
  await sub.page.getByTestId("change-password-confirmNewPassword").fill(SUB_PASSWORD);
  await sub.page.getByTestId("change-password-submit").click();
  await expect(change).toBeHidden(SERVER_WORK);
  await openCentre(sub.page, "dailySalary");
  const subContracts = sub.page.getByTestId("contract-page-daily_salary");
  const offered = subContracts
    .getByTestId("my-contract")
    .filter({ has: sub.page.getByTestId("contract-accept") });
  await expect(offered).toContainText("40.00%");
  await offered.getByTestId("contract-accept").click();
  await expect(subContracts.getByTestId("my-contract")).toHaveAttribute("data-status", "active");
  await openCentre(sub.page, "registerCenter");
  await sub.page.getByTestId("invite-copy").click();
  const link = await sub.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/a\/[A-Z2-9]{8}$/);
  expect(link).not.toBe(topLink);

  // 6. A player registers through the link in a fresh browser and plays a slot round.
  const player = await newPage(browser);
  await player.page.goto(link);
  await expect(player.page.getByTestId("register-affiliateCode")).toHaveValue(
    link.split("/a/")[1] ?? "",
    SERVER_WORK,
  );
  await player.page.getByTestId("register-username").fill(PLAYER);
  await player.page.getByTestId("register-password").fill(PASSWORD);
  await player.page.getByTestId("register-confirm").fill(PASSWORD);
  await player.page.getByTestId("register-birthday").fill("1990-05-17");
  await player.page.getByTestId("register-ageConfirmed").check();
  await player.page.getByTestId("register-agree").check();
  await player.page.getByTestId("register-submit").click();
  await expect(player.page.getByTestId("account-name")).toHaveText(PLAYER, SERVER_WORK);
  // A player has no agent button in the header.
  await expect(player.page.getByTestId("header-agent")).toHaveCount(0);
  const playerId: number = (await ok(await ops.get(`/api/admin/agents/tree?q=${PLAYER}`))).items[0].id;
  await ok(
    await ops.post("/api/admin/adjustments", {
      data: { memberId: playerId, amount: "100.00", reason: "player float e2e flow" },
    }),
  );
  const games = new GamesPage(player.page);
  await games.open("/rng");
  await games.search("mangga");
  await games.launch("Mangga Mania"); // the player reads the site in Filipino
  await games.expectInGame("Mangga Mania");
  const slot = player.page.frameLocator('[data-testid="game-frame"]');
  const state = slot.locator("[data-state]").first();
  await expect(slot.getByTestId("slot-balance")).toHaveAttribute("data-balance", "100.00", SERVER_WORK);
  await expect(state).toHaveAttribute("data-state", "idle", SERVER_WORK);
  const totalBet = ((await slot.getByTestId("slot-total-bet").textContent()) ?? "").replace(/[^\d.]/g, "");
  const stakeMinor = Math.round(Number(totalBet) * 100);
  expect(stakeMinor).toBeGreaterThan(0);
  await slot.getByTestId("slot-spin").click();
  // Hurry the presentation along (a free-spins feature can otherwise play for longer than the
  // wait below); a tap on the reels never starts a spin.
  await slot.getByTestId("slot-window").click();
  // The round is on the platform's records (the agent's team bets say so) before anything else.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
  await expect
    .poll(
      async () => {
        const rows = (
          await ok(
            await topApi.get(
              `/wps/agent/team/bets?startDate=${today}&endDate=${today}&by=member&username=${PLAYER}`,
            ),
          )
        ).items as { key: string; rounds: number; bets: string }[];
        return rows.find((r) => r.key === PLAYER);
      },
      { message: "the player's round recorded", ...SERVER_WORK },
    )
    .toMatchObject({ rounds: 1, bets: totalBet });
  await expect(state).toHaveAttribute("data-state", "idle", SERVER_WORK);

  // 7. The upline offers a raise (45 %) and the downline accepts it in its centre (after a
  //    reload: pages keep what they loaded): the 40 % contract ends now, closing the period the
  //    round was played in.
  await ok(
    await topApi.post("/wps/agent/contract/offer", {
      data: {
        downlineId: (await ok(await ops.get(`/api/admin/agents/tree?q=${SUB}`))).items[0].id,
        terms: dailyTerms(4500),
      },
    }),
  );
  await sub.page.reload();
  await openCentre(sub.page, "dailySalary");
  const raise = subContracts
    .getByTestId("my-contract")
    .filter({ has: sub.page.getByTestId("contract-accept") });
  await expect(raise).toContainText("45.00%");
  await raise.getByTestId("contract-accept").click();
  await expect(subContracts.getByTestId("my-contract")).toHaveCount(1);
  await expect(subContracts.getByTestId("my-contract")).toContainText("45.00%");

  // 8. The agent centre shows the team and its bets (the top agent sees two levels).
  await top.page.reload();
  await openCentre(top.page, "teamOverview");
  await expect(top.page.getByTestId("team-teamSize")).toHaveText("2");
  await openCentre(top.page, "teamManagement");
  await expect(top.page.getByTestId(`team-row-${SUB}`)).toContainText("45.00%");
  await top.page
    .getByTestId(`team-row-${SUB}`)
    .getByRole("button", { name: new RegExp(`^${SUB}`) })
    .click();
  await expect(top.page.getByTestId(`team-row-${PLAYER}`)).toBeVisible();
  await openCentre(top.page, "teamBetting");
  // By game category (the default): the category in the reader's language, never the vendor's
  // game-type code (the cell keeps the code in data-key).
  const category = top.page.getByTestId("team-bets-key").first();
  await expect(category).toBeVisible(SERVER_WORK);
  const code = (await category.getAttribute("data-key")) ?? "";
  const siteName = (() => {
    try {
      return inAnyLanguage(`category.${code}`);
    } catch {
      return inAnyLanguage("agent.categoryOther"); // a game type the site has no name for
    }
  })();
  await expect(category).toHaveText(siteName);
  await top.page.getByTestId("bets-by-member").click();
  const betRow = top.page.getByTestId("team-bets").getByRole("row").filter({ hasText: PLAYER });
  await expect(betRow).toContainText(totalBet);

  // 9. Transfers through the wallet page: the agent to its downline, the downline back up.
  await openWallet(top.page, "transferUpline");
  const down = top.page.getByTestId("transfer-downline");
  // The player is in the agent's team but under SUB: refused with the reason (only direct
  // downlines receive transfers), in the reader's language under the name, and nothing moves.
  await down.getByTestId("transfer-downline-name").fill(PLAYER);
  await down.getByTestId("transfer-downline-amount").fill("50.00");
  await down.getByTestId("transfer-downline-password").fill(PIN);
  await down.getByTestId("transfer-downline-submit").click();
  await top.page.getByTestId("transfer-confirm").locator(".dialog-buttons button").last().click();
  await expect(
    // `has` is looked up inside each field, so it names the input from the page, not from `down`.
    down
      .locator(".field")
      .filter({ has: top.page.getByTestId("transfer-downline-name") })
      .locator(".field-error"),
  ).toHaveText(inAnyLanguage("wallet.transfer.notDirectDownline"), SERVER_WORK);
  await expect(top.page.getByTestId("transfer-available")).toContainText("300.00");
  await down.getByTestId("transfer-downline-name").fill(SUB);
  await down.getByTestId("transfer-downline-amount").fill("50.00");
  await down.getByTestId("transfer-downline-password").fill(PIN);
  await down.getByTestId("transfer-downline-submit").click();
  await top.page.getByTestId("transfer-confirm").locator(".dialog-buttons button").last().click();
  await expect(top.page.getByTestId("transfer-available")).toContainText("250.00", SERVER_WORK);
  const subApi = await memberApi(SUB, SUB_PASSWORD, "agent");
  await ok(await subApi.put("/wps/member/transactionPassword", { data: { newTransactionPassword: PIN } }));
  await openWallet(sub.page, "transferUpline");
  await expect(sub.page.getByTestId("transfer-available")).toContainText("50.00", SERVER_WORK);
  const up = sub.page.getByTestId("transfer-upline");
  await up.getByTestId("transfer-upline-amount").fill("20.00");
  await up.getByTestId("transfer-upline-password").fill(PIN);
  await up.getByTestId("transfer-upline-submit").click();
  await sub.page.getByTestId("transfer-confirm").locator(".dialog-buttons button").last().click();
  await expect(sub.page.getByTestId("transfer-available")).toContainText("30.00", SERVER_WORK);

  // 10. The settlement run, as the operator starts it (System → Jobs "run now"), pays the 40 %
  //     contract's window from the top agent's wallet.
  const salary = (Math.floor((stakeMinor * 4000) / 10_000) / 100).toFixed(2);
  await expect
    .poll(
      async () => {
        await ok(await ops.post("/api/admin/jobs/agents.settle-daily/run"));
        const bills = (await ok(await ops.get("/api/admin/agent-settlement/bills"))).items as {
          memberName: string;
          status: string;
          amount: string;
          rateBp: number;
        }[];
        return bills.find((b) => b.memberName === SUB && b.rateBp === 4000)?.status;
      },
      {
        message: "the downline's 40 % salary bill settled",
        timeout: 120_000,
        intervals: [2_000, 3_000, 5_000],
      },
    )
    .toBe("paid");
  // The back office shows the run and the bill.
  await admin.open("agent-settlement");
  await expect(admin.page.getByTestId("settlement-run").first()).toHaveAttribute("data-status", "done");
  await admin.page.getByTestId("settlement-tab-bills").click();
  await expect(admin.page.getByTestId("settlement-bill").filter({ hasText: SUB }).first()).toContainText(
    salary,
  );

  // "My income" in the downline's agent centre shows it.
  await openCentre(sub.page, "myIncome");
  const income = sub.page.getByTestId("agent-income");
  await expect(income.getByTestId("bill-row").filter({ hasText: salary }).first()).toBeVisible();
  await expect(income.getByTestId("income-total")).toContainText(salary);

  // 11. The key pages at phone size.
  await top.page.setViewportSize(PHONE);
  for (const menu of ["teamOverview", "registerCenter", "teamManagement", "teamBetting", "dailySalary"]) {
    await openCentre(top.page, menu);
    await expectNoSideScroll(top.page);
  }
  await sub.page.setViewportSize(PHONE);
  await openCentre(sub.page, "myIncome");
  await expectNoSideScroll(sub.page);

  // A player cannot use the agent path: refused with a message in the player's language.
  const refused = await newPage(browser);
  await agentLogin(refused.page, PLAYER, PASSWORD);
  await expect(refused.page.getByTestId("login-page-error")).toContainText(/agent account/);

  for (const c of [adminSide, top, sub, player, refused]) await c.context.close();
  for (const a of [ops, topApi, subApi]) await a.dispose();
});
