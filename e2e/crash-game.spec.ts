import { expect, type Page, request, test } from "@playwright/test";
import { crashPointOf, roundHash } from "../apps/rgs/src/crashgame/chain.ts";
import { SETTLE_AFTER_CRASH_MS } from "../apps/rgs/src/crashgame/engine.ts";
import { crashInstantMs } from "../packages/game-math/src/crash/index.ts";
import { CRASH_E2E, crashE2eSeed } from "./support/seed-crash.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// The crash game end to end: two players launched from the site's game launch into one crash
// round: A (desktop) cashes out while the curve rises, B (a 390 px phone) rides to the crash.
// The room "crash-e2e" runs on a chain the spec knows (support/seed-crash.ts), so the spec picks
// a round that flies past 1.50x and crashes below 4.00x by computing crash points itself.
test.describe.configure({ mode: "serial" });
const stamp = Date.now().toString(36).slice(-6);

test("two players in one round: one cashes out, one rides to the crash", async ({ browser }) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const names = [`cra${stamp}`, `crb${stamp}`];
  for (const n of names) await fundedPlayer(admin, n, "crash1234", "100.00", "crash e2e");
  // The site's launch of the catalogue's crash game (vendor PNC) gives the game link; the same
  // token opens the spec's room.
  const links: string[] = [];
  const list = await (
    await api.post("/wps/relay/GCSGAME_gameList", {
      data: { gameType: "RNG", vassalage: "PNC", pageNo: 1, pageSize: 5 },
    })
  ).json();
  const nodeId = list.value.games[0].nodeId;
  for (const n of names) {
    const login = await (
      await api.post("/wps/session/login", { data: { username: n, password: "crash1234" } })
    ).json();
    const launch = await (
      await api.post("/wps/game/launchGame", {
        headers: { authorization: `Bearer ${login.value.token}`, "x-lang": "EN" },
        data: { nodeId },
      })
    ).json();
    expect(launch.success, JSON.stringify(launch)).toBe(true);
    const url = new URL(launch.value.url, site);
    expect(url.pathname).toBe("/rgs/crash/crash-1");
    url.pathname = `/rgs/crash/${CRASH_E2E.room}`;
    url.searchParams.set("lang", "EN");
    links.push(url.toString());
  }

  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const a: Page = await ctxA.newPage();
  const b: Page = await ctxB.newPage();
  for (const [p, link] of [
    [a, links[0]],
    [b, links[1]],
  ] as const) {
    await p.goto(link as string);
    await expect(p.locator("#app")).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  }
  // The round is chosen once both screens are up: a page that loads slowly on a busy machine
  // then cannot make the chosen round's betting pass before anyone looks at it.
  //
  // The round to play: the first coming round (with 10 s of betting left) crashing in 1.50–4.00x:
  // A cashes out from 1.01x, so the click has over 6 s (the curve from 1.01x to 1.50x) to land.
  const seed = crashE2eSeed();
  const room = (await (await api.get(`/rgs/api/crash/rooms/${CRASH_E2E.room}`)).json()).value;
  const now = room.round?.roundNo ?? 0;
  const usable = (n: number) => {
    const x = crashPointOf(roundHash(seed, CRASH_E2E.length, n), CRASH_E2E.salt);
    return x >= 150 && x < 400;
  };
  let target = now + 1;
  if (
    room.round?.status === "betting" &&
    Date.parse(room.round.closesAt) - room.round.serverTime > 10_000 &&
    usable(now)
  )
    target = now;
  while (!usable(target)) target++;
  // How long until the target round takes bets: every round before it is a betting window, a
  // flight the chain fixes (crashInstantMs of its crash point), the settlement's wait and the
  // pause. Twice that (a busy machine's steps run late) bounds the wait, so where the chain
  // stands when the test starts never decides whether it passes.
  const roundMs = (n: number) =>
    CRASH_E2E.bettingMs +
    crashInstantMs(crashPointOf(roundHash(seed, CRASH_E2E.length, n), CRASH_E2E.salt)) +
    SETTLE_AFTER_CRASH_MS +
    CRASH_E2E.pauseMs;
  let untilTarget = 0;
  for (let n = Math.max(now, 1); n < target; n++) untilTarget += roundMs(n);
  const waitMs = 30_000 + 2 * untilTarget;
  test.setTimeout(240_000 + waitMs);

  // Both bet in the target round's betting phase; A by hand, B with no automatic cash-out.
  // The two players bet side by side, as two people would: neither waits for the other's bet
  // to use up the betting window.
  await Promise.all(
    [a, b].map(async (p) => {
      await expect(p.getByTestId("crash-status")).toContainText(`round #${target} takes off`, {
        timeout: waitMs,
      });
      await p.getByTestId("crash-amount").fill("10.00");
      await p.getByTestId("crash-bet").click();
      await expect(p.getByTestId("crash-message")).toHaveText("Your bet is in: ₱10.00");
      await expect(p.getByTestId("crash-balance")).toHaveText("₱90.00");
    }),
  );
  // Each sees the other's bet in the round's list.
  await expect(a.getByTestId("crash-players").locator("tr")).toHaveCount(2);
  await expect(b.getByTestId("crash-players").locator("tr")).toHaveCount(2);

  // The curve rises; A cashes out once past 1.01x (the server answers the multiplier it judged).
  await expect(a.getByTestId("crash-status")).toContainText(`Round #${target} is flying`, {
    timeout: 20_000,
  });
  await expect
    .poll(async () => Number(await a.getByTestId("crash-multiplier").getAttribute("data-x100")), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(101);
  await a.getByTestId("crash-cashout").click();
  await expect(a.getByTestId("crash-message")).toContainText("You cashed out at");
  const message = await a.getByTestId("crash-message").innerText();
  const [, x, won] = /at (\d+\.\d\d)x: won ₱(\d+\.\d\d)/.exec(message) ?? [];
  expect(Number(x)).toBeGreaterThanOrEqual(1.01);
  expect(Number(won)).toBe(Math.floor(Number(x) * 1000) / 100);
  await expect(a.getByTestId("crash-balance")).toHaveText(`₱${(90 + Number(won)).toFixed(2)}`);
  // B sees A's cash-out in the list while still riding.
  await expect(b.getByTestId("crash-players").locator("tr.won")).toContainText(`${x}x`);

  // B rides to the crash and loses; both see the crash and the strip gains it.
  const crash = (crashPointOf(roundHash(seed, CRASH_E2E.length, target), CRASH_E2E.salt) / 100).toFixed(2);
  await expect(b.getByTestId("crash-status")).toHaveText(`Crashed at ${crash}x`, { timeout: 30_000 });
  await expect(b.getByTestId("crash-message")).toHaveText(
    "It crashed before you cashed out. The bet is lost.",
  );
  await expect(b.getByTestId("crash-cashout")).toBeHidden();
  await expect(b.getByTestId("crash-balance")).toHaveText("₱90.00");
  await expect(a.getByTestId("crash-history").locator("li").first()).toHaveText(`${crash}x`, {
    timeout: 10_000,
  });
  await expect(b.getByTestId("crash-my-bets").locator("tr").first()).toContainText(`${crash}x`, {
    timeout: 10_000,
  });

  // The phone: nothing wider than the screen; the bet panel fits.
  const width = await b.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const box = await b.getByTestId("crash-amount").boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await b.screenshot({ path: test.info().outputPath("crash-phone.png") });

  // The verify page recomputes the round in the browser and checks its link.
  const hash = roundHash(seed, CRASH_E2E.length, target);
  await a.goto(`${site}/rgs/verify?crash=${CRASH_E2E.room}&lang=EN&hash=${hash}&salt=${CRASH_E2E.salt}`);
  await expect(a.getByTestId("verify-crash")).toHaveText(`Crash point: ${crash}x`);
  await expect(a.getByTestId("verify-link")).toHaveText(`Round #${target}: it links to the round before.`);
  await ctxA.close();
  await ctxB.close();
  await api.dispose();
});
