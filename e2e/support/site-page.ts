import { expect, type Page } from "@playwright/test";
import { text } from "./catalog.ts";

/** Page model of the player site's shell (header, language, theme, the header's account box). */
export class SitePage {
  constructor(readonly page: Page) {}

  async openHome(): Promise<void> {
    await this.page.goto("/");
    await expect(this.page.getByTestId("page-home")).toBeVisible();
  }

  /**
   * Pick a language and wait until the site has switched: the site loads the language's
   * catalogue first and only then stores the choice (and sets <html lang>), so a test that
   * navigated straight after the pick could, on a busy machine, land on the old language.
   */
  async switchLanguage(code: string): Promise<void> {
    const picker = this.page.getByTestId("lang-picker");
    if ((await picker.evaluate((el) => el.tagName)) === "SELECT") {
      await picker.selectOption(code);
    } else {
      await picker.click();
      await this.page.getByTestId(`lang-option-${code}`).click();
    }
    await expect.poll(() => this.page.evaluate(() => localStorage.getItem("panalo.lang"))).toBe(code);
  }

  /** Submit the header's inline login form (spec §2 header, logged out). */
  async loginFromHeader(username: string, password: string): Promise<void> {
    await this.page.getByTestId("login-username").fill(username);
    await this.page.getByTestId("login-password").fill(password);
    await this.page.getByTestId("login-submit").click();
  }

  async expectLoggedIn(username: string): Promise<void> {
    await expect(this.page.getByTestId("account-name")).toHaveText(username);
    await expect(this.page.getByTestId("login-username")).toHaveCount(0);
  }

  async expectLoggedOut(): Promise<void> {
    await expect(this.page.getByTestId("login-username")).toBeVisible();
    await expect(this.page.getByTestId("account-name")).toHaveCount(0);
  }

  /**
   * A login from the header was refused: the login popup takes over with the message (spec §8);
   * closing it leaves the visitor logged out.
   */
  async expectLoginRefused(message: string | RegExp): Promise<void> {
    const popup = this.page.getByTestId("login-modal");
    await expect(popup).toBeVisible();
    await expect(this.page.getByTestId("popup-error")).toContainText(message);
    await this.page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(this.page.getByTestId("account-name")).toHaveCount(0);
  }

  /** A short message at the top of the screen (spec §2 dialog helper), e.g. "password changed". */
  async expectToast(message: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId("toast").filter({ hasText: message }).first()).toBeVisible();
  }

  /** Log out from the header, confirming the dialog (spec §4 logout), in `lang`. */
  async logout(lang = "TY"): Promise<void> {
    await this.page.getByTestId("logout").click();
    const confirm = this.page.getByTestId("logout-confirm");
    await expect(confirm).toContainText(text(lang, "header.logoutConfirm"));
    await confirm.getByRole("button", { name: text(lang, "header.logout"), exact: true }).click();
    await this.expectLoggedOut();
  }

  /** The session token the site keeps in session storage (spec §4), or null. */
  token(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem("panalo.token"));
  }
}
