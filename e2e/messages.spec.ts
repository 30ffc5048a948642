import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { expectNoSidewaysScroll, signedInPlayer } from "./support/player-pages.ts";
import { operatorApi } from "./support/wallet-player.ts";

/**
 * Member messages and feedback: the badge rises live when the operator
 * sends, goes down when the member reads; feedback sent from the site comes back as a message.
 * Data is set up through the API; what is tested is the screen.
 */
test.describe.configure({ mode: "serial" });

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await operatorApi();
});
test.afterAll(async () => {
  await admin?.dispose();
});

async function send(username: string, title: string) {
  const res = await admin.post("/api/admin/messages", {
    data: {
      audience: "member",
      username,
      texts: {
        EN: { title, body: `${title}: <b>plain text</b>` },
        TY: { title, body: `${title}: <b>plain text</b>` },
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** No serious or critical WCAG 2.1 A/AA violation on what is on the screen now. */
async function expectAccessible(page: Page, where: string) {
  const result = await (await settledAxe(page))
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, where).toEqual([]);
}

test("the badge rises live when the operator sends and goes down when the member reads", async ({ page }) => {
  test.slow();
  const player = await signedInPlayer(page, "msg");
  await send(player.username, "Welcome aboard");
  await page.goto("/");
  const badge = page.getByTestId("header-messages-badge");
  await expect(badge).toHaveText("1");

  // Sent while the page is open: the hub pushes it, no reload.
  await send(player.username, "Weekend tournament");
  await expect(badge).toHaveText("2");

  await page.getByTestId("header-messages").click();
  await expect(page.getByTestId("member-page-messageV2")).toBeVisible();
  await expect(page.getByTestId("member-badge-messageV2")).toHaveText("2");
  const first = page.locator("[data-testid^='message-open-']").first();
  await expect(first).toContainText("Weekend tournament");
  await first.click();
  // Shown as text: the tags are visible characters, not markup.
  await expect(page.locator("[data-testid^='message-body-']").first()).toContainText("<b>plain text</b>");
  await expect(badge).toHaveText("1");
  await expect(page.getByTestId("member-badge-messageV2")).toHaveText("1");
  await expectAccessible(page, "messageV2");
});

test("feedback sent from the site comes back as the operator's reply", async ({ page }) => {
  test.slow();
  const player = await signedInPlayer(page, "fbk");
  await page.goto("/");
  await page.getByTestId("header-messages").click();
  await page.getByTestId("messages-tab-feedback").click();
  const text = page.getByTestId("feedback-text");
  await text.fill("x".repeat(150));
  // spec §5: at most 140 characters.
  await expect(text).toHaveValue("x".repeat(140));
  await text.fill("The lobby search could remember my last vendor.");
  await expectAccessible(page, "feedback form");
  await page.getByTestId("feedback-submit").click();
  await expect(page.getByTestId("feedback-sent")).toBeVisible();
  await expect(page.getByTestId("header-messages-badge")).toHaveCount(0);

  const queue = await (await admin.get("/api/admin/feedback?state=new")).json();
  const item = queue.value.list.find((f: { username: string | null }) => f.username === player.username);
  expect(item?.content).toBe("The lobby search could remember my last vendor.");
  const reply = await admin.post(`/api/admin/feedback/${item.id}/reply`, {
    data: { reply: "Good idea — it is on our list." },
  });
  expect(reply.ok(), await reply.text()).toBe(true);

  // The reply arrives live as a message.
  await expect(page.getByTestId("header-messages-badge")).toHaveText("1");
  await page.getByTestId("messages-tab-all").click();
  const message = page.locator("[data-testid^='message-open-']").first();
  await message.click();
  await expect(page.locator("[data-testid^='message-body-']").first()).toContainText(
    "Good idea — it is on our list.",
  );
  await expect(page.getByTestId("header-messages-badge")).toHaveCount(0);
});

test("the back office's message and feedback pages are accessible", async ({ page }) => {
  const office = new AdminPage(page);
  await office.login();
  await office.open("messages");
  await expect(page.getByTestId("composer-send")).toBeVisible();
  await expectAccessible(page, "admin messages");
  await office.open("feedback");
  await expect(page.getByTestId("feedback-state-new")).toBeVisible();
  await expectAccessible(page, "admin feedback");
  // On a phone neither page is wider than the screen (tables scroll in their frame).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/messages");
  await page.getByTestId("composer-audience-segment").check();
  await expect(page.getByTestId("segment-account-type")).toBeVisible();
  await expectNoSidewaysScroll(page, "admin messages");
  await page.goto("/admin/feedback");
  await expect(page.getByTestId("feedback-state-new")).toBeVisible();
  await expectNoSidewaysScroll(page, "admin feedback");
});

test("the messages page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await signedInPlayer(page, "msp");
  await send(player.username, "A rather long title that has to wrap on a small phone screen");
  await page.goto("/");
  // On a phone the bell sits in the header's top row, and its badge says one unread.
  await expect(page.getByTestId("header-messages")).toBeHidden();
  await expect(page.getByTestId("header-messages-tools-badge")).toHaveText("1");
  await page.getByTestId("header-messages-tools").click();
  await expect(page.locator("[data-testid^='message-open-']")).toHaveCount(1);
  await expectNoSidewaysScroll(page, "messageV2 on a phone");
});

test("on a 390 px phone (no right bar) feedback is sent from the top menu, 140 characters at most", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByTestId("right-bar")).toBeHidden();
  await page.getByTestId("top-menu").click();
  await page.getByTestId("menu-feedback").click();
  const modal = page.getByTestId("feedback-modal");
  await expect(modal).toBeVisible();
  const text = modal.getByTestId("feedback-text");
  // The field takes 140 characters and no more (spec §5).
  await text.fill(`Phone feedback ${"x".repeat(200)}`);
  await expect(text).toHaveValue(`Phone feedback ${"x".repeat(125)}`);
  await modal.getByTestId("feedback-submit").click();
  await expect(modal.getByTestId("feedback-sent")).toBeVisible();
  await expectNoSidewaysScroll(page, "feedback on a phone");
  const queue = await (await admin.get("/api/admin/feedback?state=new")).json();
  expect(
    queue.value.list.some((f: { content: string }) => f.content === `Phone feedback ${"x".repeat(125)}`),
  ).toBe(true);
});

test("a visitor sends feedback from the right bar", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("right-feedback").click();
  const modal = page.getByTestId("feedback-modal");
  await expect(modal).toBeVisible();
  // A visitor has no private uploads: no screenshot field.
  await expect(modal.getByTestId("feedback-file")).toHaveCount(0);
  await expectAccessible(page, "feedback window");
  await modal.getByTestId("feedback-text").fill("Please add GCash withdrawals on weekends.");
  await modal.getByTestId("feedback-submit").click();
  await expect(modal.getByTestId("feedback-sent")).toBeVisible();
  const queue = await (await admin.get("/api/admin/feedback?state=new")).json();
  expect(
    queue.value.list.some(
      (f: { memberId: number | null; content: string }) =>
        f.memberId === null && f.content === "Please add GCash withdrawals on weekends.",
    ),
  ).toBe(true);
});
