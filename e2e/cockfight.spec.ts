import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { totp } from "./support/totp.ts";
import { fundedPlayer, site } from "./support/wallet-player.ts";

// Cockfight end to end: off by default (the player's /cockfight says the region does not have
// it); the operator turns it on, schedules an event with a local HLS test stream and a fight,
// opens betting, and the player on a 390 px phone bets on meron and wala while the odds move;
// the operator closes betting and declares meron, cannot confirm it alone, and a second
// operator confirms it: the player is paid and the record shows the result and the odds paid.
const stamp = Date.now().toString(36).slice(-6);
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

/** A tiny HLS stream: one playlist and one 2 s segment of MPEG-TS null packets (188 bytes each). */
const PLAYLIST = [
  "#EXTM3U",
  "#EXT-X-VERSION:3",
  "#EXT-X-TARGETDURATION:2",
  "#EXT-X-MEDIA-SEQUENCE:0",
  "#EXTINF:2.0,",
  "seg0.ts",
  "#EXT-X-ENDLIST",
  "",
].join("\n");
const SEGMENT = Buffer.concat(
  Array.from({ length: 8 }, () => {
    const p = Buffer.alloc(188, 0xff);
    p.set([0x47, 0x1f, 0xff, 0x10]);
    return p;
  }),
);

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { value: T }).value;
}

/** A second operator who may run the arena, signed in through the API (their own TOTP secret). */
async function secondOperator(owner: APIRequestContext): Promise<APIRequestContext> {
  const role = `arena-${stamp}`;
  await ok(
    await owner.post("/api/admin/roles", {
      headers: H,
      data: { name: role, label: "Arena", permissions: ["tables.read", "tables.write"] },
    }),
  );
  const made = await ok<{ password: string; totpSecret: string }>(
    await owner.post("/api/admin/operators", { headers: H, data: { username: `judge-${stamp}`, role } }),
  );
  const api = await request.newContext({ baseURL: site, extraHTTPHeaders: H });
  await ok(
    await api.post("/api/admin/session", {
      data: { username: `judge-${stamp}`, password: made.password, totp: totp(made.totpSecret) },
    }),
  );
  await ok(
    await api.post("/api/admin/session/password", {
      data: { oldPassword: made.password, newPassword: `Judge-pass-${stamp}-2026` },
    }),
  );
  return api;
}

