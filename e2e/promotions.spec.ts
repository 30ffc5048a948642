import { expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { FinanceMember, receiptPng } from "./support/finance-member.ts";

// A player reads a promotion on a phone, applies to it with two pictures, and the
// operator approves the application in the back office (the images viewable there).
test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36).slice(-6);
let member: FinanceMember;
let promoId = 0;

async function playerPage(browser: import("@playwright/test").Browser, token: string, username: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(
    ([t, u]) => {
      sessionStorage.setItem("panalo.token", t);
      sessionStorage.setItem("panalo.username", u);
      sessionStorage.setItem("panalo.isAgent", "0");
      localStorage.setItem("panalo.lang", "EN");
    },
    [token, username] as const,
  );
  return context.newPage();
}

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`,
  });
  member = new FinanceMember(api, `promo${stamp}`);
  await member.register();
  const list = (await (await api.get("/wps/promotions", { headers: { "x-lang": "EN" } })).json()) as {
    value: { list: Array<{ id: number; title: string }> };
  };
  promoId = list.value.list.find((p) => p.title === "Share your big win")?.id ?? 0;
  expect(promoId, "the seeded application promotion").toBeGreaterThan(0);
});

test("a player reads a promotion and applies with two pictures on a phone", async ({ browser }) => {
  const page: Page = await playerPage(browser, member.bearer, member.username);
  await page.goto("/promotions");
  await page.getByTestId("promo-tab-event").click();
  const card = page.getByTestId(`promo-card-${promoId}`);
  await expect(card).toContainText("Share your big win");
  await expect(card.getByTestId("promo-status")).toHaveText("Join");
  // The list fits the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.click();

  const detail = page.getByTestId("promo-detail");
  await expect(detail.getByRole("heading", { name: "Share your big win" })).toBeVisible();
  await expect(detail).toContainText("Once approved, you receive ₱100.");
  await page.getByTestId("promo-remark").fill("Big win on Panalo Slots last night!");
  await page.getByTestId("promo-images").setInputFiles([
    { name: "win-1.png", mimeType: "image/png", buffer: receiptPng(160, 100) },
    { name: "win-2.png", mimeType: "image/png", buffer: receiptPng(120, 90) },
  ]);
  await expect(page.getByTestId("promo-thumbs")).toHaveAttribute("data-count", "2");
  await page.getByTestId("promo-apply-submit").click();
  await expect(detail.getByTestId("promo-status")).toHaveText("Applying");
  await expect(page.getByTestId("promo-application")).toContainText("being reviewed");
  await page.context().close();
});

test("the operator views the pictures and approves; the player sees it issued", async ({ browser }) => {
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  const owner = new AdminPage(adminPage);
  await owner.login();
  await owner.open("promotion-applications");
  const row = adminPage.locator("tr", { hasText: member.username });
  await expect(row).toContainText("Big win on Panalo Slots last night!");
  await expect(row.locator("img.thumb")).toHaveCount(2);
  await row.getByRole("button", { name: /Open picture 1/ }).click();
  const dialog = adminPage.getByTestId("application-image-dialog");
  const img = dialog.getByRole("img");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await row.getByRole("button", { name: "Approve" }).click();
  await owner.expectToast(/Approved/);
  await expect(adminPage.locator("tr", { hasText: member.username })).toHaveCount(0);

  // The report counts the player; the editor previews the promotion at a phone's width.
  await owner.open("promotion-report");
  await expect(adminPage.getByTestId(`promotion-report-${promoId}`)).toContainText("Share your big win");
  await owner.open("promotions");
  await adminPage.getByTestId(`promotion-edit-${promoId}`).click();
  await adminPage.getByTestId("promotion-preview-lang").selectOption("JA");
  const frame = adminPage.frameLocator('iframe[title^="Promotion preview"]');
  await expect(frame.locator("h1")).toHaveText("大勝利をシェアしよう");
  const width = await adminPage
    .locator('iframe[title^="Promotion preview"]')
    .evaluate((f) => f.getBoundingClientRect().width);
  expect(width).toBe(390);
  await context.close();

  const page = await playerPage(browser, member.bearer, member.username);
  await page.goto(`/promoDetail?id=${promoId}`);
  await expect(page.getByTestId("promo-detail").getByTestId("promo-status")).toHaveText("Issued");
  await expect(page.getByTestId("promo-reward-note")).toBeVisible();
  await page.context().close();
});
