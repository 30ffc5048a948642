import { expect, type Page, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import {
  checkLayout,
  GUEST_PAGES,
  MEMBER_PAGES,
  openMemberPage,
  type PlayerPage,
  prepare,
  SITE_PAGES,
  screenshot,
  signedInPlayer,
  type Theme,
  VIEWPORTS,
} from "./support/player-pages.ts";

// Axe-core finds no serious or critical violation on any player page, at a
// phone and a desktop size, logged out and logged in. A visitor is checked in the light theme
// and a player in the dark one, so both themes' colours are checked at both sizes. The same
// single load of each page also checks the phone layout (no sideways scroll, nothing floating
// over the page) and takes its screenshot (test-results/screens/).

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  // The WCAG 2.1 A and AA rules (best-practice rules are advice, not the bar).
  const result = await (await settledAxe(page))
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  for (const v of result.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
    });
  }
}

/**
 * One load of a page: its layout (e2e/support/player-pages.ts checkLayout: no sideways scroll,
 * nothing floating over it), a screenshot, then axe.
 */
async function visit(page: Page, p: PlayerPage, label: string, findings: Finding[]): Promise<void> {
  // The page's own marker says it is there; images keep arriving while it is checked.
  await page.goto(p.path, { waitUntil: "domcontentloaded" });
  // A first visit downloads the screen's chunk: on a loaded 2-core machine that can take longer
  // than the default 10 s, and the check is for the page, not its speed.
  await expect(page.getByTestId(p.ready)).toBeVisible({ timeout: 30_000 });
  await checkLayout(page, `${p.name} ${label}`, `${p.name}-${label}`);
  await audit(page, `${p.name} ${label}`, findings);
}

// Each sweep is cut into parts of a few pages, so one test's time is bounded by a few page loads
// and axe runs (each several seconds on a loaded two-core machine), not by the number of pages.
const PAGES_PER_PART = 6;
const SITE_PARTS = Math.ceil(SITE_PAGES.length / PAGES_PER_PART);

for (const vp of VIEWPORTS) {
  for (const state of ["guest", "member"] as const) {
    const theme: Theme = state === "guest" ? "light" : "dark";
    // Parts 1..SITE_PARTS: the site's pages; the last part: the guest's or the member's own pages.
    for (let part = 0; part <= SITE_PARTS; part++) {
      const what =
        part < SITE_PARTS
          ? `site pages ${part * PAGES_PER_PART + 1}–${Math.min(SITE_PAGES.length, (part + 1) * PAGES_PER_PART)}`
          : state === "guest"
            ? "sign-up, login and the login popup"
            : "the member centre";
      test(`no serious accessibility violation at ${vp.name} px, ${state}, ${theme} theme: ${what}`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        // Finished frames: axe measures colours after the fade-ins, not half-way through one.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await prepare(page, vp, theme);
        if (state === "member") await signedInPlayer(page, `ax${vp.name}`);
        const label = `${vp.name}-${state}-${theme}`;
        const findings: Finding[] = [];

        if (part < SITE_PARTS) {
          for (const p of SITE_PAGES.slice(part * PAGES_PER_PART, (part + 1) * PAGES_PER_PART))
            await visit(page, p, label, findings);
        } else if (state === "guest") {
          for (const p of GUEST_PAGES) await visit(page, p, label, findings);
          // The login popup: on a phone from the header's login button, on a desktop from the
          // inline form sent empty (spec §5: both fields are required; the popup says so).
          await page.goto("/");
          if (vp.phone) await page.getByTestId("header-login-open").click();
          else await page.getByTestId("login-submit").click();
          await expect(page.getByTestId("login-modal")).toBeVisible();
          await audit(page, `login-popup ${label}`, findings);
          await screenshot(page, `login-popup-${label}`);
        } else {
          await page.goto("/");
          for (const name of MEMBER_PAGES) {
            await openMemberPage(page, name);
            await audit(page, `member-${name} ${label}`, findings);
            await screenshot(page, `member-${name}-${label}`);
          }
        }
        expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
      });
    }
  }
}

// The footer's partner carousel is reached and moved with the keyboard, and its
// logos are real images with the vendor's whole name.
test("the partner carousel works from the keyboard and shows every vendor's logo whole", async ({ page }) => {
  // A phone: two logos to a view, so there is something to scroll.
  await prepare(page, VIEWPORTS[0], "dark");
  await page.goto("/");
  await expect(page.getByTestId("page-home")).toBeVisible();
  await page.getByTestId("site-footer").scrollIntoViewIfNeeded();
  const carousel = page.getByTestId("partner-carousel");
  await expect(carousel).toBeVisible();

  const logos = carousel.locator("img.partner-logo");
  expect(await logos.count()).toBeGreaterThan(0);
  for (const img of await logos.all()) {
    // Loaded (not a broken placeholder), named, and drawn at its own proportions. Logos load
    // lazily, so each is brought into the track's view first, as moving the carousel does.
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveJSProperty("complete", true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(img).toHaveAttribute("alt", /\S/);
  }

  await page.getByTestId("partners-prev").focus();
  await page.keyboard.press("Tab");
  const first = carousel.getByRole("link").first();
  await expect(first).toBeFocused();
  const track = carousel.locator(".partners-track");
  const start = await track.evaluate((el) => el.scrollLeft);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(start + 50);
  // Back a view (snapped to the first logo, a few pixels of padding aside).
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(start + 10);
  // Enter follows the logo to the vendor's games.
  const href = await first.getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${(href ?? "").replace(/[?]/g, "\\?")}$`));
});
