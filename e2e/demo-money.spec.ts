import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { text } from "./support/catalog.ts";
import { VIEWPORTS } from "./support/player-pages.ts";
import { slotRound, slotToken } from "./support/provider-rounds.ts";
import { LoginPage, SERVER_WORK } from "./support/sign-in-pages.ts";
import { fundedPlayer, operatorApi, registerPlayer, site, WalletSite } from "./support/wallet-player.ts";

/**
 * The demo's money pages as a new player meets them (demo mode, nothing set up by the test):
 * the deposit page offers the demo's first-deposit bonus, which a deposit through the sandbox
 * gateway takes; profit and loss names its categories in the player's language and shows a bet
 * whose result is not in yet as open, not lost. On a phone and a desktop.
 */
const DEMO_BONUS = "Welcome bonus 100% up to ₱500"; // apps/server/src/seed/demo/incentives.ts

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

    test("a first deposit takes the demo's bonus offered on the deposit page", async ({ page }) => {
      test.slow();
      const username = `dep${vp.name}${Date.now().toString(36).slice(-6)}`;
      await registerPlayer(username, "Deposito2026");
      const login = new LoginPage(page, ops);
      await login.open();
      await login.byPassword(username, "Deposito2026");
      const wallet = new WalletSite(page);
      await expect(page.getByTestId("account-name")).toHaveText(username, SERVER_WORK);
      await wallet.openMemberPage("depositv2");
      await page.getByTestId("deposit-channel-gcash").click();
      await page.getByTestId("deposit-amount").fill("100");
      const offer = page.getByTestId("deposit-bonus-choice").locator("label", { hasText: DEMO_BONUS });
      // 100 % of 100.00: the offer says what it gives for the amount typed.
      await expect(offer.getByTestId("deposit-bonus-gives")).toContainText("100.00");
      await offer.getByRole("radio").check();
      const checkout = page.waitForEvent("popup");
      await page.getByTestId("deposit-submit").click();
      const gateway = await checkout;
      await gateway.getByTestId("sandbox-pay").click();
      // The deposit and the bonus: everything the player can bet.
      await expect(wallet.balance).toHaveText("200.00", SERVER_WORK);
      await gateway.close();
      await wallet.openMemberPage("bonusDetails");
      const card = page.getByTestId("bonus-card").filter({ hasText: DEMO_BONUS });
      await expect(card).toHaveAttribute("data-state", "active");
      await expect(card.getByTestId("bonus-balance")).toContainText("100.00");
    });

    test("profit and loss shows a bet still open as open, under the category's own name", async ({
      page,
    }) => {
      test.slow();
      const username = `pnl${vp.name}${Date.now().toString(36).slice(-6)}`;
      const { id } = await fundedPlayer(ops, username, "Kita2026ok", "100.00", "e2e profit and loss");
      const api = await request.newContext({ baseURL: site });
      try {
        const session = await (
          await api.post("/wps/session/login", { data: { username, password: "Kita2026ok" } })
        ).json();
        const token = await slotToken(api, { authorization: `Bearer ${session.value.token}` });
        // A settled round won 5.00 on 2.00; a 3.00 bet whose result is not in yet.
        await slotRound(api, {
          token,
          playerId: id,
          round: `e2e-pnl-${username}-1`,
          bet: "2.00",
          win: "5.00",
        });
        await slotRound(api, { token, playerId: id, round: `e2e-pnl-${username}-2`, bet: "3.00" });
      } finally {
        await api.dispose();
      }

      const login = new LoginPage(page, ops);
      await login.open();
      await login.byPassword(username, "Kita2026ok");
      await expect(page.getByTestId("account-name")).toHaveText(username, SERVER_WORK);
      const wallet = new WalletSite(page);
      await wallet.openMemberPage("personalProfit");
      // Won 3.00 on the settled round; the open 3.00 is neither won nor lost.
      await expect(page.getByTestId("profit-total")).toContainText("3.00");
      await expect(page.getByTestId("profit-total")).not.toContainText("-");
      await expect(page.getByTestId("profit-open")).toContainText("3.00");
      const slots = page.getByTestId("profit-category-RNG");
      await expect(slots.locator("td").first()).toHaveText(text("TY", "category.RNG"));
      await expect(slots.getByTestId("profit-category-open")).toContainText("3.00");
    });
  });
}