test("an operator runs a fight, a second confirms it, a player on a phone bets and is paid", async ({
  browser,
}) => {
  const adminCtx = await browser.newContext();
  const ownerPage = await adminCtx.newPage();
  const owner = new AdminPage(ownerPage);
  await owner.login();
  const admin = ownerPage.request;
  const setRegions = (on: boolean) =>
    admin.put("/api/admin/settings/cockfight", { headers: H, data: { countries: [], unlocated: on } });
  await ok(await setRegions(false));
  const name = `cf${stamp}`;
  await fundedPlayer(
    await request.newContext({
      baseURL: site,
      extraHTTPHeaders: H,
      storageState: await adminCtx.storageState(),
    }),
    name,
    "sabong123",
    "500.00",
    "cockfight e2e",
  );

  // The player's phone, signed in; the test stream served to every frame of it.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.route("**/e2e-stream/arena.m3u8", (r) =>
    r.fulfill({ body: PLAYLIST, contentType: "application/vnd.apple.mpegurl" }),
  );
  await phone.route("**/e2e-stream/seg0.ts", (r) => r.fulfill({ body: SEGMENT, contentType: "video/mp2t" }));
  const api = await request.newContext({ baseURL: site });
  const login = await ok<{ token: string }>(
    await api.post("/wps/session/login", { data: { username: name, password: "sabong123" } }),
  );
  await phone.addInitScript(
    ({ token, user }) => {
      if (location.protocol !== "http:") return;
      localStorage.setItem("panalo.lang", "EN");
      sessionStorage.setItem("panalo.token", token);
      sessionStorage.setItem("panalo.username", user);
      sessionStorage.setItem("panalo.isAgent", "0");
    },
    { token: login.token, user: name },
  );
  const page = await phone.newPage();
  await page.goto("/cockfight");
  await expect(page.getByTestId("page-cockfight")).toContainText("Cockfight is not available in your region");

  // The operator turns it on and schedules the event and its fight (set-up through the API).
  await ok(await setRegions(true));
  const event = await ok<{ eventId: string }>(
    await admin.post("/api/admin/cockfight/events", {
      headers: H,
      data: { arena: `E2E Arena ${stamp}`, date: "2026-11-29", videoUrl: "/e2e-stream/arena.m3u8" },
    }),
  );
  await ok(
    await admin.post("/api/admin/cockfight/fights", {
      headers: H,
      data: {
        eventId: event.eventId,
        fightNo: 1,
        meron: { owner: "Red Ridge Farm", weight: "2.10 kg", record: "4-1" },
        wala: { owner: "Blue Lake Farm", weight: "2.05 kg", record: "3-2" },
      },
    }),
  );

  // The back office opens betting on fight 1.
  await owner.open("cockfight");
  const section = ownerPage.getByRole("region", { name: `E2E Arena ${stamp} 2026-11-29` });
  const row = section.getByTestId("fight-1");
  await row.getByRole("button", { name: "Open betting" }).click();
  await expect(row.getByTestId("fight-status")).toHaveText("Betting open");

  // The player opens the arena from /cockfight: the video plays the test stream.
  await page.goto("/cockfight");
  const arena = page.frameLocator('[data-testid="game-frame"]');
  await expect(arena.locator("video.cf-video")).toHaveAttribute("data-hls", "ready", { timeout: 20_000 });
  await expect(arena.getByTestId("cf-state")).toHaveText("Betting open");
  await expect(arena.locator(".cf-meron").first()).toContainText("Red Ridge Farm");
  await arena.locator("input[name=amount]").fill("100");
  await arena.locator("[data-side=meron]").click();
  await expect(arena.locator(".cf-note")).toHaveText("Your bet is in: ₱100.00 on Meron");
  await expect(arena.getByTestId("cf-odds-meron")).toHaveText("1.00");
  await arena.locator("input[name=amount]").fill("50");
  await arena.locator("[data-side=wala]").click();
  // The pools moved: the odds every player sees (5% plasada) are pushed to the screen.
  await expect(arena.getByTestId("cf-odds-meron")).toHaveText("1.42");
  await expect(arena.getByTestId("cf-odds-wala")).toHaveText("2.85");
  await expect(arena.getByTestId("cf-balance")).toHaveText("₱350.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Closed, declared meron; the declaring operator cannot confirm it alone.
  await row.getByRole("button", { name: "Close betting" }).click();
  await expect(row.getByTestId("fight-status")).toHaveText("Betting closed");
  await expect(arena.getByTestId("cf-state")).toContainText("Betting closed");
  await row.getByRole("combobox", { name: "Result" }).selectOption("meron");
  await row.getByRole("button", { name: "Declare" }).click();
  await expect(row).toContainText("declared by");
  await row.getByRole("button", { name: "Confirm result" }).click();
  await owner.expectToast("A second operator must confirm the result");
  await expect(arena.getByTestId("cf-balance")).toHaveText("₱350.00");

  // The second operator confirms: the player is paid 142.50 (150 less 7.50 plasada).
  const judge = await secondOperator(admin);
  const fightId = (
    await ok<Array<{ fights: Array<{ fightId: string }> }>>(
      await admin.get("/api/admin/cockfight/events", { headers: H }),
    )
  )[0]?.fights[0]?.fightId;
  await ok(await judge.post("/api/admin/cockfight/confirm", { data: { fightId, result: "meron" } }));
  await expect(arena.getByTestId("cf-state")).toHaveText("Result: Meron · paid 1.42");
  await expect(arena.locator(".cf-note")).toHaveText("Fight #1: you received ₱142.50");
  await expect(arena.getByTestId("cf-balance")).toHaveText("₱492.50");
  await expect(arena.getByTestId("cf-bet")).toHaveCount(2);
  await expect(arena.getByTestId("cf-bet").first()).toContainText("Meron · 1.42");
  await expect(row.getByTestId("fight-status")).toHaveText("Settled");

  await ok(await setRegions(false));
  await Promise.all([phone.close(), adminCtx.close(), api.dispose(), judge.dispose()]);
});
