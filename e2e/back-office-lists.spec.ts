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

test("players: the CSV export of a filtered list holds every matching row, with a BOM", async ({ page }) => {
  await new AdminPage(page).login();
  const H = { "x-requested-with": "panalo-admin" };
  const stamp = Date.now().toString(36).slice(-6);
  const rich = `pxr${stamp}`;
  const richer = `pxs${stamp}`;
  const poor = `pxp${stamp}`;
  for (const [name, amount] of [
    [rich, "150.00"],
    [richer, "275.50"],
    [poor, "20.00"],
  ] as const) {
    const { id } = await registerPlayer(name, "secret123");
    const res = await page.request.post("/api/admin/adjustments", {
      headers: H,
      data: { memberId: id, amount, reason: "lists e2e export" },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // The list as the operator filtered it: this run's players with at least ₱100, richest first.
  await page.goto(`/admin/players?q=${stamp}&balanceMin=100.00&sort=balance&direction=desc`);
  const rows = page.locator('[data-testid^="player-row-"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(richer);
  await expect(page.getByTestId("players-export")).toHaveText("Export CSV");
  await expectAxeClean(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("players-export").click(),
  ]);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder("utf-8").decode(bytes).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,username,mobile,email,account type,status,vip level,main balance,currency,registered (PHT),last sign-in (PHT)",
  );
  const cells = lines.slice(1).map((l) => l.split(","));
  // Every row matches the filter (and only those), in the list's order, balances in pesos.
  expect(cells.map((r) => [r[1], r[7]])).toEqual([
    [richer, "275.50"],
    [rich, "150.00"],
  ]);
  for (const r of cells) {
    expect(r[1]).toContain(stamp);
    expect(Number(r[7])).toBeGreaterThanOrEqual(100);
  }
  expect(cells.some((r) => r[1] === poor)).toBe(false);
});

/** One audit entry as GET /api/admin/audit answers it. */
const auditEntry = (i: number) => ({
  id: 70_000 + i,
  at: new Date(Date.now() - i * 60_000).toISOString(),
  operator: "owner",
  action: "update",
  entityType: i % 2 ? "deposit" : "adjustment",
  entityId: `E${i}`,
  before: { status: "pending" },
  after: { status: "approved" },
  ip: "127.0.0.1",
});

/** One held win as GET /api/admin/win-reviews answers it. */
const heldWin = (i: number) => ({
  id: 8000 + i,
  vendor: "PNS",
  transactionId: `vt-${i}:win`,
  roundId: `vt-round-${i}`,
  memberId: 1,
  username: `vw${i}`,
  currency: "PHP",
  amount: `${100 + i}.00`,
  roundBets: "2.00",
  roundWins: "0.00",
  maxWinMultiple: 20,
  maxWinAmount: null,
  status: "pending",
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  note: null,
  createdAt: new Date().toISOString(),
});

test("the audit log and held wins draw their rows inside the virtual scroller", async ({ page }) => {
  await new AdminPage(page).login();
  // Full pages (50 audit entries, 25 held wins): the rendering is what is tested, not the data.
  const audit = Array.from({ length: 50 }, (_, i) => auditEntry(i));
  await page.route(/\/api\/admin\/audit\?/, (route) =>
    route.fulfill({ json: { success: true, value: { items: audit, total: 50 } } }),
  );
  const wins = Array.from({ length: 25 }, (_, i) => heldWin(i));
  await page.route(/\/api\/admin\/win-reviews\?/, (route) =>
    route.fulfill({ json: { success: true, value: { items: wins, total: 25, pending: 25 } } }),
  );

  await page.goto("/admin/audit");
  const scroller = page.getByRole("region", { name: "Audit log" });
  await expect(scroller).toHaveClass(/\bdata-table\b/);
  const auditRows = scroller.locator('tr[data-testid="audit-row"]');
  await expect(auditRows.first()).toHaveAttribute("data-entity", "adjustment");
  await expect(auditRows.first()).toContainText("E0");
  // Virtualised: a page of 50 entries draws only those in view.
  expect(await auditRows.count()).toBeLessThan(50);
  // An entry's changes open under its row, inside the scroller.
  await auditRows.first().getByRole("button", { name: "Show changes" }).click();
  await expect(scroller.locator("tr.detail-row")).toHaveCount(1);
  await expect(auditRows.first().getByRole("button", { name: "Hide changes" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  // Scrolled to its end, the box draws the last entries.
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(auditRows.filter({ hasText: "E49" })).toHaveCount(1);
  await expectAxeClean(page);

  await page.goto("/admin/win-reviews");
  const held = page.getByTestId("win-reviews");
  await expect(held).toHaveClass(/\bdata-table\b/);
  await expect(held).toHaveAttribute("aria-label", "Held wins");
  const heldRows = held.locator('tr[data-testid^="win-review-"]');
  await expect(heldRows.first()).toContainText("vw0");
  await expect(heldRows.first()).toHaveAttribute("data-status", "pending");
  await expect(heldRows.first().getByRole("button", { name: "Pay" })).toBeVisible();
  expect(await heldRows.count()).toBeLessThan(25);
  await held.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId("win-review-8024")).toBeVisible();
  await expectAxeClean(page);
});
