import { type Browser, expect, type Page, request, test } from "@playwright/test";
import { setSwitches } from "./support/admin-api.ts";
import { settledAxe } from "./support/axe.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

/**
 * A member chats with a support operator in a second browser context; the
 * operator sees the member's balance beside the conversation and answers with a canned reply,
 * which the member sees. The chat window can be enlarged and hidden; axe on the window and the
 * console. Set-up (the CBS3 switch, a canned reply, a funded player) goes through the API.
 */
const ADMIN_HEADERS = { "x-requested-with": "panalo-admin" };
// The member's and the operator's pages each get accessibility sweeps and the operator signs in
// (seconds apiece on a busy machine): the limit is for a hung page.
test.describe.configure({ timeout: 300_000 });

async function seriousViolations(page: Page, include: string): Promise<string[]> {
  const result = await (await settledAxe(page))
    .include(include)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function memberPage(browser: Browser, username: string, password: string): Promise<Page> {
  const api = await request.newContext({ baseURL: site });
  const login = await (await api.post("/wps/session/login", { data: { username, password } })).json();
  await api.dispose();
  expect(login.success, JSON.stringify(login)).toBe(true);
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(
    ({ token, name }) => {
      sessionStorage.setItem("panalo.token", token);
      sessionStorage.setItem("panalo.username", name);
      sessionStorage.setItem("panalo.isAgent", "0");
    },
    { token: String(login.value.token), name: username },
  );
  return page;
}

test("a member chats with a support operator who sees the balance and answers with a canned reply", async ({
  browser,
}) => {
  const admin = await operatorApi();
  await setSwitches(admin, { CBS3: true });
  const cannedText = "Thanks for waiting: your deposit is credited and your balance is up to date.";
  const texts = {
    TY: "Salamat sa paghihintay: na-credit na ang iyong deposito.",
    EN: cannedText,
    CN: "感谢等待。",
    VI: "Cảm ơn.",
    TH: "ขอบคุณ",
    ID: "Terima kasih.",
    JA: "お待たせしました。",
  };
  const canned = await admin.post("/api/admin/chat/canned", {
    headers: ADMIN_HEADERS,
    data: { title: `Balance ok ${Date.now()}`, texts },
  });
  expect(canned.ok(), await canned.text()).toBe(true);
  const available = await admin.put("/api/admin/chat/me", {
    headers: ADMIN_HEADERS,
    data: { available: true },
  });
  expect(available.ok(), await available.text()).toBe(true);

  const username = `chat${Date.now().toString(36).slice(-7)}`;
  const password = "Chatting2024ok";
  await fundedPlayer(admin, username, password, "150.00", "chat e2e");

  // The member opens the chat from the right bar's customer-service button.
  const member = await memberPage(browser, username, password);
  await member.goto("/");
  await member
    .getByTestId("right-bar")
    .getByRole("button", { name: /customer service|suporta sa customer/i })
    .click();
  const chatWindow = member.getByTestId("chat-window");
  await expect(chatWindow).toBeVisible();
  // Enlarge, then hide to a bar and show again (spec §2).
  const before = (await chatWindow.boundingBox())?.width ?? 0;
  await member.getByTestId("chat-enlarge").click();
  await expect(chatWindow).toHaveClass(/chat-window-large/);
  expect((await chatWindow.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  await member.getByTestId("chat-hide").click();
  await expect(chatWindow).toBeHidden();
  await member.getByTestId("chat-bar").click();
  await expect(chatWindow).toBeVisible();
  expect(await seriousViolations(member, "[data-testid=chat-window]")).toEqual([]);
  await member.getByTestId("chat-input").fill("Hello, is my deposit in?");
  await member.getByTestId("chat-send").click();
  await expect(member.getByTestId("chat-msg-member")).toContainText("Hello, is my deposit in?");

  // The operator, in a second browser context with the back-office session.
  const opContext = await browser.newContext({ storageState: await admin.storageState() });
  const op = await opContext.newPage();
  await op.goto("/admin/chat");
  await op.getByTestId("chat-conversation").filter({ hasText: username }).click();
  await expect(op.getByTestId("console-msg-member")).toContainText("Hello, is my deposit in?");
  await expect(op.getByTestId("chat-member-balance")).toContainText("150.00");
  expect(await seriousViolations(op, "main")).toEqual([]);
  const choice = op.getByTestId("chat-canned").locator("option", { hasText: "Balance ok" }).first();
  await op.getByTestId("chat-canned").selectOption({ value: (await choice.getAttribute("value")) ?? "" });
  // In the member's language (a new member's is the site's default, TY).
  await expect(op.getByTestId("chat-reply")).toHaveValue(texts.TY);
  await op.getByTestId("chat-reply-send").click();

  // The member sees the answer live, and the operator's side shows it read.
  await expect(member.getByTestId("chat-msg-operator")).toContainText(texts.TY);
  await expect(op.getByTestId("console-msg-operator").getByText("Read")).toBeVisible();
  await opContext.close();
  await member.context().close();
  await admin.dispose();
});

test("an agent pressing customer service is warned (in_please_information) and no chat opens", async ({
  browser,
}) => {
  // spec §4, §6: agents cannot use the chat — the page warns, and the server refuses too.
  const admin = await operatorApi();
  await setSwitches(admin, { CBS3: true });
  const agent = `cha${Date.now().toString(36).slice(-7)}`;
  const password = "Agent2024chat";
  const made = await admin.post("/api/admin/agents", {
    headers: ADMIN_HEADERS,
    data: { username: agent, password, isAgent: 1 },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const api = await request.newContext({ baseURL: site });
  const login = await (
    await api.post("/wps/session/login", { data: { username: agent, password, path: "agent" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  // The operator chose the password: the agent chooses their own first.
  const changed = await api.post("/wps/member/password", {
    headers: { authorization: `Bearer ${login.value.token}`, "x-lang": "EN" },
    data: { oldPassword: password, newPassword: "Agent2026own", confirmNewPassword: "Agent2026own" },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const refused = await api.get("/wps/relay/CSP_chatUrl?b2c=1&language=EN", {
    headers: { authorization: `Bearer ${login.value.token}`, "x-lang": "EN" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("IN_PLEASE_INFORMATION");
  await api.dispose();

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.addInitScript(
    ({ token, name, isAgent }) => {
      sessionStorage.setItem("panalo.token", token);
      sessionStorage.setItem("panalo.username", name);
      sessionStorage.setItem("panalo.isAgent", isAgent);
    },
    { token: String(login.value.token), name: agent, isAgent: String(login.value.isAgent) },
  );
  await page.goto("/");
  await page.getByTestId("top-menu").click();
  await page
    .locator(".top-menu .dropdown")
    .getByRole("button", { name: /customer service|suporta sa customer/i })
    .click();
  await expect(page.getByTestId("chat-agent-warning")).toBeVisible();
  await expect(page.getByTestId("chat-window")).toHaveCount(0);
  await page.context().close();
  await admin.dispose();
});
