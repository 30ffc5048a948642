import { expect, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { text } from "./support/catalog.ts";
import { operatorApi } from "./support/wallet-player.ts";

/**
 * The operator's registration fields (spec §3/§5): back office → System → Registration fields
 * turns the ID number on and required with a pattern; the registration form asks for it with the
 * star, refuses a value against the pattern under the field, in Filipino. The setting is put back
 * after, as other suites share the site.
 */
test("the operator requires the ID number; the registration form asks for it and checks it", async ({
  page,
  browser,
}) => {
  test.slow();
  const ops = await operatorApi();
  const before = (await (await ops.get("/api/admin/settings/register-fields")).json()).value;
  const adminContext = await browser.newContext();
  try {
    const admin = new AdminPage(await adminContext.newPage());
    await admin.login();
    await admin.open("register-fields");
    const row = admin.page.getByTestId("register-field-idNumber");
    await row.getByRole("checkbox", { name: /shown/ }).check();
    await row.getByRole("checkbox", { name: /required/ }).check();
    await row.getByRole("combobox", { name: /pattern/ }).selectOption("DIGITS");
    await admin.page.getByTestId("register-fields-save").click();
    await admin.expectToast("Saved the registration fields.");

    await page.goto("/register");
    const field = page.getByTestId("register-idNumber");
    await expect(field).toHaveAttribute("placeholder", `* ${text("TY", "field.idNumber")}`);
    await page.getByTestId("register-username").fill(`idn${Date.now().toString(36).slice(-6)}`);
    await field.fill("AB-1234");
    await page.getByTestId("register-submit").click();
    const error = page.locator(".field").filter({ has: field }).locator(".field-error");
    await expect(error).toHaveText(text("TY", "register.patterns.digits"));
  } finally {
    await ops.put("/api/admin/settings/register-fields", { data: before });
    await ops.dispose();
    await adminContext.close();
  }
});
