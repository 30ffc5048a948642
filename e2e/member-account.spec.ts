import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from "@playwright/test";
import { lastOutboxId, smsCode } from "./support/admin-api.ts";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { expectNoSidewaysScroll, openMemberPage, signedInPlayer } from "./support/player-pages.ts";
import { totp } from "./support/totp.ts";
import { operatorApi, site } from "./support/wallet-player.ts";

// A member edits the profile and nickname (the header shows it),
// sends KYC documents that an operator approves in the back office, and reads personalProfit;
// axe finds no serious or critical violation on these pages.
// Each test walks several pages with an accessibility sweep on each (seconds apiece on a busy
// machine) and the KYC one signs an operator in too: a hung page still ends it.
test.describe.configure({ mode: "serial", timeout: 300_000 });

/** A 1×1 PNG: the site checks the type, the platform reads it from the bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function axe(page: Page, where: string): Promise<void> {
  const result = await (await settledAxe(page))
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad, where).toEqual([]);
}

let player: Page;
let playerContext: BrowserContext;
let username = "";

test.beforeAll(async ({ browser }) => {
  playerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  player = await playerContext.newPage();
  ({ username } = await signedInPlayer(player, "acct"));
  await player.goto("/");
});
test.afterAll(async () => playerContext.close());

test("a member edits the profile and nickname; the header shows the nickname", async () => {
  await openMemberPage(player, "securityCenter");
  await expect(player.getByTestId("profile-form")).toBeVisible();
  await player.getByTestId("profile-nickname").fill("Lucky Ana");
  await player.getByTestId("profile-fullName").fill("Ana Maria Reyes");
  await player.getByTestId("profile-occupation").fill("Nurse");
  await player.getByTestId("contact-telegram").fill("@luckyana");
  await player.getByTestId("profile-save").click();
  await expect(player.getByTestId("account-name")).toHaveText("Lucky Ana");
  // The page is checked once the "saved" toast (5 s) has come and gone: the name in the header
  // can change before the toast is drawn, and axe then measured the toast mid fade-in (its
  // opacity under 1) over the member centre. The page is what this step checks.
  await expect(player.locator(".toast").first()).toBeVisible();
  await expect(player.locator(".toast")).toHaveCount(0);
  await axe(player, "securityCenter profile");
  await player.getByTestId("account-tab-security").click();
  await expect(player.getByTestId("sessions-section")).toBeVisible();
  await axe(player, "securityCenter security");
});

test("the member sends KYC documents and an operator approves them", async ({ browser }) => {
  await player.getByTestId("account-tab-kyc").click();
  await expect(player.getByTestId("kyc-form")).toBeVisible();
  // Sent empty: each missing field is marked under it and nothing leaves the page (the
  // occupation is already on the profile).
  await player.getByTestId("kyc-submit").click();
  await expect(player.getByTestId("kyc-form").locator(".field.has-error")).toHaveCount(8);
  await expect(player.getByTestId("kyc-status")).toHaveAttribute("data-status", "none");
  for (const doc of ["idFront", "idBack", "selfie"]) {
    await player
      .getByTestId(`kyc-${doc}`)
      .setInputFiles({ name: `${doc}.png`, mimeType: "image/png", buffer: PNG });
  }
  await player.getByTestId("kyc-realName").fill("Ana Reyes");
  await player.getByTestId("kyc-birthday").fill("1990-05-01");
  await player.getByTestId("kyc-nationality").fill("Filipino");
  await player.getByTestId("kyc-incomeSource").fill("Salary");
  await player.getByTestId("kyc-address").fill("12 Mabini St, Makati City");
  // Each picture is uploaded when chosen: the three marks say they are in.
  await expect(player.getByTestId("kyc-form").locator(".badge--success")).toHaveCount(3);
  await axe(player, "securityCenter KYC");
  await player.getByTestId("kyc-submit").click();
  await expect(player.getByTestId("kyc-status")).toHaveAttribute("data-status", "pending");

  const adminContext = await browser.newContext();
  try {
    const admin = new AdminPage(await adminContext.newPage());
    await admin.login();
    await admin.open("kyc");
    const row = admin.page.getByTestId("kyc-row").filter({ hasText: username });
    await row.getByTestId("kyc-open").click();
    const view = admin.page.getByTestId("kyc-case");
    await expect(view).toContainText("12 Mabini St");
    await expect
      .poll(() => view.getByTestId("kyc-doc-idFront").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    await axe(admin.page, "back office KYC");
    await view.getByTestId("kyc-approve").click();
    await admin.expectToast(/approved/);
  } finally {
    await adminContext.close();
  }

  await player.getByTestId("account-tab-profile").click();
  await player.getByTestId("account-tab-kyc").click();
  await expect(player.getByTestId("kyc-status")).toHaveAttribute("data-status", "verified");
});

test("on a phone the member changes e-mail and mobile by code, signs out everywhere else and turns on the second factor", async () => {
  const admin = await operatorApi();
  const afterId = await lastOutboxId(admin);
  await openMemberPage(player, "securityCenter");
  await player.getByTestId("account-tab-security").click();

  // The e-mail: a code is sent to the new address (the development adapter keeps it in the
  // back office's outbox); a wrong code is refused with a message, the right one changes it.
  const email = `${username}@example.com`;
  const mailForm = player.getByTestId("change-email");
  await mailForm.locator("input[type=email]").fill(email);
  await mailForm.getByRole("button").first().click();
  const mailCode = await outboxCode(admin, "email", email, afterId);
  const codeInput = mailForm.locator("input[inputmode=numeric]");
  await codeInput.fill(mailCode === "000000" ? "111111" : "000000");
  await mailForm.locator("button[type=submit]").click();
  await expect(mailForm.getByRole("alert")).toBeVisible();
  await codeInput.fill(mailCode);
  await mailForm.locator("button[type=submit]").click();
  await expect(mailForm.locator("strong")).toHaveText(email);

  // The mobile number, the same way, with the code of the SMS.
  const local = `0917${String(Date.now()).slice(-7)}`;
  const mobileForm = player.getByTestId("change-mobile");
  await mobileForm.locator("input[type=tel]").fill(local);
  await mobileForm.getByRole("button").first().click();
  const smsCodeSent = await smsCode(admin, `63${local.slice(1)}`, afterId);
  await mobileForm.locator("input[inputmode=numeric]").fill(smsCodeSent);
  await mobileForm.locator("button[type=submit]").click();
  await expect(mobileForm.locator("strong")).toHaveText(`63${local.slice(1)}`);

  // Another device signed in: it is listed, and "sign out everywhere else" ends it (not this one).
  const other = await request.newContext({ baseURL: site });
  const login = await (
    await other.post("/wps/session/login", { data: { username, password: "Layout2024ok" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  const otherAuth = { authorization: `Bearer ${login.value.token}` };
  expect((await other.get("/wps/member/info", { headers: otherAuth })).status()).toBe(200);
  await player.reload();
  await openMemberPage(player, "securityCenter");
  await player.getByTestId("account-tab-security").click();
  // (This page's session, the other device's, and the one registration opened.)
  await expect
    .poll(() => player.getByTestId("sessions-section").locator("li").count())
    .toBeGreaterThanOrEqual(2);
  await player.getByTestId("sessions-end").click();
  await expect(player.getByTestId("sessions-section").locator("li")).toHaveCount(1);
  expect((await other.get("/wps/member/info", { headers: otherAuth })).status()).toBe(401);
  await other.dispose();

  // The second factor: the key shown is a real RFC 6238 secret; its code turns it on, and from
  // then on a login without a code is refused.
  const totpBox = player.getByTestId("totp-section");
  await totpBox.getByRole("button").first().click();
  const secret = (await totpBox.locator("code").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await totpBox.locator("input[autocomplete=one-time-code]").fill(totp(secret));
  await totpBox.locator("button[type=submit]").click();
  await expect(totpBox.locator("input[autocomplete=one-time-code]")).toHaveValue("");
  await expect(totpBox.locator("code")).toHaveCount(0);
  const again = await request.newContext({ baseURL: site });
  const asked = await (
    await again.post("/wps/session/login", { data: { username, password: "Layout2024ok" } })
  ).json();
  expect(asked).toMatchObject({ success: false, code: "TOTP_REQUIRED" });
  await again.dispose();
  await expectNoSidewaysScroll(player, "securityCenter security (390 px)");
  await axe(player, "securityCenter security after changes");
  await admin.dispose();
});

/** The six-digit code of the newest message on `channel` to `recipient` after `afterId` (the outbox). */
async function outboxCode(
  admin: APIRequestContext,
  channel: "email" | "sms",
  recipient: string,
  afterId: number,
): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const res = await admin.get("/api/admin/outbox?pageSize=20", {
        headers: { "x-requested-with": "panalo-admin" },
      });
      const items = ((await res.json()).value?.items ?? []) as Array<{
        id: number;
        channel: string;
        recipient: string;
        body: string;
      }>;
      const msg = items.find((m) => m.id > afterId && m.channel === channel && m.recipient === recipient);
      code = /\b(\d{6})\b/.exec(msg?.body ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

test("personalProfit shows the member's totals and chart area", async () => {
  await player.getByTestId("member-menu-personalProfit").click();
  await expect(player.getByTestId("personal-profit")).toBeVisible();
  await expect(player.getByTestId("profit-totals")).toBeVisible();
  await axe(player, "personalProfit");
});
