import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";

// One back-office login for the whole file: each TOTP code is accepted once, so logging in
// again would wait for the next 30-second step.
test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let adminPage: Page;
let admin: AdminPage;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  adminPage = await context.newPage();
  admin = new AdminPage(adminPage);
  await admin.login();
});

test.afterAll(async () => {
  await context.close();
});

test("the session cookie is Secure, httpOnly and SameSite=Strict in production, even on plain http", async () => {
  // The test server runs NODE_ENV=production on http://127.0.0.1 (a secure context for Chromium).
  const cookie = (await context.cookies()).find((c) => c.name === "panalo_admin");
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
  // The browser sends it back: the signed-in back office answers.
  const me = await adminPage.request.get("/api/admin/session");
  expect(me.status()).toBe(200);
});

test("an operator edits a notice and the site shows the change; the audit log records it", async ({
  page,
}) => {
  await admin.open("notices");
  const row = adminPage.locator('[data-testid^="notice-row-"]').first();
  await expect(row).toBeVisible();
  const id = (await row.getAttribute("data-testid"))?.replace("notice-row-", "") ?? "";
  await adminPage.getByTestId(`notice-edit-${id}`).click();
  const newTitle = `Bagong paalala ${Date.now()}`;
  await adminPage.getByTestId("notice-title-TY").fill(newTitle);
  await adminPage.getByTestId("notice-title-EN").fill(`Fresh notice ${newTitle.slice(-6)}`);
  await adminPage.getByTestId("notice-save").click();
  await admin.expectToast(/saved|updated/i);

  // The player site (Filipino by default) shows the new title in its notices.
  await page.goto("/noticePage");
  await expect(page.getByText(newTitle).first()).toBeVisible();

  await admin.open("audit");
  const auditRow = adminPage.locator('[data-testid="audit-row"]').first();
  await expect(auditRow).toHaveAttribute("data-entity", /notice/i);
  await expect(auditRow).toContainText(/update/i);
});

test("maintenance turns the site into the maintenance page, and back", async ({ page }) => {
  await admin.open("maintenance");
  const toggle = adminPage.getByTestId("maintenance-toggle");
  await toggle.check();
  await adminPage.getByTestId("maintenance-save").click();
  await admin.expectToast(/saved|updated/i);
  await page.goto("/");
  await expect(page.getByTestId("maintenance-page")).toBeVisible();

  await toggle.uncheck();
  await adminPage.getByTestId("maintenance-save").click();
  await admin.expectToast(/saved|updated/i);
  await page.goto("/");
  await expect(page.getByTestId("page-home")).toBeVisible();
});

test("a blocked IP range shows the region-blocked page with the visitor's IP", async ({ page }) => {
  await admin.open("region");
  const ranges = adminPage.getByTestId("region-blocked-ranges");
  await ranges.fill("127.0.0.0/8");
  await adminPage.getByTestId("region-save").click();
  await admin.expectToast(/saved|updated/i);
  await page.goto("/");
  await expect(page.getByTestId("region-blocked-page")).toBeVisible();
  await expect(page.getByTestId("visitor-ip")).toContainText("127.0.0.1");

  await ranges.fill("");
  await adminPage.getByTestId("region-save").click();
  await admin.expectToast(/saved|updated/i);
  await page.goto("/");
  await expect(page.getByTestId("page-home")).toBeVisible();
});
