import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { lastOutboxId } from "./support/admin-api.ts";
import { VIEWPORTS } from "./support/player-pages.ts";
import {
  closeWelcome,
  confirmEmail,
  expectSignedIn,
  freshMobile,
  LoginPage,
  logOut,
  MobileRegistration,
  SERVER_WORK,
} from "./support/sign-in-pages.ts";
import { operatorApi, registerPlayer, site } from "./support/wallet-player.ts";

/**
 * Every sign-up can be signed back into (spec §4), on the demo's own settings (demo mode: login
 * by SMS code, password recovery by mobile and e-mail on, nothing switched by the test): a
 * player registered with nothing but a mobile number confirms it with the SMS code, logs out
 * and logs back in with a new code; a player who forgot the password asks for a link by e-mail
 * and sets a new one. On a phone and a desktop.
 */
let ops: APIRequestContext;
test.beforeAll(async () => {
  ops = await operatorApi();
});
test.afterAll(async () => {
  await ops?.dispose();
});

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.name} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("registers by mobile with the SMS code, logs out, and logs back in with the number", async ({
      page,
    }) => {
      test.slow();
      const national = freshMobile();
      const reg = new MobileRegistration(page, ops);
      await reg.open();
      const code = await reg.requestCode(national);
      await reg.submit(code, "Bumalik2026");
      await expect(page).toHaveURL(/\/$/, SERVER_WORK);
      // The platform named the account from the number: the player never has to know the name.
      const name = new RegExp(`^m${national.slice(-6)}`);
      await expectSignedIn(page, name);
      await closeWelcome(page);
      const shown = (await page.getByTestId("account-name").textContent()) ?? "";

      await logOut(page);
      const login = new LoginPage(page, ops);
      await login.open();
      await login.bySms(national);
      await expectSignedIn(page, shown);
    });

    test("resets a forgotten password with the link sent by e-mail", async ({ page }) => {
      test.slow();
      const stamp = `${vp.name}${Date.now().toString(36).slice(-6)}`;
      const username = `mail${stamp}`;
      const email = `${username}@example.ph`;
      await registerPlayer(username, "Nakalimutan1");
      const api = await request.newContext({ baseURL: site });
      try {
        const login = await (
          await api.post("/wps/session/login", { data: { username, password: "Nakalimutan1" } })
        ).json();
        await confirmEmail(api, ops, login.value.token, email);
      } finally {
        await api.dispose();
      }

      const loginPage = new LoginPage(page, ops);
      await loginPage.open();
      const since = await lastOutboxId(ops);
      await loginPage.forgotByEmail(username, email);
      const path = await loginPage.resetLink(email, since);
      await page.goto(path);
      await page.getByTestId("reset-newPassword").fill("Naalala2026");
      await page.getByTestId("reset-confirmNewPassword").fill("Naalala2026");
      await page.getByTestId("reset-submit").click();
      await expect(page.getByTestId("reset-done")).toBeVisible(SERVER_WORK);

      await loginPage.open();
      await loginPage.byPassword(username, "Naalala2026");
      await expectSignedIn(page, username);
    });
  });
}
