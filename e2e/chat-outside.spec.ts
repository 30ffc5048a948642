import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { setSwitches } from "./support/admin-api.ts";
import { settledAxe } from "./support/axe.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

/**
 * Customer-service chat with an outside chat page: the operator points customer service
 * at an outside chat page (here a page this test serves on its own port, another origin), and
 * the site shows it inside its own chat window — a sandboxed frame the CSP allows for that
 * origin only — that can be enlarged or hidden like the in-house chat. The page's unread count
 * reaches the badge; a logout it posts clears the session (spec §4), a forged one from
 * elsewhere does nothing; a failed lookup closes the window with a message (spec §8).
 */
test.describe.configure({ mode: "serial" });

const HEADERS = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
let admin: APIRequestContext;
let server: http.Server;
let chatOrigin = "";
let brandBefore: Record<string, unknown> = {};
const username = `och${Date.now().toString(36).slice(-7)}`;
const password = "Outside2024chat";

// The outside chat page: its own script file (it posts to the site it is framed by).
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outside chat</title></head>
<body><h1>Outside chat</h1><p>Language: <span id="lang"></span></p><p>Load: <span id="load"></span></p>
<button type="button" id="logout">Sign out of chat</button><script src="/chat.js"></script></body></html>`;
const SCRIPT = `
const q = new URLSearchParams(location.search);
document.getElementById("lang").textContent = q.get("language") || "";
document.getElementById("load").textContent = String(Math.random()).slice(2, 10);
const site = new URL(document.referrer).origin;
parent.postMessage({ type: "panalo.chat.unread", count: 3 }, site);
document.getElementById("logout").addEventListener("click", () => {
  parent.postMessage({ type: "panalo.chat.logout" }, site);
});`;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/chat") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(PAGE);
    }
    if (path === "/chat.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(SCRIPT);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  chatOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await operatorApi();
  await setSwitches(admin, { CBS3: true });
  const brand = await admin.get("/api/admin/settings/brand", { headers: HEADERS });
  brandBefore = (await brand.json()).value;
  const put = await admin.put("/api/admin/settings/brand", {
    headers: HEADERS,
    data: { ...brandBefore, customerServiceUrl: `${chatOrigin}/chat`, vipServiceUrl: null },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await fundedPlayer(admin, username, password, "20.00", "outside chat e2e");
});

test.afterAll(async () => {
  if (admin) {
    await admin.put("/api/admin/settings/brand", { headers: HEADERS, data: brandBefore });
    await admin.dispose();
  }
  server?.close();
});

/** A signed-in member's page (the token is put in place once; a reload after a logout keeps it out). */
async function memberPage(browser: Browser, viewport?: { width: number; height: number }) {
  const api = await request.newContext({ baseURL: site });
  const login = await (await api.post("/wps/session/login", { data: { username, password } })).json();
  await api.dispose();
  expect(login.success, JSON.stringify(login)).toBe(true);
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await page.addInitScript(
    ({ token, name }) => {
      if (window.top !== window || localStorage.getItem("e2e.seeded")) return;
      localStorage.setItem("e2e.seeded", "1");
      sessionStorage.setItem("panalo.token", token);
      sessionStorage.setItem("panalo.username", name);
      sessionStorage.setItem("panalo.isAgent", "0");
    },
    { token: String(login.value.token), name: username },
  );
  return { page, token: String(login.value.token) };
}

/** Every CSP violation the page or its frames report. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

/** The customer-service button: the right bar's, or on a phone the top menu's. */
async function openChat(page: Page, phone = false): Promise<void> {
  if (!phone) {
    await page
      .getByTestId("right-bar")
      .getByRole("button", { name: /customer service|suporta sa customer/i })
      .click();
    return;
  }
  const item = page
    .locator(".top-menu .dropdown")
    .getByRole("button", { name: /customer service|suporta sa customer/i });
  if (!(await item.isVisible())) await page.getByTestId("top-menu").click();
  await item.click();
}

test("the outside chat opens inside the site's window, enlarges and hides, and its logout ends the session", async ({
  browser,
}) => {
  // The CSP lets the site frame the configured chat origin, and nothing was added beyond it.
  const csp = (await admin.get("/")).headers()["content-security-policy"] ?? "";
  const frames = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
  expect(frames).toContain(chatOrigin);
  expect(frames.filter((f) => f.includes("127.0.0.1"))).toEqual([chatOrigin]);

  const { page, token } = await memberPage(browser);
  const violations = await watchCsp(page);
  await page.goto("/");
  await openChat(page);
  const chatWindow = page.getByTestId("chat-window");
  await expect(chatWindow).toBeVisible();
  const frameEl = page.getByTestId("chat-frame");
  await expect(frameEl).toHaveAttribute(
    "sandbox",
    "allow-scripts allow-forms allow-popups allow-same-origin",
  );
  expect(await frameEl.getAttribute("src")).toMatch(new RegExp(`^${chatOrigin}/chat\\?`));
  const chat = page.frameLocator("[data-testid=chat-frame]");
  await expect(chat.getByRole("heading", { name: "Outside chat" })).toBeVisible();
  // The chat URL call's look reached the page: the member's language (a new member's is TY).
  await expect(chat.locator("#lang")).toHaveText("TY");
  // The unread count the frame posts is the customer-service badge.
  await expect(page.getByTestId("right-bar").getByTestId("chat-unread")).toHaveText("3");
  const load = await chat.locator("#load").textContent();

  // Enlarge; hide to a bar (the frame stays loaded: the same page comes back); show again.
  const before = (await chatWindow.boundingBox())?.width ?? 0;
  await page.getByTestId("chat-enlarge").click();
  await expect(chatWindow).toHaveClass(/chat-window-large/);
  expect((await chatWindow.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  await page.getByTestId("chat-hide").click();
  await expect(chatWindow).toBeHidden();
  await page.getByTestId("chat-bar").click();
  await expect(chatWindow).toBeVisible();
  await expect(chat.locator("#load")).toHaveText(load ?? "");
  const axe = await (await settledAxe(page))
    .include("[data-testid=chat-window]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  // A logout message from anywhere but the chat frame (here the site's own window) is ignored:
  // once a later message has arrived, the session is still there.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener("message", (e) => {
          if (e.data === "probe") resolve();
        });
        window.postMessage({ type: "panalo.chat.logout" }, "*");
        window.postMessage("probe", "*");
      }),
  );
  expect(await page.evaluate(() => sessionStorage.getItem("panalo.token"))).toBe(token);
  await expect(chatWindow).toBeVisible();

  // The chat page's own logout: the session ends on the server and in the page, which reloads.
  await chat.getByRole("button", { name: "Sign out of chat" }).click();
  await expect(page.getByTestId("chat-window")).toHaveCount(0);
  // (The page reloads meanwhile: a read during the navigation answers "reloading" and is retried.)
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("panalo.token")).catch(() => "reloading"))
    .toBeNull();
  const after = await request.newContext({ baseURL: site });
  const res = await after.get("/wps/relay/CSP_chatUnreadCount", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
  await after.dispose();
  expect(violations).toEqual([]);
  await page.context().close();
});

test("on a 390 px phone the outside chat fits the screen; a failed lookup closes it with a message", async ({
  browser,
}) => {
  const { page } = await memberPage(browser, { width: 390, height: 844 });
  const violations = await watchCsp(page);
  await page.goto("/");
  await openChat(page, true);
  const chatWindow = page.getByTestId("chat-window");
  await expect(page.frameLocator("[data-testid=chat-frame]").getByRole("heading")).toHaveText("Outside chat");
  const box = await chatWindow.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
  await page.getByTestId("chat-enlarge").click();
  const large = await chatWindow.boundingBox();
  expect(large && large.x >= 0 && large.x + large.width <= 390).toBe(true);
  await page.getByTestId("chat-hide").click();
  await expect(page.getByTestId("chat-bar")).toBeVisible();

  // spec §8: the customer-service lookup fails (the call never answers): the window closes and
  // the member reads why.
  await page.route("**/wps/relay/CSP_chatUrl**", (route) => route.abort("connectionrefused"));
  await page.getByTestId("chat-bar").click();
  await openChat(page, true);
  await expect(page.getByTestId("chat-lookup-failed")).toContainText(/customer service/i);
  await expect(page.getByTestId("chat-window")).toHaveCount(0);
  await expect(page.getByTestId("chat-bar")).toHaveCount(0);
  expect(violations).toEqual([]);
  await page.context().close();
});
