import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { expectNoSidewaysScroll } from "./support/player-pages.ts";
import { SEEDED_LEAGUES } from "./support/seed-matches.ts";
import { registerPlayer } from "./support/wallet-player.ts";

// Lists an operator works at volume: the trading desk's 2,000 seeded matches (e2e/support/
// seed-matches.ts) filtered by league on the server, a match id read on screen and a manual
// settlement asked for by it; the ledger exported for a date range as CSV (every matching row,
// a byte order mark, rows as filtered). axe finds nothing serious or critical; one check at 390 px.

async function expectAxeClean(p: Page) {
  const result = await (await settledAxe(p)).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test("2,000 matches: filter by league, read a match id, ask to settle it by that id", async ({ page }) => {
  await new AdminPage(page).login();
  await page.getByTestId("admin-nav-sports-trading").click();
  const league = SEEDED_LEAGUES[3] as string;
  await page.getByTestId("sb-filter-league").selectOption({ label: `${league} (football)` });
  // 2,000 matches in ten leagues: 200 in this one, paged by the server.
  await expect(page.getByTestId("sb-matches-total")).toHaveText(/^200\b/);
  const rows = page.locator('tr[data-testid^="sb-match-"]');
  await expect(rows.first()).toContainText(league);
  // Virtualised: a page of 50 rows renders only those in view.
  expect(await rows.count()).toBeLessThan(50);
  const idCell = page.locator('[data-testid^="sb-match-id-"]').first();
  const matchId = (await idCell.textContent())?.trim() ?? "";
  expect(Number(matchId)).toBeGreaterThan(0);
  await expectAxeClean(page);

  await page.getByRole("tab", { name: "Manual" }).click();
  await page.getByTestId("sb-manual-match").fill(matchId);
  await page.getByTestId("sb-manual-home").fill("1");
  await page.getByTestId("sb-manual-away").fill("0");
  await page.getByTestId("sb-manual-ask").click();
  const asked = page.locator('[data-testid^="sb-manual-row-"]').filter({ hasText: "pending" }).first();
  await expect(asked).toContainText(matchId);
});

test("the ledger exported for a date range holds every matching row, with a BOM", async ({ page }) => {
  // One TOTP sign-in (a code is accepted once): the set-up uses the page's own session.
  await new AdminPage(page).login();
  const admin = page.request;
  const H = { "x-requested-with": "panalo-admin" };
  const stamp = Date.now().toString(36).slice(-6);
  // Three adjustments today of one new player.
  const username = `lst${stamp}`;
  const { id } = await registerPlayer(username, "secret123");
  for (const amount of ["1.25", "2.25", "3.25"]) {
    const res = await admin.post("/api/admin/adjustments", {
      headers: H,
      data: { memberId: id, amount, reason: "lists e2e" },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const day = manilaToday();
  await page.goto(`/admin/ledger?from=${day}&to=${day}&type=adjustment`);
  const total = page.getByTestId("ledger-total");
  await expect(total).toHaveText(/^\d+/);
  const n = Number((await total.textContent())?.match(/^\d+/)?.[0]);
  expect(n).toBeGreaterThanOrEqual(3);
  await expectAxeClean(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("ledger-export").click(),
  ]);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder("utf-8").decode(bytes).trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,time (PHT),type,member id,member,amount (PHP),reference");
  const rows = lines.slice(1).map((l) => l.split(","));
  expect(rows).toHaveLength(n);
  for (const r of rows) {
    expect(r[1]?.startsWith(`${day} `)).toBe(true);
    expect(r[2]).toBe("adjustment");
  }
  for (const k of [1, 2, 3]) expect(rows.some((r) => r[4] === username && r[5] === `${k}.25`)).toBe(true);

  // At 390 px the filtered ledger fits the screen (its table scrolls inside its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("ledger-table")).toBeVisible();
  await expectNoSidewaysScroll(page, "the ledger at 390 px");
  await expectAxeClean(page);
});

test("players: a balance range in pesos and a VIP level filter on the server", async ({ page }) => {
  await new AdminPage(page).login();
  const H = { "x-requested-with": "panalo-admin" };
  const stamp = Date.now().toString(36).slice(-6);
  const rich = `plr${stamp}`;
  const poor = `plp${stamp}`;
  const { id } = await registerPlayer(rich, "secret123");
  await registerPlayer(poor, "secret123");
  const res = await page.request.post("/api/admin/adjustments", {
    headers: H,
    data: { memberId: id, amount: "150.00", reason: "lists e2e" },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await page.goto(`/admin/players?q=${stamp}`);
  const rows = page.locator('[data-testid^="player-row-"]');
  await expect(rows).toHaveCount(2);
  // Typed as people type pesos; the list asks the server when the field is left.
  await page.getByTestId("player-filter-balanceMin").fill("100");
  await page.getByTestId("player-filter-balanceMin").blur();
  await expect(page.getByTestId("player-filter-balanceMin")).toHaveValue("100.00");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(rich);
  await expect(rows.first()).toContainText("₱150.00");
  expect(page.url()).toContain("balanceMin=100.00");
  await expectAxeClean(page);
  // New players are VIP level 0; no one of them is level 5.
  await page.getByTestId("player-filter-balanceMin").fill("");
  await page.getByTestId("player-filter-balanceMin").blur();
  await page.getByTestId("player-filter-vip").fill("5");
  await expect(page.getByText("No players match")).toBeVisible();
  await page.getByTestId("player-filter-vip").fill("0");
  await expect(rows).toHaveCount(2);
});

test("the deposits queue draws only the rows in view of a full page", async ({ page }) => {
  await new AdminPage(page).login();
  // A full page of 25 waiting deposits (the queue's rendering is what is tested, not the money).
  const items = Array.from({ length: 25 }, (_, i) => ({
    id: 9000 + i,
    memberId: 1,
    username: `vq${i}`,
    channelId: 1,
    channelName: "Bank transfer",
    amount: `${i + 1}.00`,
    currency: "PHP",
    status: "pending",
    reference: `REF${i}`,
    proofUrl: null,
    reason: null,
    gatewayRef: null,
    createdAt: new Date().toISOString(),
    decidedAt: null,
    ageSeconds: 60,
  }));
  await page.route(/\/api\/admin\/deposits\?/, (route) =>
    route.fulfill({ json: { success: true, value: { items, total: 25 } } }),
  );
  await page.goto("/admin/deposits");
  const rows = page.locator('tr[data-testid^="deposit-row-"]');
  await expect(rows.first()).toContainText("vq0");
  expect(await rows.count()).toBeLessThan(25);
  // Scrolled to its end, the box draws the last rows.
  await page.getByRole("region", { name: "Deposits" }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId("deposit-row-9024")).toBeVisible();
  await expectAxeClean(page);
});
