import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import { CENTRE_AGENTS } from "./support/seed-agent-centre.ts";
import { site } from "./support/wallet-player.ts";

// The agent centre on its own routes (/agent/<page>), laid out for a phone first. The tree
// (top → mid → low, daily salaries 2.00 %, 1.80 %, 1.20 %) and two days ago's paid bills (the top
// agent earned 50.00 and paid mid 20.00) are written by prepare-db (seed-agent-centre.ts). On a
// 390 px phone the top agent copies its invitation link, offers mid a lower rate (mid sees,
// before accepting, that it ends low's contract; low still has its salary page, the contract
// listed with its end), mid ends the contract, and both still see it listed with its end; the
// top agent reads its net income. The same pages on a desktop, the menu on the left. axe: no
// serious or critical violation on any agent-centre page.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SERVER_WORK = { timeout: 30_000 };

/** Every page of the menu these agents see (the daily salary page: they hold contracts). */
const PAGES = [
  ["announcement", "announcement"],
  ["teamOverview", "team-overview"],
  ["registerCenter", "register"],
  ["teamManagement", "team"],
  ["teamBetting", "team-betting"],
  ["userProfit", "user-profit"],
  ["myIncome", "income"],
  ["downlineTransactions", "transactions"],
  ["dailySalary", "daily-salary"],
] as const;

