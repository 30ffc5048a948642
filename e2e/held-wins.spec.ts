import { createHmac } from "node:crypto";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { freshTotp } from "./support/totp.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// A win above the vendor's maximum win per round is held, shows as an alert in
// the back office, and the operator pays it (once) from the Held wins page.
const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0001"; // playwright.config.ts
const secret = createHmac("sha256", APP_SECRET).update("provider-secret:PNS").digest("hex");
const stamp = Date.now().toString(36).slice(-6);

async function provider(api: APIRequestContext, call: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: `e2e-${Math.random().toString(36).slice(2)}`, ...body });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex");
  const res = await api.post(`/provider/PNS/${call}`, {
    headers: { "content-type": "application/json", "x-signature": `t=${t},v1=${v1}` },
    data: raw,
  });
  return res.json();
}

test("a win above the vendor's limit waits in Held wins until the operator pays it", async ({ page }) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const username = `held${stamp}`;
  const { id } = await fundedPlayer(admin, username, "secret123", "100.00", "held wins e2e");

  // The player opens a PNS game: its launch token is what the game server bets with.
  const login = await (
    await api.post("/wps/session/login", { data: { username, password: "secret123" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  const auth = { authorization: `Bearer ${login.value.token}` };
  const games = await (
    await api.post("/wps/relay/GCSGAME_gameList", {
      data: { gameType: "RNG", vassalage: "PNS", pageNo: 1, pageSize: 1 },
    })
  ).json();
  const nodeId = games.value.games[0].nodeId;
  const launch = await (await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId } })).json();
  const token = new URL(launch.value.url, site).searchParams.get("token");

  // The operator caps PNS at 20 × the round's bets on the Held wins page.
  const owner = new AdminPage(page);
  await owner.login();
  await owner.open("win-reviews");
  await page.getByTestId("limits-multiple-PNS").fill("20");
  await page.getByTestId("limits-amount-PNS").fill("");
  await page.getByTestId("limits-save-PNS").click();
  await owner.expectToast("Limits of PNS saved.");

  const round = `e2e-held-${stamp}`;
  expect(
    await provider(api, "debit", {
      token,
      playerId: id,
      transactionId: `${round}:bet`,
      roundId: round,
      amount: "2.00",
      roundClosed: false,
    }),
  ).toMatchObject({ success: true, value: { balance: "98.00" } });
  // 50.00 > 20 × 2.00: acknowledged, held, the balance unchanged.
  expect(
    await provider(api, "credit", {
      playerId: id,
      transactionId: `${round}:win`,
      roundId: round,
      betTransactionId: `${round}:bet`,
      amount: "50.00",
      roundClosed: true,
    }),
  ).toMatchObject({ success: true, value: { balance: "98.00", held: true } });

  // The alert: a count beside the section, and the row in the queue.
  await page.reload();
  await expect(page.getByTestId("admin-nav-badge-win-reviews")).toBeVisible();
  const row = page.getByTestId("win-reviews").locator("tr", { hasText: round });
  await expect(row).toContainText(username);
  await expect(row).toContainText("PHP 50.00");
  await row.getByRole("button", { name: "Pay" }).click();
  await page.getByTestId("confirm-ok").click();
  await expect(
    page
      .getByTestId("toast")
      .filter({ hasText: /paid to the player/ })
      .first(),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  const funds = await (await api.get("/wps/v2/wallets/balance", { headers: auth })).json();
  expect(JSON.stringify(funds.value)).toContain("148.00");

  // Back to no limit, so other tests of this server are not held. Removing a limit raises it:
  // a four-eyes change that waits until another operator approves it.
  await page.getByTestId("limits-multiple-PNS").fill("");
  await page.getByTestId("limits-save-PNS").click();
  await owner.expectToast(/another operator must approve it/);
  const waiting = page.getByTestId("limits-pending-PNS");
  await expect(waiting).toContainText("Waiting for a second operator");
  await expect(waiting).toContainText("no multiple, no amount");
  await expect(page.getByTestId("limits-multiple-PNS")).toHaveValue("20");
  const approvalId = Number((await waiting.textContent())?.match(/\(R(\d+)\)/)?.[1]);

  // A second finance operator (created by the owner) approves it.
  const created = await (
    await admin.post("/api/admin/operators", { data: { username: `checker-${stamp}`, role: "finance" } })
  ).json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  const checker = await request.newContext({
    baseURL: site,
    extraHTTPHeaders: { "x-requested-with": "panalo-admin" },
  });
  const signIn = await checker.post("/api/admin/session", {
    data: {
      username: `checker-${stamp}`,
      password: created.value.password,
      totp: await freshTotp(created.value.totpSecret),
    },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const changed = await checker.post("/api/admin/session/password", {
    data: { oldPassword: created.value.password, newPassword: "Checker-own-pass-2026" },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const approved = await checker.post(`/api/admin/approvals/${approvalId}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  await checker.dispose();

  await page.reload();
  await expect(page.getByTestId("limits-multiple-PNS")).toHaveValue("");
  await expect(page.getByTestId("limits-pending-PNS")).toHaveCount(0);
  await admin.dispose();
  await api.dispose();
});
