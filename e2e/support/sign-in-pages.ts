import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { lastOutboxId, outboxLink, smsCode } from "./admin-api.ts";

/**
 * Page models of signing up and signing back in (spec §4): registration by mobile with the SMS
 * code, the login page by username or by SMS code, forgot password by e-mail, and logging out.
 * Codes and links are read from the back office's outbox (the development adapter keeps them
 * there) through `ops`, the operator's API.
 */

/** A registration or login waits on a human check and argon2 on a busy machine. */
export const SERVER_WORK = { timeout: 30_000 };

/** A Philippine mobile number nobody has: 10 digits starting with 9. */
export function freshMobile(): string {
  return `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
}

export class MobileRegistration {
  constructor(
    readonly page: Page,
    readonly ops: APIRequestContext,
  ) {}

  field(name: string) {
    return this.page.getByTestId(`register-${name}`);
  }

  /** Open /register on its mobile tab. */
  async open(): Promise<void> {
    await this.page.goto("/register");
    await expect(this.field("submit")).toBeVisible(SERVER_WORK);
    await this.field("tab-mobile").click();
    await expect(this.field("mobile")).toBeVisible();
  }

  /** Ask for the code, wait for the countdown, and answer the code the number received. */
  async requestCode(national: string): Promise<string> {
    const since = await lastOutboxId(this.ops);
    await this.field("mobile").fill(national);
    await this.field("send-code").click();
    await expect(this.field("send-code")).toHaveAttribute("data-countdown", /^[1-9]/, SERVER_WORK);
    return smsCode(this.ops, `63${national}`, since);
  }

  /** Finish the form with the code (and a password when the operator asks for one) and submit. */
  async submit(code: string, password?: string): Promise<void> {
    await this.field("code").fill(code);
    if (password && (await this.field("password").count()) > 0) {
      await this.field("password").fill(password);
      await this.field("confirm").fill(password);
    }
    await this.field("ageConfirmed").check();
    await this.field("agree").check();
    await this.field("submit").click();
  }
}

export class LoginPage {
  constructor(
    readonly page: Page,
    readonly ops: APIRequestContext,
  ) {}

  field(name: string) {
    return this.page.getByTestId(`login-page-${name}`);
  }

  async open(): Promise<void> {
    await this.page.goto("/login");
    await expect(this.page.getByTestId("page-login")).toBeVisible();
  }

  /** Log in by mobile number and the SMS code it receives (MOBILEVERCODELOGIN3). */
  async bySms(national: string): Promise<void> {
    await this.field("tab-sms").click();
    await this.field("mobile").fill(national);
    const since = await lastOutboxId(this.ops);
    await this.field("send-code").click();
    const code = await smsCode(this.ops, `63${national}`, since);
    await this.field("code").fill(code);
    await this.field("submit").click();
  }

  async byPassword(username: string, password: string): Promise<void> {
    await this.field("username").fill(username);
    await this.field("password").fill(password);
    await this.field("submit").click();
  }

  /** Forgot password by e-mail: username and address, then the confirmation (spec §4). */
  async forgotByEmail(username: string, email: string): Promise<void> {
    await this.field("forgot-email").click();
    const modal = this.page.getByTestId("forgot-modal");
    await expect(modal).toBeVisible();
    await this.page.getByTestId("forgot-username").fill(username);
    await this.page.getByTestId("forgot-email").fill(email);
    await this.page.getByTestId("forgot-email-submit").click();
    await expect(this.page.getByTestId("reset-sent")).toBeVisible(SERVER_WORK);
    await expect(modal).toBeHidden();
  }

  /** The reset link the e-mail carries, as a path of this site. */
  async resetLink(email: string, since: number): Promise<string> {
    const link = new URL(await outboxLink(this.ops, email, since));
    return link.pathname + link.search;
  }
}

/** The header shows the player's name; on a phone and a desktop alike. */
export async function expectSignedIn(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByTestId("account-name")).toHaveText(name, SERVER_WORK);
}

/** A new account is greeted once (spec §4 first login): the player closes the welcome. */
export async function closeWelcome(page: Page): Promise<void> {
  const welcome = page.getByTestId("welcome-dialog");
  await expect(welcome).toBeVisible(SERVER_WORK);
  await welcome.locator(".btn-primary").click();
  await expect(welcome).toBeHidden();
}

/** Log out from the header, confirming the dialog (spec §4 logout). */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId("logout").click();
  const confirm = page.getByTestId("logout-confirm");
  await expect(confirm).toBeVisible();
  await confirm.locator(".btn-primary").click();
  await expect(page.getByTestId("account-name")).toHaveCount(0);
}

/** A member's e-mail address, confirmed with the code sent to it (My account's contact change). */
export async function confirmEmail(
  api: APIRequestContext,
  ops: APIRequestContext,
  token: string,
  email: string,
) {
  const auth = { authorization: `Bearer ${token}` };
  const since = await lastOutboxId(ops);
  const asked = await api.post("/wps/member/contact/code", {
    headers: auth,
    data: { channel: "email", target: email },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const code = await emailCode(ops, email, since);
  const set = await api.post("/wps/member/contact", {
    headers: auth,
    data: { channel: "email", target: email, code },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

async function emailCode(ops: APIRequestContext, email: string, since: number): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const res = await ops.get("/api/admin/outbox?pageSize=20", {
          headers: { "x-requested-with": "panalo-admin" },
        });
        const items: Array<{ id: number; recipient: string; body: string }> = (await res.json()).value.items;
        const mail = items.find((m) => m.id > since && m.recipient === email);
        code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1] ?? "";
        return code;
      },
      { message: `a code for ${email} in the outbox`, timeout: 15_000 },
    )
    .not.toBe("");
  return code;
}
