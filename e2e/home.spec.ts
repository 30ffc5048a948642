import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("the notice marquee pauses on hover and opens the notice modal at the clicked item", async ({
    page,
  }) => {
    await page.goto("/");
    const marquee = page.getByTestId("notice-marquee");
    await expect(marquee).toBeVisible();
    const first = marquee.locator('[data-testid^="marquee-item-"]').first();
    await expect(first).toBeVisible();
    // Hovering pauses the scroll: the item stays where it is for a while.
    await marquee.hover();
    await page.waitForTimeout(300);
    const before = await first.boundingBox();
    await page.waitForTimeout(700);
    const after = await first.boundingBox();
    expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0);

    const id = (await first.getAttribute("data-testid"))?.replace("marquee-item-", "");
    await first.click();
    const modal = page.getByTestId("notice-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId(`notice-item-${id}`)).toHaveAttribute("aria-expanded", "true");
  });

  test("the notice modal lists 9 a page, collapses the open item, selects the first on page change, closes on outside click", async ({
    page,
  }) => {
    await page.goto("/noticePage");
    await expect(page.getByTestId("page-notices")).toBeVisible();
    await page.goto("/");
    const marquee = page.getByTestId("notice-marquee");
    await marquee.hover(); // as a player does: the pointer on the bar stops it, then the click
    await marquee.locator('[data-testid^="marquee-item-"]').first().click();
    const modal = page.getByTestId("notice-modal");
    await expect(modal).toBeVisible();
    // Open the modal's bulletin list on its first page.
    await modal.getByTestId("notice-page-1").click();
    const items = modal.locator('[data-testid^="notice-item-"]');
    await expect(items).toHaveCount(9);
    const firstItem = items.first();
    await expect(firstItem).toHaveAttribute("aria-expanded", "true");
    await firstItem.click();
    await expect(firstItem).toHaveAttribute("aria-expanded", "false");

    await modal.getByTestId("notice-page-2").click();
    const page2First = modal.locator('[data-testid^="notice-item-"]').first();
    await expect(page2First).toHaveAttribute("aria-expanded", "true");
    expect(await modal.locator('[data-testid^="notice-item-"]').count()).toBeLessThanOrEqual(9);

    // Scroll is locked while a modal is open, and restored after.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.getByTestId("modal-cover").click({ position: { x: 5, y: 5 } });
    await expect(modal).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  });

  test("the banner carousel autoplays every 5 s when there is more than one banner", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const carousel = page.getByTestId("banner-carousel");
    await expect(carousel).toBeVisible();
    const count = Number(await carousel.getAttribute("data-count"));
    expect(count).toBeGreaterThan(1);
    await expect(carousel).toHaveAttribute("data-active", "0");
    await page.clock.runFor(5_500);
    await expect(carousel).toHaveAttribute("data-active", "1");
  });

  test("a page with a single banner shows it without autoplay", async ({ page }) => {
    // The page's clock is Playwright's: time is moved past the 5 s autoplay, not waited for.
    await page.clock.install();
    await page.goto("/promotions");
    const carousel = page.getByTestId("banner-carousel");
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute("data-count", "1");
    await page.clock.runFor(11_000);
    await expect(carousel).toHaveAttribute("data-active", "0");
  });

  test("the jackpot counter shows the pool the platform holds", async ({ page }) => {
    await page.goto("/");
    const counter = page.getByTestId("jackpot-counter");
    await expect(counter).toBeVisible();
    const pool = (await (await page.request.get("/lgw/jackpot")).json()).value.amount as string;
    // The count-up ends on the pool and never passes it (docs/jackpot.md).
    await expect(counter).toHaveAttribute("data-pool", pool);
    const digits = (s: string) => s.replace(/[^0-9]/g, "");
    await expect.poll(async () => digits(await counter.innerText())).toBe(digits(pool));
    expect(await counter.innerText()).toMatch(/\d{1,3}(,\d{3})+\.\d{2}/);
  });
});
