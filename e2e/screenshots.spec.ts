import { expect, type Page, test } from "@playwright/test";

// Screens looked at before an issue is resolved: home, a games page and the notice modal, at a
// desktop and a phone width, in both themes. Each is saved under test-results/screenshots/.
const viewports = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;
const themes = ["light", "dark"] as const;

async function noSideways(page: Page): Promise<void> {
  // Nothing may stick out sideways: a phone user would have to scroll horizontally.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const vp of viewports) {
  for (const theme of themes) {
    test(`screens at ${vp.name} px in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.addInitScript((t) => localStorage.setItem("panalo.theme", t), theme);
      const shot = (name: string) =>
        page.screenshot({
          path: `test-results/screenshots/${name}-${vp.name}-${theme}.png`,
          fullPage: false,
          // Finished frames, not a fade caught half-way (the open notice's text fades in).
          animations: "disabled",
        });

      await page.goto("/");
      await expect(page.getByTestId("page-home")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("banner-carousel")).toBeVisible();
      await noSideways(page);
      await page.waitForLoadState("networkidle");
      await shot("home");

      await page.goto("/rng");
      await expect(page.getByTestId("page-games")).toBeVisible();
      await noSideways(page);
      await page.waitForLoadState("networkidle");
      await shot("games");

      await page.goto("/");
      const marquee = page.getByTestId("notice-marquee");
      await marquee.hover(); // pauses the scroll so the item holds still for the click
      await marquee.locator('[data-testid^="marquee-item-"]').first().click();
      await expect(page.getByTestId("notice-modal")).toBeVisible();
      await shot("notice-modal");
    });
  }
}
