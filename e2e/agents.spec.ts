import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { inAnyLanguage } from "./support/catalog.ts";
import { operatorApi, site } from "./support/wallet-player.ts";

// Agents: the operator makes a top agent in the back office; the agent logs in on the
// agent path, registers a downline agent in the agent centre and copies its invitation link; a
// player registers through the link; the agent centre shows the team; a transfer to the
// downline and one back to the upline (spec §6).
test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36).slice(-5);
const AGENT = `agt${stamp}`;
const SUB = `sub${stamp}`;
const PLAYER = `inv${stamp}`;
const PASSWORD = "Secret2026";
/** The password the agent chooses at its first sign-in (the operator chose the first one). */
const AGENT_PASSWORD = "Secret2026a";
const SERVER_WORK = { timeout: 30_000 };

/** A member's API session (login, then its bearer token on every call). */
async function memberApi(
  username: string,
  path: "member" | "agent" = "member",
  password = PASSWORD,
): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL: site });
  const login = await anon.post("/wps/session/login", { data: { username, password, path } });
  const body = await login.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await anon.dispose();
  return request.newContext({
    baseURL: site,
    extraHTTPHeaders: { authorization: `Bearer ${body.value.token}` },
  });
}

test("an operator's top agent builds a team and moves money with it", async ({ browser }) => {
  test.slow();
  // The operator creates the top agent from the back office's Agents section.
  const adminContext = await browser.newContext();
  const admin = new AdminPage(await adminContext.newPage());
  await admin.login();
  await admin.open("agents");
  await admin.page.getByTestId("agent-create-username").fill(AGENT);
  await admin.page.getByTestId("agent-create-password").fill(PASSWORD);
  await admin.page.getByTestId("agent-create-submit").click();
  await expect(admin.page.getByTestId("agents-message")).toContainText(AGENT);
  await expect(admin.page.getByTestId(`agents-row-${AGENT}`)).toBeVisible();
  await adminContext.close();

  // The agent logs in on the agent path and opens the agent centre from the header.
  const agentContext = await browser.newContext();
  await agentContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
  const page = await agentContext.newPage();
  await page.goto("/agent");
  await page.getByTestId("login-page-username").fill(AGENT);
  await page.getByTestId("login-page-password").fill(PASSWORD);
  await page.getByTestId("login-page-submit").click();
  // The operator chose the password: the agent chooses its own before anything else.
  const change = page.getByTestId("change-password-modal");
  await expect(change).toBeVisible();
  await page.getByTestId("change-password-newPassword").fill(AGENT_PASSWORD);
  await page.getByTestId("change-password-confirmNewPassword").fill(AGENT_PASSWORD);
  await page.getByTestId("change-password-submit").click();
  await expect(change).toBeHidden(SERVER_WORK);
  await page.getByTestId("header-agent").click();
  await expect(page.getByTestId("agent-centre")).toBeVisible();

  // registerCenter: a downline agent, and the invitation link copied.
  await page.getByTestId("agent-menu-registerCenter").click();
  await page.getByTestId("rc-type").selectOption("2");
  await page.getByTestId("rc-username").fill(SUB);
  await page.getByTestId("rc-password").fill(PASSWORD);
  await page.getByTestId("rc-confirm").fill(PASSWORD);
  await page.getByTestId("rc-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: SUB })).toBeVisible(SERVER_WORK);
  await expect(page.getByTestId("invite-qr")).toBeVisible();
  await page.getByTestId("invite-copy").click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/a\/[A-Z2-9]{8}$/);

  // A player registers through the link: the code is filled in for them.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await player.goto(link);
  await expect(player.getByTestId("register-affiliateCode")).toHaveValue(
    link.split("/a/")[1] ?? "",
    SERVER_WORK,
  );
  await player.getByTestId("register-username").fill(PLAYER);
  await player.getByTestId("register-password").fill(PASSWORD);
  await player.getByTestId("register-confirm").fill(PASSWORD);
  await player.getByTestId("register-birthday").fill("1990-05-17");
  await player.getByTestId("register-ageConfirmed").check();
  // The terms box is the player's to tick.
  await player.getByTestId("register-agree").check();
  await player.getByTestId("register-submit").click();
  await expect(player.getByTestId("account-name")).toHaveText(PLAYER, SERVER_WORK);
  await playerContext.close();

  // The agent centre's team management shows both, each one level down.
  await page.getByTestId("agent-menu-teamManagement").click();
  await expect(page.getByTestId(`team-row-${SUB}`)).toBeVisible();
  await expect(page.getByTestId(`team-row-${PLAYER}`)).toBeVisible();
  await page.getByTestId("agent-menu-teamOverview").click();
  await expect(page.getByTestId("team-teamSize")).toHaveText("2");

  // Transfers (spec §6): the agent sends to its downline, the downline sends back.
  const ops = await operatorApi();
  const tree = await (await ops.get(`/api/admin/agents/tree?q=${AGENT}`)).json();
  const agentId = tree.value.items[0].id;
  expect(
    (
      await ops.post("/api/admin/adjustments", {
        data: { memberId: agentId, amount: "300.00", reason: "agent float e2e" },
      })
    ).ok(),
  ).toBe(true);
  await ops.dispose();
  const agentApi = await memberApi(AGENT, "agent", AGENT_PASSWORD);
  const playerApi = await memberApi(PLAYER);
  for (const api of [agentApi, playerApi]) {
    const set = await api.put("/wps/member/transactionPassword", {
      data: { newTransactionPassword: "246810" },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }
  const down = await agentApi.post("/wps/relay/transferToDownline", {
    data: {
      downline: PLAYER,
      amount: "120.00",
      transactionPassword: "246810",
      requestId: `e2e-down-${stamp}`,
    },
  });
  expect((await down.json()).success, await down.text()).toBe(true);
  const up = await playerApi.post("/wps/relay/transferUpline", {
    data: { amount: "20.00", transactionPassword: "246810", requestId: `e2e-up-${stamp}` },
  });
  expect((await up.json()).success, await up.text()).toBe(true);
  await agentApi.dispose();
  await playerApi.dispose();

  // Both show in the downline transaction details and in the balances.
  await page.getByTestId("agent-menu-downlineTransactions").click();
  await page.getByTestId("tx-type").selectOption("transfer");
  await expect(page.getByTestId("team-transactions").getByRole("row")).toHaveCount(3);
  // Each named in the reader's language, not by the ledger's type code ("transfer").
  for (const cell of await page.getByTestId("tx-type-cell").all()) {
    await expect(cell).toHaveText(inAnyLanguage("agent.tx.transfer"));
  }
  await page.getByTestId("agent-menu-teamManagement").click();
  await expect(page.getByTestId(`team-row-${PLAYER}`)).toContainText("100.00");
  await agentContext.close();
});
