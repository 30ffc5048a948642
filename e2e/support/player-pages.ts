import { expect, type Page, request } from "@playwright/test";
import { registerPlayer, site } from "./wallet-player.ts";

/** The two screens every player page is checked at: a phone and a desktop. */
export const VIEWPORTS = [
  { name: "390", width: 390, height: 844, phone: true },
  { name: "1440", width: 1440, height: 900, phone: false },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export type Theme = "light" | "dark";

/** A page of the player site and what shows that it has arrived. */
export interface PlayerPage {
  name: string;
  path: string;
  ready: string;
}

/** Every screen of the player site reached by an address (spec §2 route table). */
export const SITE_PAGES: readonly PlayerPage[] = [
  { name: "home", path: "/", ready: "page-home" },
  { name: "games-rng", path: "/rng", ready: "page-games" },
  { name: "games-fish", path: "/fish", ready: "page-games" },
  { name: "games-vendor", path: "/pp", ready: "page-games" },
  { name: "lottery", path: "/lottery", ready: "page-lottery" },
  { name: "lottery-verify", path: "/lottery/verify", ready: "page-lottery-verify" },
  { name: "live", path: "/live", ready: "page-live" },
  { name: "sports", path: "/sports", ready: "page-sports" },
  { name: "bingo", path: "/bingo", ready: "page-bingo" },
  { name: "promotions", path: "/promotions", ready: "page-promotions" },
  { name: "point-mall", path: "/pointMall", ready: "page-point-mall" },
  { name: "deposit-rank", path: "/deposit-rank", ready: "page-rank" },
  { name: "notices", path: "/noticePage", ready: "page-notices" },
  { name: "help", path: "/help", ready: "page-help" },
  { name: "download", path: "/download", ready: "page-download" },
  { name: "join", path: "/join", ready: "page-join" },
  { name: "responsible-gaming", path: "/responsibleGaming", ready: "page-responsible-gaming" },
  { name: "not-found", path: "/no-such-page", ready: "page-not-found" },
];

/** Pages only a visitor sees (a logged-in player is sent on, or sees them differently). */
export const GUEST_PAGES: readonly PlayerPage[] = [
  { name: "register", path: "/register", ready: "register-username" },
  { name: "login", path: "/login", ready: "page-login" },
];

/** The member centre's pages (spec §2 personal centre menu), opened from its menu. */
export const MEMBER_PAGES = [
  "securityCenter",
  "transferFund",
  "depositv2",
  "withdraw",
  "personalHistoryCopy",
  "transactionHistory",
] as const;

/** Every later page of this test opens in `theme`, at `vp`. */
export async function prepare(page: Page, vp: Viewport, theme: Theme): Promise<void> {
  await page.setViewportSize({ width: vp.width, height: vp.height });
  await page.addInitScript((t) => localStorage.setItem("panalo.theme", t), theme);
}

/**
 * Signs `page` in as a new player through the API (the login screens have their own tests):
 * the token, name and account type go into session storage as the site keeps them (spec §4).
 */
export async function signedInPlayer(page: Page, prefix: string): Promise<{ username: string; id: number }> {
  const username = `${prefix}${Date.now().toString(36).slice(-7)}`;
  const password = "Layout2024ok";
  const { id } = await registerPlayer(username, password);
  const api = await request.newContext({ baseURL: site });
  try {
    const login = await (await api.post("/wps/session/login", { data: { username, password } })).json();
    expect(login.success, JSON.stringify(login)).toBe(true);
    await page.addInitScript(
      ({ token, name }) => {
        sessionStorage.setItem("panalo.token", token);
        sessionStorage.setItem("panalo.username", name);
        sessionStorage.setItem("panalo.isAgent", "0");
      },
      { token: String(login.value.token), name: username },
    );
  } finally {
    await api.dispose();
  }
  return { username, id };
}

/** Nothing sticks out sideways: a phone user never scrolls horizontally. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(
    sizes.scroll,
    `${where}: page ${sizes.scroll} px wide on a ${sizes.inner} px screen`,
  ).toBeLessThanOrEqual(sizes.inner);
}

/**
 * A screenshot to look at (test-results/screens/, not committed). It checks nothing, so it never
 * fails a test: a capture that has not finished in 30 s (Chromium waiting on the page's fonts or
 * frames on a loaded machine has held one for minutes) is skipped with a line in the log.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page
    .screenshot({ path: `test-results/screens/${name}.png`, animations: "disabled", timeout: 30_000 })
    .catch((err: Error) => console.warn(`screenshot ${name} skipped: ${err.message.split("\n")[0]}`));
}

/** Opens the member centre on `name` from its menu (the header's name opens the centre). */
export async function openMemberPage(page: Page, name: string): Promise<void> {
  const centre = page.getByTestId("member-centre");
  if (!(await centre.isVisible())) await page.getByTestId("account-name").click();
  await page.getByTestId(`member-menu-${name}`).click();
  await expect(page.getByTestId(`member-page-${name}`)).toBeVisible();
}

/**
 * Content under what floats over the page: the right bar's buttons anywhere; the phone's bottom
 * bar at the page's end (while scrolling, content passes under a bar by design; the page must
 * end above it so nothing stays hidden).
 */
export async function overlaps(page: Page, floatingSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const floating = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.getClientRects().length > 0,
    );
    const boxes = floating.map((el) => el.getBoundingClientRect());
    const hits: string[] = [];
    const content = document.querySelectorAll<HTMLElement>(
      "main a, main button, main input, main select, main h1, main h2, main p, footer a, footer button, footer p, footer h2, footer img",
    );
    for (const el of content) {
      if (el.closest(".right-bar, .bottom-nav, .carousel-controls")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // The content box: padding is not content.
      const s = getComputedStyle(el);
      const left = r.left + Number.parseFloat(s.paddingLeft);
      const right = r.right - Number.parseFloat(s.paddingRight);
      let top = r.top + Number.parseFloat(s.paddingTop);
      let bottom = r.bottom - Number.parseFloat(s.paddingBottom);
      // What a scrolling box (a carousel's track) clips is not drawn: only the part inside every
      // clipping ancestor can sit under a floating button.
      let [l, rr] = [left, right];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const as = getComputedStyle(a);
        if (as.overflowX === "visible" && as.overflowY === "visible") continue;
        const ar = a.getBoundingClientRect();
        if (as.overflowX !== "visible") [l, rr] = [Math.max(l, ar.left), Math.min(rr, ar.right)];
        if (as.overflowY !== "visible") [top, bottom] = [Math.max(top, ar.top), Math.min(bottom, ar.bottom)];
      }
      if (rr <= l || bottom <= top) continue;
      for (const b of boxes) {
        if (l < b.right && rr > b.left && top < b.bottom && bottom > b.top) {
          hits.push(
            `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").trim().slice(0, 30)}"`,
          );
          break;
        }
      }
    }
    return hits;
  }, floatingSelector);
}

