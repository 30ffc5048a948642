import { expect, type Page } from "@playwright/test";
import { operator } from "./env.ts";
import { savedOperatorState, saveOperatorState } from "./operator-session.ts";
import { freshTotp } from "./totp.ts";

/** Page model of the back office at /admin. */
export class AdminPage {
  constructor(readonly page: Page) {}

  /** Signed in as the test operator: the shard's saved session when the server still takes it. */
  async login(): Promise<void> {
    const saved = savedOperatorState();
    if (saved) {
      await this.page.context().addCookies(saved.cookies);
      if ((await this.page.request.get("/api/admin/session")).ok()) {
        await this.page.goto("/admin/");
        await expect(this.page.getByTestId("admin-nav-notices")).toBeVisible();
        return;
      }
      await this.page.context().clearCookies();
    }
    await this.page.goto("/admin/login");
    await this.page.getByTestId("admin-login-username").fill(operator.username);
    await this.page.getByTestId("admin-login-password").fill(operator.password);
    await this.page.getByTestId("admin-login-totp").fill(await freshTotp(operator.totpSecret));
    await this.page.getByTestId("admin-login-submit").click();
    await expect(this.page.getByTestId("admin-nav-notices")).toBeVisible();
    saveOperatorState(await this.page.context().storageState());
  }

  async open(section: string): Promise<void> {
    await this.page.getByTestId(`admin-nav-${section}`).click();
  }

  async expectToast(text: RegExp | string): Promise<void> {
    await expect(this.page.getByTestId("toast").filter({ hasText: text }).first()).toBeVisible();
  }
}
