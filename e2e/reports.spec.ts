import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// The operator's dashboard shows today's figures, moved exactly by what
// this test sets up (26 rounds of a new player, 3 of them won, and the adjustment that funded
// them), and a report is filtered, sorted, paged and downloaded as CSV.
const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0001"; // playwright.config.ts
const secret = createHmac("sha256", APP_SECRET).update("provider-secret:PNS").digest("hex");
const stamp = Date.now().toString(36).slice(-6);

async function provider(api: APIRequestContext, call: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: `e2e-${Math.random().toString(36).slice(2)}`, ...body });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex");
  const res = await api.post(`/provider/PNS/${call}`, {
    headers: { "content-type": "application/json", "x-signature": `t=${t},v1=${v1}` },
    data: raw,
  });
  return res.json();
}

const cents = (s: string) => Math.round(Number(s) * 100);
/** As the back office writes amounts: "1,234.50". */
const grouped = (s: string) => {
  const neg = s.startsWith("-");
  const [w = "0", c = "00"] = (neg ? s.slice(1) : s).split(".");
  return `${neg ? "-" : ""}${w.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${c}`;
};

test("the dashboard's figures follow the set-up; a report filters, sorts, pages and downloads", async ({
  page,
}) => {
  const admin = await operatorApi();
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const figures = async () => {
    const res = await admin.get(`/api/admin/reports/dashboard?from=${today}&to=${today}`);
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).value.todayFigures;
  };
  const before = await figures();

  const api = await request.newContext({ baseURL: site });
  const username = `rep${stamp}`;
  const { id } = await fundedPlayer(admin, username, "secret123", "100.00", "reports e2e funding");
  const login = await (
    await api.post("/wps/session/login", { data: { username, password: "secret123" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  const games = await (
    await api.post("/wps/relay/GCSGAME_gameList", {
      data: { gameType: "RNG", vassalage: "PNS", pageNo: 1, pageSize: 1 },
    })
  ).json();
  const launch = await (
    await api.post("/wps/game/launchGame", {
      headers: { authorization: `Bearer ${login.value.token}` },
      data: { nodeId: games.value.games[0].nodeId },
    })
  ).json();
  const token = new URL(launch.value.url, site).searchParams.get("token");
  // 26 rounds of 1.00, 1.10, … 3.50 (58.50 in all); rounds 0, 10 and 20 win 5.00 each.
  for (let i = 0; i < 26; i++) {
    const round = `e2e-rep-${stamp}-${i}`;
    const amount = (1 + i / 10).toFixed(2);
    const debit = await provider(api, "debit", {
      token,
      playerId: id,
      transactionId: `${round}:bet`,
      roundId: round,
      amount,
      roundClosed: i % 10 !== 0,
    });
    expect(debit.success, JSON.stringify(debit)).toBe(true);
    if (i % 10 === 0) {
      const credit = await provider(api, "credit", {
        playerId: id,
        transactionId: `${round}:win`,
        roundId: round,
        betTransactionId: `${round}:bet`,
        amount: "5.00",
        roundClosed: true,
      });
      expect(credit.success, JSON.stringify(credit)).toBe(true);
    }
  }
  await api.dispose();

  // Today's figures moved by exactly the set-up (the suite runs one file at a time).
  const after = await figures();
  expect(cents(after.bets) - cents(before.bets)).toBe(5850);
  expect(cents(after.wins) - cents(before.wins)).toBe(1500);
  expect(cents(after.ggr) - cents(before.ggr)).toBe(4350);
  expect(cents(after.adjustments) - cents(before.adjustments)).toBe(10000);
  expect(cents(after.ngr) - cents(before.ngr)).toBe(4350 - 10000);
  expect(after.rounds - before.rounds).toBe(26);
  expect(after.activePlayers - before.activePlayers).toBe(1);
  expect(after.newPlayers - before.newPlayers).toBe(1);
  expect(after.deposits).toBe(before.deposits);

  // The operator's dashboard shows those figures.
  const owner = new AdminPage(page);
  await owner.login();
  await expect(page.getByTestId("today-ggr")).toContainText(grouped(after.ggr));
  await expect(page.getByTestId("today-ngr")).toContainText(grouped(after.ngr));
  await expect(page.getByTestId("today-rounds")).toContainText(String(after.rounds));
  await expect(page.getByTestId("today-new")).toContainText(String(after.newPlayers));
  await expect(page.getByTestId("queue-deposits")).toBeVisible();
  await expect(page.getByTestId("chart-vendor").locator('[data-key="PNS"]')).toBeVisible();

  // Reports → Rounds, filtered to the player: 26 rows in two pages, sorted by the server.
  await owner.open("reports");
  await page.getByTestId("report-tab-rounds").click();
  await page.getByTestId("report-member").fill(username);
  await page.getByTestId("report-apply").click();
  await expect(page.getByTestId("report-count")).toHaveText("1–25 of 26");
  const firstBet = page.getByTestId("report-row").first().locator("td").nth(5);
  await page.getByTestId("sort-bet").click();
  await expect(firstBet).toHaveText("3.50");
  await page.getByTestId("sort-bet").click();
  await expect(firstBet).toHaveText("1.00");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("report-count")).toHaveText("26–26 of 26");
  await expect(page.getByTestId("report-row")).toHaveCount(1);
  await expect(firstBet).toHaveText("3.50");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-export").click(),
  ]);
  const csv = new TextDecoder("utf-8") // as a spreadsheet reads it: UTF-8, the byte order mark taken off
    .decode(readFileSync((await download.path()) as string))
    .split("\r\n");
  expect(csv[0]).toBe("time_manila,username,vendor,game,round,bet,win,state");
  expect(csv).toHaveLength(28); // header, 26 rows, the empty string after the last line break
  expect(csv.filter((l) => l.endsWith(",5.00,won"))).toHaveLength(3);
  expect(csv[1]).toContain(`,${username},PNS,`);
  expect(csv[1]).toContain(",1.00,");

  // Games per player for the same member: the totals of the set-up.
  await page.getByTestId("report-tab-games").click();
  await page.getByTestId("report-group").selectOption("player");
  await page.getByTestId("report-member").fill(username);
  await page.getByTestId("report-apply").click();
  const row = page.getByTestId("report-row");
  await expect(row).toHaveCount(1);
  await expect(row.locator("td")).toHaveText([username, "58.50", "15.00", "43.50", "25.64", "26", "1"]);
  await admin.dispose();
});
