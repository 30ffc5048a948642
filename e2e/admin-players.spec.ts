import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { lastOutboxId, setSwitches } from "./support/admin-api.ts";
import { AdminPage } from "./support/admin-page.ts";
import { text } from "./support/catalog.ts";
import { nationalNumber, PLAYERS } from "./support/players.ts";
import { SitePage } from "./support/site-page.ts";

// The back office's players and outbox: an operator finds a player, sees their open
// sessions and login history with address and device, locks and unlocks them, sets a temporary
// password, and reads an SMS code in the outbox. The player's side runs in its own browser.
// One back-office login for the whole file: each TOTP code is accepted once.
test.describe.configure({ mode: "serial" });

let adminContext: BrowserContext;
let adminPage: Page;
let admin: AdminPage;

test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext();
  adminPage = await adminContext.newPage();
  admin = new AdminPage(adminPage);
  await admin.login();
});

test.afterAll(async () => {
  await adminContext.close();
});

/** A phone's browser, so the back office has a recognisable device to show. */
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const ANDROID_DEVICE = "Chrome 124 on Android";

async function playerSite(browser: Browser): Promise<{ context: BrowserContext; site: SitePage }> {
  const context = await browser.newContext({ userAgent: ANDROID_UA });
  const site = new SitePage(await context.newPage());
  await site.openHome();
  return { context, site };
}

/** Search the players list and open the one player it finds. */
async function openPlayer(username: string): Promise<void> {
  await admin.open("players");
  await adminPage.getByTestId("player-search").fill(username);
  const row = adminPage.locator('[data-testid^="player-row-"]', { hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: username }).click();
  await expect(adminPage.getByTestId("player-detail")).toBeVisible();
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(username);
}

test("an operator finds a player and sees their sessions and login history", async ({ browser }) => {
  const { username, password } = PLAYERS.history;
  const { context, site } = await playerSite(browser);
  await site.loginFromHeader(username, "Wrong2024pass");
  await site.expectLoginRefused(/Mali ang username o password/);
  await site.loginFromHeader(username, password);
  await site.expectLoggedIn(username);

  // The search narrows the list; a search without a match says so.
  await admin.open("players");
  await adminPage.getByTestId("player-search").fill("zz-no-such-player");
  await expect(adminPage.getByText("No players match “zz-no-such-player”.")).toBeVisible();
  await openPlayer(username);
  await expect(adminPage.getByTestId("player-fields")).toContainText("Active");

  const session = adminPage.getByTestId("player-session-row");
  await expect(session).toHaveCount(1);
  await expect(session).toContainText("127.0.0.1");
  await expect(session).toContainText(ANDROID_DEVICE);
  await expect(session).toContainText("Password");

  // Newest first: the successful login, then the wrong password before it.
  const logins = adminPage.getByTestId("player-login-row");
  await expect(logins).toHaveCount(2);
  await expect(logins.nth(0)).toHaveAttribute("data-success", "true");
  await expect(logins.nth(0)).toContainText("127.0.0.1");
  await expect(logins.nth(0)).toContainText(ANDROID_DEVICE);
  await expect(logins.nth(1)).toHaveAttribute("data-success", "false");
  await expect(logins.nth(1)).toContainText("Failed");
  await expect(logins.nth(1)).toContainText("127.0.0.1");
  await expect(logins.nth(1).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await context.close();
});

test("a locked player is signed out and told so at login; unlocked, they log in again", async ({
  browser,
}) => {
  const { username, password } = PLAYERS.locked;
  const { context, site } = await playerSite(browser);
  await site.loginFromHeader(username, password);
  await site.expectLoggedIn(username);

  await openPlayer(username);
  await adminPage.getByTestId("player-lock").click();
  const dialog = adminPage.getByTestId("player-lock-dialog");
  // A lock needs a reason.
  await adminPage.getByTestId("player-lock-confirm").click();
  await expect(dialog).toContainText("Give a reason of at least 3 characters");
  await adminPage.getByTestId("player-lock-reason").fill("Chargeback under review");
  await adminPage.getByTestId("player-lock-confirm").click();
  await admin.expectToast(`Saved. ${username} is locked.`);
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByTestId("player-fields")).toContainText("Locked");
  await expect(adminPage.getByTestId("player-fields")).toContainText("Chargeback under review");
  await expect(adminPage.getByTestId("player-session-row")).toHaveCount(0);

  // The player's open session ended; logging in is refused with a message that says why.
  await site.page.reload();
  await site.expectLoggedOut();
  await site.loginFromHeader(username, password);
  await site.expectLoginRefused(/Naka-lock ang account na ito/);

  await adminPage.getByTestId("player-unlock").click();
  await admin.expectToast(`Saved. ${username} is unlocked.`);
  await expect(adminPage.getByTestId("player-fields")).toContainText("Active");
  await expect(adminPage.getByTestId("player-lock")).toBeVisible();

  await site.loginFromHeader(username, password);
  await site.expectLoggedIn(username);
  await context.close();
});