async function agentPage(browser: Browser, who: keyof typeof CENTRE_AGENTS, viewport = PHONE) {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
  // English, so the texts below read as written here (the site's default is Filipino).
  await context.addInitScript(() => localStorage.setItem("panalo.lang", "EN"));
  const page = await context.newPage();
  const { username, password } = CENTRE_AGENTS[who];
  await page.goto("/agent");
  await page.getByTestId("login-page-username").fill(username);
  await page.getByTestId("login-page-password").fill(password);
  await page.getByTestId("login-page-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText(username, SERVER_WORK);
  await page.setViewportSize(viewport);
  return { context, page };
}

/** Nothing scrolls sideways at this width. */
async function expectNoSideScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

/** Opens a page from the centre's menu: behind its button on a phone, on the left on a desktop. */
async function openFromMenu(page: Page, id: string) {
  const toggle = page.getByTestId("agent-menu-toggle");
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await page.getByTestId(`agent-menu-${id}`).click();
  await expect(page.getByTestId(`agent-page-${id}`)).toBeVisible(SERVER_WORK);
}

async function axeSeriousOrCritical(page: Page): Promise<string[]> {
  const result = await (await settledAxe(page))
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("on a phone: invitation link, a lower rate offered and ended, still listed; net income", async ({
  browser,
}) => {
  const top = await agentPage(browser, "top");
  const { page } = top;

  // The header's agent button opens the centre's route (no dialog); the menu waits behind its button.
  await page.getByTestId("header-agent").click();
  await expect(page).toHaveURL(/\/agent\/team-overview$/);
  await expect(page.getByTestId("agent-page-teamOverview")).toBeVisible(SERVER_WORK);
  await expect(page.getByTestId("agent-menu-teamOverview")).toBeHidden();

  // The invitation: link and QR in view at 390 px, copied whole.
  await openFromMenu(page, "registerCenter");
  await expect(page).toHaveURL(/\/agent\/register$/);
  const link = page.getByTestId("invite-link");
  await expect(link).toBeInViewport();
  await expect(page.getByTestId("invite-qr")).toBeVisible();
  // The QR is an image the server draws: it counts once it has loaded and decoded, not when its
  // box (sized by width/height) is first visible.
  await expect
    .poll(
      () =>
        page
          .getByTestId("invite-qr")
          .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      SERVER_WORK,
    )
    .toBeGreaterThan(0);
  await page.getByTestId("invite-copy").click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/a\/[A-Z2-9]{8}$/);
  await expect(link).toHaveText(copied);
  await expectNoSideScroll(page);

  // Team management → "change contract" for mid: its daily salary page, mid chosen; 1.00 %.
  await openFromMenu(page, "teamManagement");
  const midRow = page.getByTestId(`team-row-${CENTRE_AGENTS.mid.username}`);
  await expect(midRow).toContainText("1.80%");
  await expectNoSideScroll(page);
  await midRow.getByTestId(`team-contract-${CENTRE_AGENTS.mid.username}`).click();
  await expect(page).toHaveURL(/\/agent\/daily-salary$/);
  const offer = page.getByTestId("contract-offer");
  await expect(offer.getByTestId("offer-downline").locator("option:checked")).toHaveText(
    CENTRE_AGENTS.mid.username,
  );
  await offer.getByTestId("offer-rate").fill("1");
  await offer.getByTestId("offer-submit").click();
  await expect(offer.getByTestId("offer-done")).toBeVisible(SERVER_WORK);
  // The upline reads what its offer would end below: low's 1.20 %.
  const offeredRow = page.locator('[data-testid="given-contract"][data-status="offered"]');
  await expect(offeredRow.getByTestId("contract-impact-item")).toContainText(CENTRE_AGENTS.low.username);
  await expect(offeredRow.getByTestId("contract-impact-item")).toContainText("1.20%");
  await expectNoSideScroll(page);

  // Mid, on its phone, sees before accepting that it ends low's contract, accepts, then ends it.
  const mid = await agentPage(browser, "mid");
  await mid.page.goto("/agent/daily-salary");
  const mine = mid.page.getByTestId("contract-page-daily_salary");
  const incoming = mine.locator('[data-testid="my-contract"][data-status="offered"]');
  await expect(incoming).toContainText("1.00%", SERVER_WORK);
  await expect(incoming.getByTestId("contract-impact-item")).toContainText(CENTRE_AGENTS.low.username);
  mid.page.once("dialog", (d) => void d.accept());
  await incoming.getByTestId("contract-accept").click();
  const active = mine.locator('[data-testid="my-contract"][data-status="active"]');
  await expect(active).toContainText("1.00%", SERVER_WORK);
  // Low's 1.20 % ended with the lower rate: listed among the contracts mid gave, with the reason.
  const lowEnded = mine.locator(
    `[data-testid="given-contract"][data-downline="${CENTRE_AGENTS.low.username}"]`,
  );
  await expect(lowEnded).toHaveAttribute("data-status", "ended");
  await expect(lowEnded.getByTestId("given-end")).toContainText("lower upline rate");
  await expect(lowEnded.getByTestId("given-end")).toContainText(/\d/); // its end date
  // Low's own salary page stays in its menu, its ended contract listed with the date and reason.
  const low = await agentPage(browser, "low");
  await low.page.goto("/agent/daily-salary");
  await expect(low.page.getByTestId("agent-page-dailySalary")).toBeVisible(SERVER_WORK);
  await expect(low.page.getByTestId("agent-page-unavailable")).toHaveCount(0);
  const lowPast = low.page.locator('[data-testid="my-past-contract"][data-status="ended"]');
  await expect(lowPast).toContainText("1.20%", SERVER_WORK);
  await expect(lowPast.getByTestId("contract-end")).toContainText(
    /Ended .*\d.* · ended by a lower upline rate/,
  );
  await expect(low.page.locator('[data-testid="my-contract"]')).toHaveCount(0);
  await low.context.close();
  mid.page.once("dialog", (d) => void d.accept());
  await active.getByTestId("contract-terminate").click();
  // Ended, and still on mid's page with its date and reason (the page did not disappear).
  const ended = mine.locator('[data-testid="my-past-contract"][data-status="terminated"]');
  await expect(ended).toContainText("1.00%", SERVER_WORK);
  await expect(ended.getByTestId("contract-end")).toContainText(/Ended .+ · terminated/);
  await expectNoSideScroll(mid.page);

  // The top agent still sees the contract listed, terminated, with its end.
  await page.reload();
  const given = page.locator(
    `[data-testid="given-contract"][data-downline="${CENTRE_AGENTS.mid.username}"][data-status="terminated"]`,
  );
  await expect(given).toContainText("1.00%", SERVER_WORK);
  await expect(given.getByTestId("given-end")).toContainText("terminated");
  await expect(
    page.locator(
      `[data-testid="given-contract"][data-downline="${CENTRE_AGENTS.mid.username}"][data-status="ended"]`,
    ),
  ).toContainText("1.80%");

  // My income: gross 50.00, paid to mid 20.00 (named), net 30.00; a labelled chart; a CSV.
  await openFromMenu(page, "myIncome");
  await expect(page.getByTestId("income-gross")).toContainText("50.00", SERVER_WORK);
  await expect(page.getByTestId("income-paid-out")).toContainText("20.00");
  await expect(page.getByTestId("income-net")).toContainText("30.00");
  const row = page.getByTestId("income-period").first();
  await expect(row.getByTestId("income-downlines")).toContainText(`${CENTRE_AGENTS.mid.username}`);
  await expect(row.getByTestId("income-period-net")).toContainText("30.00");
  const chart = page.getByTestId("income-chart");
  await expect(chart).toHaveAttribute("aria-label", /30\.00/);
  // The chart writes its dates and values.
  await expect(chart.locator("text").filter({ hasText: "30.00" }).first()).toBeAttached();
  // Drawn at the width it is shown at: on this phone its words are as large as on a desktop (not
  // a 640-wide drawing shrunk to ~6 px), values and dates written.
  await expect(chart).toHaveAttribute("data-values", /^(bar|group)$/);
  await expect(chart.getByTestId("chart-date").first()).toHaveText(/\d/);
  const valueBox = await chart.locator("text").filter({ hasText: "30.00" }).first().boundingBox();
  expect(valueBox?.height ?? 0).toBeGreaterThanOrEqual(10);
  await expectNoSideScroll(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("income-csv").click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`50.00,20.00,30.00,${CENTRE_AGENTS.mid.username} 20.00`);

  await mid.context.close();
  await top.context.close();
});

test("on a phone: every page fits 390 px and axe finds nothing serious", async ({ browser }) => {
  const { context, page } = await agentPage(browser, "top");
  await page.goto("/agent/team-overview");
  await expect(page.getByTestId("agent-page-teamOverview")).toBeVisible(SERVER_WORK);
  const findings: string[] = [];
  for (const [id] of PAGES) {
    await openFromMenu(page, id);
    await expectNoSideScroll(page);
    findings.push(...(await axeSeriousOrCritical(page)).map((f) => `${id} (phone): ${f}`));
  }
  // The menu itself, open.
  await page.getByTestId("agent-menu-toggle").click();
  findings.push(...(await axeSeriousOrCritical(page)).map((f) => `menu (phone): ${f}`));
  expect(findings).toEqual([]);
  await context.close();
});

test("on a desktop: the menu on the left, each page its own address, axe clean", async ({ browser }) => {
  const { context, page } = await agentPage(browser, "top", DESKTOP);
  await page.goto("/agent/team-overview");
  await expect(page.getByTestId("agent-page-teamOverview")).toBeVisible(SERVER_WORK);
  await expect(page.getByTestId("agent-menu-toggle")).toBeHidden();
  const nav = await page.getByTestId("agent-menu-teamOverview").boundingBox();
  const main = await page.getByTestId("agent-page-teamOverview").boundingBox();
  expect(nav && main && nav.x + nav.width <= main.x).toBe(true);
  // The earlier contract address leads to the centre's page.
  await page.goto("/agentContracts/myIncome");
  await expect(page).toHaveURL(/\/agent\/income$/);
  await expect(page.getByTestId("income-net")).toContainText("30.00", SERVER_WORK);
  // The header's balance button says its amount to a screen reader.
  await expect(page.getByTestId("header-balance")).toHaveAttribute("aria-label", /Balance .*\d\.\d\d/);
  const findings: string[] = [];
  for (const [id, slug] of PAGES) {
    await page.getByTestId(`agent-menu-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/agent/${slug}$`));
    await expect(page.getByTestId(`agent-page-${id}`)).toBeVisible(SERVER_WORK);
    findings.push(...(await axeSeriousOrCritical(page)).map((f) => `${id} (desktop): ${f}`));
  }
  expect(findings).toEqual([]);
  await context.close();
});
