import { expect, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";

/**
 * The operator adds a game to a vendor's catalogue from the back office's Games page: a taken
 * code is refused beside its field in words, a new one is added, and the site lists the game
 * under its vendor, named in the player's language.
 */
test.describe.configure({ timeout: 240_000 });

test("an operator adds a game to the catalogue and the site lists it", async ({ browser }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const code = `hand-${stamp}`;
  const names = { EN: `Lucky Carabao ${stamp}`, TY: `Suwerteng Kalabaw ${stamp}` };
  const context = await browser.newContext();
  const page = await context.newPage();
  const owner = new AdminPage(page);
  await owner.login();
  await owner.open("games-catalog");

  const add = async (gameCode: string) => {
    await page.getByTestId("catalog-add-game").click();
    const dialog = page.getByTestId("add-game");
    await dialog.getByTestId("add-game-vendor").selectOption("PNG");
    await expect(dialog.getByTestId("add-game-category")).toHaveValue("RNG");
    await dialog.getByTestId("add-game-code").fill(gameCode);
    await dialog.getByTestId("add-game-name-EN").fill(names.EN);
    await dialog.getByTestId("add-game-name-TY").fill(names.TY);
    await dialog.getByTestId("add-game-hot").check();
    await dialog.getByTestId("add-game-save").click();
    return dialog;
  };
  await add(code);
  await owner.expectToast(names.EN);
  await expect(page.getByTestId("add-game")).toBeHidden();

  // The same code again is refused at the code, in words.
  const again = await add(code);
  await expect(again.getByTestId("add-game-error-gameCode")).toHaveText(
    "This vendor already has a game with this code.",
  );
  await page.keyboard.press("Escape");
  await context.close();

  // The site (Filipino by default) lists it under its vendor, found by its name.
  const site = await (await browser.newContext()).newPage();
  await site.goto("/rng/vassalage/PNG");
  await site.getByTestId("game-search").fill("Kalabaw");
  const card = site.getByTestId("game-card").filter({ hasText: names.TY });
  await expect(card).toBeVisible();
  await site.context().close();
});