test("a temporary password is shown once and must be changed by the player", async ({ browser }) => {
  const { username, password } = PLAYERS.reset;
  await openPlayer(username);
  await expect(adminPage.getByTestId("player-fields")).toContainText("Set by the player");
  await adminPage.getByTestId("player-temp-password").click();
  await expect(adminPage.getByTestId("confirm-dialog")).toContainText("shown to you once");
  await adminPage.getByTestId("confirm-ok").click();
  const shown = adminPage.getByTestId("player-temp-password-value");
  const temporary = (await shown.textContent()) ?? "";
  expect(temporary).toMatch(/^\S{8,}$/);
  await admin.expectToast(`Saved. ${username} has a temporary password.`);
  await expect(adminPage.getByTestId("player-fields")).toContainText("Must change at next login");
  await adminPage.getByRole("button", { name: "Done" }).click();
  // Once: nothing on the page shows it any more.
  await expect(shown).toHaveCount(0);
  await expect(adminPage.getByText(temporary)).toHaveCount(0);

  const { context, site } = await playerSite(browser);
  await site.loginFromHeader(username, password);
  await site.expectLoginRefused(/Mali ang username o password/);
  await site.loginFromHeader(username, temporary);
  const modal = site.page.getByTestId("change-password-modal");
  await expect(modal).toBeVisible();
  const newPassword = "Sariling2024pw";
  await site.page.getByTestId("change-password-newPassword").fill(newPassword);
  await site.page.getByTestId("change-password-confirmNewPassword").fill(newPassword);
  await site.page.getByTestId("change-password-submit").click();
  await expect(modal).toBeHidden();
  await site.expectToast(text("TY", "password.changed"));

  await adminPage.reload();
  await expect(adminPage.getByTestId("player-fields")).toContainText("Set by the player");
  await context.close();
});

test("the outbox lists the SMS code a player asked for", async ({ browser }) => {
  const { mobile } = PLAYERS.sms;
  if (!mobile) throw new Error("the SMS player has a mobile number");
  await setSwitches(adminPage.request, { CHNGPASSVERIF3: true });
  const since = await lastOutboxId(adminPage.request);

  const { context, site } = await playerSite(browser);
  await site.page.goto("/login");
  await site.page.getByTestId("login-page-forgot-phone").click();
  await site.page.getByTestId("forgot-mobileNum").fill(nationalNumber(mobile));
  await site.page.getByTestId("forgot-send-code").click();
  await expect(site.page.getByTestId("forgot-send-code")).not.toHaveAttribute("data-countdown", "0");

  await admin.open("outbox");
  const row = adminPage.locator('[data-testid="outbox-row"]', { hasText: mobile });
  // The page asks again every few seconds by itself.
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  expect(Number(await row.getAttribute("data-id"))).toBeGreaterThan(since);
  await expect(row).toHaveAttribute("data-channel", "sms");
  await expect(row).toHaveAttribute("data-status", "sent");
  await expect(row.getByTestId("outbox-recipient")).toHaveText(mobile);
  await expect(row.getByTestId("outbox-body")).toContainText(/verification code is \d{6}\b/);
  await context.close();
});
