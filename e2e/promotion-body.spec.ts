import { expect, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";

/**
 * The operator writes a promotion's body in the rich-text editor — a bold line and a bulleted
 * list — previews it in another language, saves, and the site shows the formatting.
 */
test.describe.configure({ timeout: 240_000 });

test("a promotion body formatted bold and as a list is saved and shown on the site", async ({ browser }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const title = { TY: `Lingguhang premyo ${stamp}`, EN: `Weekly prize ${stamp}` };
  const context = await browser.newContext();
  const page = await context.newPage();
  const owner = new AdminPage(page);
  await owner.login();
  await owner.open("promotions");
  await page.getByTestId("promotion-new").click();
  const editor = page.getByTestId("promotion-editor");
  await editor.getByTestId("promotion-title-TY").fill(title.TY);
  await editor.getByTestId("promotion-title-EN").fill(title.EN);

  // Filipino: a bold sentence, then a two-item list, made with the toolbar.
  // Each toolbar step is seen to take (the button pressed, the list there) before the next
  // keystrokes: on a busy machine text typed at once can land before the editor has switched.
  const bodyTy = editor.getByTestId("promotion-body-TY");
  const bold = editor.getByTestId("promotion-body-TY-bold");
  await bodyTy.click();
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("Malaking premyo ngayong linggo");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  await editor.getByTestId("promotion-body-TY-bullet").click();
  await expect(bodyTy.locator("ul > li")).toHaveCount(1);
  await page.keyboard.type("Maglaro ng slots");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Kunin ang gantimpala");
  await expect(bodyTy.locator("strong")).toHaveText("Malaking premyo ngayong linggo");
  await expect(bodyTy.locator("ul > li")).toHaveCount(2);

  const bodyEn = editor.getByTestId("promotion-body-EN");
  await bodyEn.click();
  await page.keyboard.type("Big prize this week");

  // The preview follows the language chosen: Filipino first, then English.
  const frame = page.frameLocator('iframe[title^="Promotion preview"]');
  await page.getByTestId("promotion-preview-lang").selectOption("TY");
  await expect(frame.locator("strong")).toHaveText("Malaking premyo ngayong linggo");
  await page.getByTestId("promotion-preview-lang").selectOption("EN");
  await expect(frame.locator("h1")).toHaveText(title.EN);
  await expect(frame.locator("article")).toContainText("Big prize this week");

  await page.getByTestId("promotion-save").click();
  await owner.expectToast(/saved|created/i);
  await context.close();

  // The site (Filipino, its default language) shows the bold text and the list.
  const site = await (await browser.newContext()).newPage();
  const list = await (await site.request.get("/wps/promotions", { headers: { "x-lang": "TY" } })).json();
  const promo = (list.value.list as Array<{ id: number; title: string }>).find((p) => p.title === title.TY);
  expect(promo, "the new promotion is listed").toBeTruthy();
  await site.goto(`/promoDetail?id=${promo?.id}`);
  const body = site.locator(".promo-body");
  await expect(body.locator("strong")).toHaveText("Malaking premyo ngayong linggo");
  await expect(body.locator("ul > li")).toHaveText(["Maglaro ng slots", "Kunin ang gantimpala"]);
  await site.context().close();
});
