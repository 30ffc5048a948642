import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { lastOutboxId, setSwitches, smsCode } from "./support/admin-api.ts";
import { text } from "./support/catalog.ts";
import { operator } from "./support/env.ts";
import { SitePage } from "./support/site-page.ts";
import { freshTotp } from "./support/totp.ts";

/**
 * Registration (spec §2 /register, §3, §4, §5): by username and by mobile with the SMS code
 * from the back-office outbox; the age check, the invitation code checked first, and the form
 * in the visitor's language. Every player is new, named from the clock.
 */
const stamp = Date.now().toString(36).slice(-6);

/**
 * A registration solves the human check in the browser and hashes the password with argon2id on
 * the server: on a busy machine that takes seconds, so its outcome gets this long.
 */
const SERVER_WORK = { timeout: 30_000 };

/** Page model of the registration page. */
class RegisterPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/register");
    await expect(this.page.getByTestId("page-register")).toBeVisible();
    await expect(this.page.getByTestId("register-submit")).toBeVisible(SERVER_WORK);
  }

  field(name: string) {
    return this.page.getByTestId(`register-${name}`);
  }

  /** The error shown under a field (spec §8 "field validation errors shown under each field"). */
  errorUnder(name: string) {
    return this.page
      .locator(".field")
      .filter({ has: this.field(name) })
      .locator(".field-error");
  }

  async fillUsernameTab(username: string, birthday: string): Promise<void> {
    await this.field("username").fill(username);
    await this.field("password").fill("Secret2026");
    await this.field("confirm").fill("Secret2026");
    await this.field("birthday").fill(birthday);
    await this.field("ageConfirmed").check();
    await this.field("agree").check();
  }

  /** Count the register calls the page makes from now on. */
  countRegisterCalls(): () => number {
    let calls = 0;
    this.page.on("request", (r) => {
      if (r.method() === "PUT" && new URL(r.url()).pathname.startsWith("/wps/member/register")) calls++;
    });
    return () => calls;
  }
}

/** A day `years` years before today, YYYY-MM-DD, as the visitor's calendar shows it. */
function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + extraDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Sign the test operator in to the back-office API (password and a fresh TOTP code) on `api`,
 * which then keeps the session cookie: for set-up (module switches) and for reading the outbox.
 */
