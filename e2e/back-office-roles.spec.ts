import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { GamesPage } from "./support/games-page.ts";
import { expectNoSidewaysScroll } from "./support/player-pages.ts";
import { totp } from "./support/totp.ts";

// Roles the owner shapes: the owner makes a "sports trader" role on the Roles page and gives it
// to two new operators; one asks for a match's settlement, the same one cannot approve it, the
// other approves it. An operator hides a game in the catalogue and the lobby drops it. The pages
// touched pass axe with no serious or critical finding, on a desktop and at 390 px.
test.describe.configure({ mode: "serial" });

const H = { "x-requested-with": "panalo-admin" };
const stamp = Date.now().toString(36).slice(-5);
const ROLE = `trader-${stamp}`;
let context: BrowserContext;
let page: Page;
const traders: Array<{ username: string; password: string; totpSecret: string }> = [];
let matchId = 0;

async function expectAxeClean(p: Page) {
  const result = await (await settledAxe(p)).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A trader's first sign-in: a fresh code of their own secret, then their own password. */
async function signInTrader(browser: Browser, t: (typeof traders)[number]): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await p.goto("/admin/login");
  await p.getByTestId("admin-login-username").fill(t.username);
  await p.getByTestId("admin-login-password").fill(t.password);
  await p.getByTestId("admin-login-totp").fill(totp(t.totpSecret));
  await p.getByTestId("admin-login-submit").click();
  // A generated password is changed before anything else.
  await p.locator('input[name="oldPassword"]').fill(t.password);
  const own = `${t.username}-Own-2026`;
  await p.locator('input[name="newPassword"]').fill(own);
  await p.locator('input[name="confirmPassword"]').fill(own);
  await p.getByTestId("change-password-submit").click();
  await expect(p.getByTestId("admin-nav-sports-trading")).toBeVisible();
  // The role holds sports.read and sports.settle only: no finance, no operators.
  await expect(p.getByTestId("admin-nav-operators")).toHaveCount(0);
  await expect(p.getByTestId("admin-nav-deposits")).toHaveCount(0);
  t.password = own;
  return ctx;
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  await new AdminPage(page).login();
  // Two new operators (test set-up through the owner's session; their role is given on the page).
  for (const n of [1, 2]) {
    const res = await page.request.post("/api/admin/operators", {
      headers: H,
      data: { username: `trader${n}-${stamp}`, role: "auditor" },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const v = (await res.json()).value;
    traders.push({ username: v.operator.username, password: v.password, totpSecret: v.totpSecret });
  }
  const tick = await page.request.post("/api/admin/sports/simulator/tick", {
    headers: H,
    data: { perSport: 1 },
  });
  expect(tick.ok(), await tick.text()).toBe(true);
  const list = await page.request.get("/api/admin/sports/matches?status=open");
  const matches = (await list.json()).value.items as Array<{ id: number; status: string }>;
  matchId = Number(matches.find((m) => m.status === "not_started")?.id ?? matches[0]?.id);
  expect(matchId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await context?.close();
});

test("the owner makes a sports trader role and gives it to two operators", async () => {
  await page.getByTestId("admin-nav-roles").click();
  await expect(page.getByTestId("role-row-owner")).toContainText("Every permission");
  await page.getByTestId("role-new").click();
  const dialog = page.getByTestId("role-dialog");
  await dialog.getByTestId("role-name").fill(ROLE);
  await dialog.getByTestId("role-label").fill("Sports trader");
  await dialog.getByTestId("role-permission-sports.read").check();
  await dialog.getByTestId("role-permission-sports.settle").check();
  // The owner's own permission is never offered to another role.
  await expect(dialog.getByTestId("role-permission-roles.write")).toHaveCount(0);
  await expectAxeClean(page);
  await dialog.getByTestId("role-save").click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId(`role-row-${ROLE}`);
  await expect(row).toContainText("sports.read, sports.settle");
  for (const t of traders) {
    await page.getByTestId(`role-of-${t.username}`).selectOption(ROLE);
    await expect(
      page.getByTestId("toast").filter({ hasText: `${t.username} now holds ${ROLE}` }),
    ).toBeVisible();
  }
  await expect(row.locator("td").nth(2)).toHaveText("2");
  await expectAxeClean(page);
});

test("one trader asks to settle a match, cannot approve it, and the other approves it", async ({
  browser,
}) => {
  const [one, two] = traders;
  if (!one || !two) throw new Error("two traders");
  const oneCtx = await signInTrader(browser, one);
  const p1 = oneCtx.pages()[0] as Page;
  await p1.getByTestId("admin-nav-sports-trading").click();
  await p1.getByRole("tab", { name: "Manual" }).click();
  await p1.getByTestId("sb-manual-match").fill(String(matchId));
  await p1.getByTestId("sb-manual-home").fill("2");
  await p1.getByTestId("sb-manual-away").fill("1");
  await p1.getByTestId("sb-manual-ask").click();
  const row = p1.locator('[data-testid^="sb-manual-row-"]').filter({ hasText: one.username }).first();
  await expect(row).toContainText("pending");
  const id = (await row.getAttribute("data-testid"))?.replace("sb-manual-row-", "") ?? "";
  await p1.getByTestId(`sb-manual-approve-${id}`).click();
  await expect(p1.getByRole("alert").filter({ hasText: "Another operator must approve" })).toBeVisible();
  await expect(row).toContainText("pending");
  await expectAxeClean(p1);

  const twoCtx = await signInTrader(browser, two);
  const p2 = twoCtx.pages()[0] as Page;
  await p2.getByTestId("admin-nav-sports-trading").click();
  await p2.getByRole("tab", { name: "Manual" }).click();
  await p2.getByTestId(`sb-manual-approve-${id}`).click();
  await expect(p2.getByTestId(`sb-manual-row-${id}`)).toContainText(`approved by ${two.username}`);
  await oneCtx.close();
  await twoCtx.close();
});

test("at 390 px the Roles page fits and reads in Filipino", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/roles");
  await expect(page.getByTestId(`role-row-${ROLE}`)).toBeVisible();
  await expectNoSidewaysScroll(page, "the Roles page at 390 px");
  await expectAxeClean(page);
  // The back office in Filipino: the page and the menu speak it, and so do the server's answers.
  await page.getByTestId("admin-lang").selectOption("TY");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mga role");
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  await expect(page.getByTestId("role-row-owner")).toContainText("Lahat ng pahintulot");
  await expectAxeClean(page);
  await page.getByTestId("admin-lang").selectOption("EN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roles");
});

test("at 390 px an operator hides a game in the catalogue and it leaves the lobby", async ({ browser }) => {
  const site = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const games = new GamesPage(site);
  await games.open("/rng");
  await games.search("Gintong");
  await expect(games.cards()).toHaveCount(1);

  await page.goto("/admin/games");
  await page.getByTestId("catalog-search").fill("panalo-gold");
  const toggle = page.getByTestId("game-row-panalo-gold").locator('[data-testid^="game-enabled-"]');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await expectAxeClean(page);
  await games.open("/rng");
  await games.search("Gintong");
  await expect(games.cards()).toHaveCount(0);

  // Back on for the other suites.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await site.close();
});
