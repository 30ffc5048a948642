import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { settledAxe } from "./support/axe.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// Bingo end to end: the room runs fast here through its settings (set by the
// back office's API: a short sales window and a quick draw pace, no sleeps). A player opens
// /bingo, sees the room's next start time, ticket price and pool, launches it into the /game
// frame, buys a strip of six tickets, watches the balls drawn and daubed, and sees the result;
// the room also fits a 390 px phone.
test.describe.configure({ mode: "serial" });
const stamp = Date.now().toString(36).slice(-6);
const ROOM = "bingo90-1";

async function fastRoom(admin: APIRequestContext): Promise<void> {
  // Off first: the game on sale (opened with the default minute-long window) is void and
  // refunded; back on, the next game opens with these settings.
  const off = await admin.put("/api/admin/bingo/rooms", {
    data: { id: ROOM, salesMs: 12_000, ballMs: 100, ticketPrice: "10.00", enabled: false },
  });
  expect(off.ok(), await off.text()).toBe(true);
  const on = await admin.put("/api/admin/bingo/rooms", { data: { id: ROOM, enabled: true } });
  expect(on.ok(), await on.text()).toBe(true);
}

test("a player buys bingo tickets, watches the draw and daubing, and sees the result", async ({
  browser,
}) => {
  const admin = await operatorApi();
  await fastRoom(admin);
  const name = `bgo${stamp}`;
  await fundedPlayer(admin, name, "bingo123", "500.00", "bingo e2e");

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const siteP = new SitePage(page);
  await siteP.openHome();
  await siteP.switchLanguage("EN");
  await siteP.loginFromHeader(name, "bingo123");
  await siteP.expectLoggedIn(name);
  await page.goto("/bingo");
  const card = page.locator(`[data-testid=bingo-room][data-room=${ROOM}]`);
  await expect(card.getByTestId("bingo-room-price")).toHaveText("Ticket 10.00");
  await expect(card.getByTestId("bingo-room-next")).toContainText(/starts at \d{2}:\d{2}:\d{2}/, {
    timeout: 20_000,
  });
  await expect(card.getByTestId("bingo-room-pool")).toContainText("Prize pool");
  await card.getByTestId("bingo-play").click();
  const room = page.frameLocator('[data-testid="game-frame"]');

  // A game on sale with time left to buy (the next one if this one is about to start).
  const status = room.getByTestId("bingo-status");
  let bought = false;
  for (let i = 0; i < 3 && !bought; i++) {
    await expect(status).toContainText("starts in", { timeout: 40_000 });
    const text = await status.innerText();
    const left = Number((text.match(/in (\d+) s/) ?? [])[1] ?? 0);
    if (left < 4) {
      // Too close to the start: wait for this game to go (an unsold game ends at once).
      const no = (text.match(/#(\d+)/) ?? [])[1] ?? "";
      await expect(status).not.toContainText(`#${no} starts`, { timeout: 40_000 });
      continue;
    }
    await room.locator("[data-count='6']").click();
    await room.getByTestId("bingo-buy").click();
    await expect(room.getByTestId("bingo-message")).toHaveText("You bought 6 tickets.");
    bought = true;
  }
  expect(bought).toBe(true);
  await expect(room.getByTestId("bingo-ticket")).toHaveCount(6);
  await expect(room.getByTestId("bingo-balance")).toContainText("440.00");
  await expect(room.getByTestId("bingo-pool")).not.toContainText(" 0.00");

  // The draw: balls appear on the board and are daubed on the tickets automatically. The six
  // tickets are one strip covering 1–90, so every called ball is daubed exactly once.
  await expect(status).toContainText("ball", { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        room.locator("body").evaluate(() => {
          const called = Number(
            document.querySelector("[data-testid=bingo-board]")?.getAttribute("data-called"),
          );
          const daubed = document.querySelectorAll(".bingo-ticket .cell.daubed").length;
          return called > 3 && daubed === called;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);

  // The result: all three prizes were won; this player held tickets, so it shows their win or none.
  await expect(room.getByTestId("bingo-result")).toContainText(/Your win|No win/, { timeout: 40_000 });
  await expect(room.locator("[data-testid=bingo-result-prizes] [data-prize=full_house].won")).toBeVisible();
  await expect(room.getByTestId("bingo-verify")).toBeVisible();
  const href = (await room.getByTestId("bingo-verify").getAttribute("href")) ?? "";
  await ctx.close();

  // The phone: the room and the verify page fit 390 px.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const p = await phone.newPage();
  await p.goto(new URL(href, site).toString());
  await expect(p.getByTestId("bingo-verify-hash")).toHaveAttribute("data-match", "true");
  await expect(p.getByTestId("bingo-verify-draw")).toContainText("·");
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const api = await request.newContext({ baseURL: site });
  const login = await (
    await api.post("/wps/session/login", { data: { username: name, password: "bingo123" } })
  ).json();
  const auth = { authorization: `Bearer ${login.value.token}` };
  // The betting record shows the game (its ticket purchase, settled) and recalls it: the
  // tickets and the numbers drawn.
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const record = await (
    await api.post("/wps/relay/GCS_betRecord", {
      headers: auth,
      data: { startDate: day, endDate: day, vassalage: "PNB" },
    })
  ).json();
  const row = record.value.items.find(
    (r: { gameCode: string; status: string }) => r.gameCode === ROOM && r.status === "settled",
  );
  expect(row?.bet).toBe("60.00");
  expect(row?.replay).toBe(true);
  const replay = await (
    await api.post("/wps/relay/GCS_betReplay", {
      headers: auth,
      data: { vassalage: "PNB", roundId: row.roundId },
    })
  ).json();
  await p.goto(new URL(replay.value.url, site).toString());
  await expect(p.getByTestId("bingo-replay-balls")).toContainText("·");
  await expect(p.locator(".bingo-replay figure")).toHaveCount(6);
  const rooms = await (await api.post("/wps/relay/GLS2_bingoRoomList", { headers: auth, data: {} })).json();
  const entry = rooms.value.find((r: { roomId: string }) => r.roomId === ROOM);
  const launch = await (
    await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId: entry.nodeId } })
  ).json();
  expect(launch.value.url).toContain(`/rgs/bingo/${ROOM}`);
  const link = new URL(launch.value.url, site);
  link.searchParams.set("lang", "EN");
  await p.goto(link.toString());
  await expect(p.getByTestId("bingo-board")).toBeVisible();
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await (await settledAxe(p)).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await phone.close();
  await api.dispose();
  await admin.dispose();
});
