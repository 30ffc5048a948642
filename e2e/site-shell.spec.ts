import { expect, test } from "@playwright/test";
import { SitePage } from "./support/site-page.ts";

test.describe("the player site shell", () => {
  test("renders in Filipino by default, in English after switching, and keeps the choice on reload", async ({
    page,
  }) => {
    const site = new SitePage(page);
    await site.openHome();
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
    await site.switchLanguage("EN");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByTestId("page-home")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("keeps the dark theme across a reload", async ({ page }) => {
    const site = new SitePage(page);
    await site.openHome();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  // spec §2 route table: every row answers with its own screen on a direct visit.
  const routes: Array<[string, string]> = [
    ["/", "page-home"],
    ["/index", "page-home"],
    ["/index.html", "page-home"],
    ["/home", "page-home"],
    ["/register", "page-register"],
    ["/register.html", "page-register"],
    ["/noticePage", "page-notices"],
    ["/pointMall", "page-point-mall"],
    ["/lottery", "page-lottery"],
    ["/rng", "page-games"],
    ["/fish", "page-games"],
    ["/pvp", "page-games"],
    ["/pp", "page-games"],
    ["/fc", "page-games"],
    ["/jili", "page-games"],
    ["/bingo", "page-bingo"],
    ["/live", "page-live"],
    ["/sports", "page-sports"],
    ["/esports", "page-sports"],
    ["/promotions", "page-promotions"],
    ["/promoDetail", "page-promo-detail"],
    ["/seamless", "page-seamless"],
    ["/help", "page-help"],
    ["/helpmc", "page-helpmc"],
    ["/down", "page-download"],
    ["/join", "page-join"],
    ["/game", "page-game"],
    ["/login", "page-login"],
    ["/download", "page-download"],
  ];
  for (const [path, testId] of routes) {
    test(`answers ${path} with its screen on a direct visit`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(page.getByTestId("page-not-found")).toHaveCount(0);
    });
  }

  test("shows a not-found page for an unknown path", async ({ page }) => {
    await page.goto("/no-such-page-here");
    await expect(page.getByTestId("page-not-found")).toBeVisible();
  });

  test("hides the head nav on the lottery page", async ({ page }) => {
    await page.goto("/lottery");
    await expect(page.getByTestId("page-lottery")).toBeVisible();
    await expect(page.getByTestId("main-nav")).toHaveCount(0);
  });
});