async function signInOperator(api: APIRequestContext): Promise<void> {
  const res = await api.post("/api/admin/session", {
    headers: { "x-requested-with": "panalo-admin" },
    data: {
      username: operator.username,
      password: operator.password,
      totp: await freshTotp(operator.totpSecret),
    },
    timeout: SERVER_WORK.timeout,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe("registration", () => {
  test.beforeEach(() => test.slow());

  test("registers by username and lands home logged in", async ({ page }) => {
    const reg = new RegisterPage(page);
    await reg.open();
    await expect(reg.field("tab-username")).toHaveAttribute("aria-selected", "true");
    // spec §5: required fields carry a leading star; the terms box is not ticked for the player.
    await expect(reg.field("username")).toHaveAttribute("placeholder", /^\* /);
    await expect(reg.field("agree")).not.toBeChecked();
    await expect(reg.field("ageConfirmed")).not.toBeChecked();

    const username = `e2ereg${stamp}`;
    await reg.fillUsernameTab(username, "1990-05-17");
    await reg.field("submit").click();
    await expect(page).toHaveURL(/\/$/, SERVER_WORK);
    await new SitePage(page).expectLoggedIn(username);
  });

  test("refuses an underage birthday with the message shown and sends nothing", async ({ page }) => {
    const reg = new RegisterPage(page);
    await reg.open();
    const calls = reg.countRegisterCalls();
    // The demo operator's minimum age is 21: a birthday one day short of it is refused.
    await reg.fillUsernameTab(`e2eyoung${stamp}`, yearsAgo(21, 1));
    await reg.field("submit").click();
    await expect(reg.errorUnder("birthday")).toHaveText(text("TY", "register.error.underage", { age: "21" }));
    await expect(page).toHaveURL(/\/register$/);
    expect(calls()).toBe(0);
    // Exactly 21 today is old enough.
    await reg.field("birthday").fill(yearsAgo(21));
    await reg.field("submit").click();
    await expect(page).toHaveURL(/\/$/, SERVER_WORK);
    await new SitePage(page).expectLoggedIn(`e2eyoung${stamp}`);
  });

  test("checks the invitation code first: an invalid one warns and nothing is sent", async ({ page }) => {
    const reg = new RegisterPage(page);
    await reg.open();
    const calls = reg.countRegisterCalls();
    await reg.fillUsernameTab(`e2ecode${stamp}`, "1992-01-31");
    await reg.field("affiliateCode").fill("NOSUCH42");
    await reg.field("submit").click();
    const warning = page.getByTestId("register-code-invalid");
    await expect(warning).toContainText(text("TY", "register.codeInvalid"), SERVER_WORK);
    await expect(reg.errorUnder("affiliateCode")).toHaveText(text("TY", "register.codeInvalid"));
    expect(calls()).toBe(0);
  });

  test("registers by mobile with the SMS code read from the back-office outbox", async ({
    page,
    request: api,
  }) => {
    await signInOperator(api);
    try {
      await setSwitches(api, { REGMOBVERF3: true });
      const since = await lastOutboxId(api);
      const reg = new RegisterPage(page);
      await reg.open();
      await reg.field("tab-mobile").click();
      // mobileRegPass is off in the demo brand: no password fields on the mobile tab.
      await expect(reg.field("password")).toHaveCount(0);

      // spec §5: one figure when min = max (Philippine numbers have 10 digits).
      await reg.field("mobile").fill("91712");
      await reg.field("send-code").click();
      await expect(reg.errorUnder("mobile")).toHaveText(
        text("TY", "register.error.mobileDigits", { n: "10" }),
      );

      const national = `9${String(Date.now()).slice(-9)}`;
      await reg.field("mobile").fill(national);
      await reg.field("send-code").click();
      await expect(reg.field("send-code")).toHaveAttribute("data-countdown", /^[1-9]/, SERVER_WORK);
      const code = await smsCode(api, `63${national}`, since);
      await reg.field("code").fill(code);
      await reg.field("birthday").fill("1994-08-09");
      await reg.field("ageConfirmed").check();
      await reg.field("agree").check();
      await reg.field("submit").click();
      await expect(page).toHaveURL(/\/$/, SERVER_WORK);
      await expect(page.getByTestId("account-name")).toHaveText(new RegExp(`^m${national.slice(-6)}`));
    } finally {
      await setSwitches(api, { REGMOBVERF3: false });
    }
  });

  test("shows the form and its messages in the language the visitor picks", async ({ page }) => {
    const reg = new RegisterPage(page);
    const site = new SitePage(page);
    await reg.open();
    await site.switchLanguage("EN");
    await expect(reg.field("tab-username")).toHaveText(text("EN", "register.byUsername"));
    await reg.field("submit").click();
    const required = (lang: string) =>
      text(lang, "register.rules.required", { field: text(lang, "field.username") });
    await expect(reg.errorUnder("username")).toHaveText(required("EN"));

    await site.switchLanguage("TY");
    await expect(reg.field("tab-username")).toHaveText(text("TY", "register.byUsername"));
    await expect(reg.field("tab-mobile")).toHaveText(text("TY", "register.byMobile"));
    await expect(page.getByText(text("TY", "register.age", { age: "21" }))).toBeVisible();
    await expect(page.locator("label", { hasText: text("TY", "field.birthday") })).toBeVisible();
    // The message already shown follows the language too.
    await expect(reg.errorUnder("username")).toHaveText(required("TY"));
  });
});