export const toEnd = (page: Page) =>
  page.evaluate(() =>
    window.scrollTo({ top: document.scrollingElement?.scrollHeight ?? 0, behavior: "instant" }),
  );

/**
 * The page fits the screen, and nothing floats over its content, at its top and at its end with
 * the footer loaded. Soft: a sweep reports every page that fails, not the first.
 */
export async function checkLayout(page: Page, name: string, shot: string): Promise<void> {
  const width = () => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
  expect.soft(await width(), `${name}: wider than the screen`).toBeLessThanOrEqual(0);
  expect.soft(await overlaps(page, ".right-bar > *"), `${name}: floating buttons over the page`).toEqual([]);
  await screenshot(page, shot);
  // The footer's partner logos and help links arrive once the footer nears the screen (the
  // demo brand has both); the page's end is measured after they have.
  await toEnd(page);
  await expect(page.getByTestId("partner-carousel")).toBeVisible();
  await expect(page.locator('footer a[href^="/help#"]').first()).toBeVisible();
  await toEnd(page);
  expect
    .soft(
      await overlaps(page, ".right-bar > *, .bottom-nav"),
      `${name}: floating buttons over the page's end`,
    )
    .toEqual([]);
  expect.soft(await width(), `${name}: wider than the screen with the footer`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}
