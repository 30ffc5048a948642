import {
  type APIRequestContext,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  request,
  test,
} from "@playwright/test";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// The fish game end to end: player A from the site's /fish list into the /game frame, player B
// on a phone held sideways from the launch link, both at the same sea (low stakes). They see
// the same fish at the same second and each other's shots; B's auto-fire kills fish, which
// raises the balance above what the shots cost; after B leaves, every shot verifies on the
// verify page from the revealed seed.
test.describe.configure({ mode: "serial" });
const stamp = Date.now().toString(36).slice(-6);

async function loginApi(api: APIRequestContext, username: string): Promise<Record<string, string>> {
  const login = await (
    await api.post("/wps/session/login", { data: { username, password: "fish1234" } })
  ).json();
  expect(login.success, JSON.stringify(login)).toBe(true);
  return { authorization: `Bearer ${login.value.token}` };
}

const num = async (l: Locator, name: string) => Number((await l.getAttribute(name)) ?? "0");

test("two players at one sea: the same fish, each other's shots, a kill, verified shots", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const a = `fsa${stamp}`;
  const b = `fsb${stamp}`;
  await fundedPlayer(admin, a, "fish1234", "200.00", "fish e2e");
  await fundedPlayer(admin, b, "fish1234", "200.00", "fish e2e");

  // The room list (GLS2_roomList) has the fish seas beside the tables; a level's game launches.
  const authB = await loginApi(api, b);
  const rooms = (await (await api.post("/wps/relay/GLS2_roomList", { headers: authB, data: {} })).json())
    .value;
  const low = rooms.find((r: { game: string; level?: string }) => r.game === "fish" && r.level === "low");
  expect(low).toMatchObject({ vendor: "PNF", minBet: "0.10", maxBet: "1.00", seats: 4 });
  const launch = (
    await (await api.post("/wps/game/launchGame", { headers: authB, data: { nodeId: low.nodeId } })).json()
  ).value;
  expect(launch.url).toContain("/rgs/fish/low");

  // A: the site's /fish page lists the levels with their seas; Play opens the game frame.
  const ctxA = await browser.newContext();
  const pageA = await ctxA.newPage();
  const siteA = new SitePage(pageA);
  await siteA.openHome();
  await siteA.switchLanguage("EN");
  await siteA.loginFromHeader(a, "fish1234");
  await siteA.expectLoggedIn(a);
  await pageA.goto("/fish");
  const level = pageA.locator("[data-testid=fish-level][data-level=low]");
  await expect(level.getByTestId("fish-room").first()).toContainText("seats free");
  await level.getByTestId("fish-play").click();
  const frameA: FrameLocator = pageA.frameLocator('[data-testid="game-frame"]');
  const appA = frameA.locator("#app");
  await expect(appA).toHaveAttribute("data-state", "ready", { timeout: 30_000 });

  // B: a phone held sideways, the launch link.
  const ctxB = await browser.newContext({
    viewport: { width: 844, height: 390 },
    isMobile: true,
    hasTouch: true,
  });
  const pageB: Page = await ctxB.newPage();
  const linkB = new URL(launch.url, site);
  linkB.searchParams.set("lang", "EN");
  await pageB.goto(linkB.toString());
  const appB = pageB.locator("#app");
  await expect(appB).toHaveAttribute("data-state", "ready", { timeout: 30_000 });

  // One sea: the same room and seed, and for the same second the same fish on both screens.
  const roomA = await appA.getAttribute("data-room");
  expect(await appB.getAttribute("data-room")).toBe(roomA);
  expect(await appB.getAttribute("data-sea")).toBe(await appA.getAttribute("data-sea"));
  await expect(appA).toHaveAttribute("data-seats", "2");
  // Each screen logs the fish swimming at each of its last ten whole seconds.
  const swimA = JSON.parse((await appA.getAttribute("data-swim")) ?? "{}") as Record<string, string>;
  const swimB = JSON.parse((await appB.getAttribute("data-swim")) ?? "{}") as Record<string, string>;
  const common = Object.keys(swimA).filter((k) => k in swimB);
  expect(common.length).toBeGreaterThan(0);
  for (const k of common) expect(swimB[k], `second ${k}`).toBe(swimA[k]);
  expect((swimA[common[0] ?? ""] ?? "").split(",").length).toBeGreaterThan(3);

  // The phone in landscape shows the canvas and the controls, not the rotate hint.
  await expect(pageB.getByTestId("fish-canvas")).toBeVisible();
  await expect(pageB.getByTestId("fish-controls")).toBeVisible();
  await expect(pageB.getByTestId("fish-auto")).toBeInViewport();
  await expect(pageB.getByTestId("fish-rotate")).toBeHidden();
  const box = await pageB.getByTestId("fish-canvas").boundingBox();
  expect(box?.width).toBeGreaterThan(800);
  // Held upright, the phone asks to be turned; sideways again, the sea is back.
  await pageB.setViewportSize({ width: 390, height: 844 });
  await expect(pageB.getByTestId("fish-rotate")).toBeVisible();
  await pageB.setViewportSize({ width: 844, height: 390 });
  await expect(pageB.getByTestId("fish-rotate")).toBeHidden();

  // B fires on auto until a kill; A hears B's shots. B's socket is authenticated, so the bursts
  // go over it: no HTTP /fire call at all.
  await expect(appB).toHaveAttribute("data-socket-shots", "on", { timeout: 30_000 });
  let httpFires = 0;
  pageB.on("request", (r) => {
    if (r.url().includes("/rgs/api/fish/fire")) httpFires++;
  });
  const startB = Number(await appB.getAttribute("data-balance"));
  await pageB.getByTestId("fish-auto").click();
  await expect(appB).toHaveAttribute("data-auto", "true");
  await expect.poll(() => num(appA, "data-room-shots"), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect.poll(() => num(appB, "data-kills"), { timeout: 120_000 }).toBeGreaterThan(0);
  await pageB.getByTestId("fish-auto").click();
  await expect(appB).toHaveAttribute("data-auto", "false");
  // B leaves (the shots on their way answered first): the magazine is paid back, the seed revealed.
  await pageB.getByTestId("fish-leave").click();
  await expect(appB).toHaveAttribute("data-state", "left", { timeout: 30_000 });
  // The shots cost 0.10 each (cannon 1 at low stakes): the kills paid more than that back.
  const fired = await num(appB, "data-fired");
  const left = Number(await appB.getAttribute("data-balance"));
  expect(fired).toBeGreaterThan(0);
  expect(httpFires).toBe(0);
  expect(left).toBeGreaterThan(Math.round((startB - fired * 0.1) * 100) / 100);
  const href = (await appB.getAttribute("data-verify")) ?? "";
  await pageB.goto(new URL(href, site).toString());
  const verdict = pageB.getByTestId("fish-verify-result");
  await expect(verdict).toHaveAttribute("data-ok", "true", { timeout: 30_000 });
  await expect(verdict).toHaveAttribute("data-shots", String(fired));
  expect(await pageB.getByTestId("fish-verify-row").count()).toBe(fired);
  // The platform's wallet holds what the screen showed after the leave.
  const wallet = (await (
    await api.post("/wps/relay/GCS_merchantWallet", { headers: authB, data: {} })
  ).json()) as {
    value: { balance: string };
  };
  expect(Number(wallet.value.balance)).toBeCloseTo(left, 2);
  // The betting record shows each magazine as a round (stake, what it paid back), and its recall
  // lists the magazine's shots and recomputes each one from the revealed seed.
  const manila = Date.now() + 8 * 3600_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const record = (
    await (
      await api.post("/wps/relay/GCS_betRecord", {
        headers: authB,
        data: { startDate: day(manila - 86_400_000), endDate: day(manila), vassalage: "PNF" },
      })
    ).json()
  ).value as { items: Array<{ roundId: string; bet: string; status: string; replay: boolean }> };
  const magazine = record.items.find((r) => r.status === "settled");
  expect(magazine?.replay).toBe(true);
  const recall = (
    await (
      await api.post("/wps/relay/GCS_betReplay", {
        headers: authB,
        data: { vassalage: "PNF", roundId: magazine?.roundId },
      })
    ).json()
  ).value as { url: string };
  await pageB.goto(new URL(recall.url, site).toString());
  const recalled = pageB.getByTestId("fish-verify-result");
  await expect(recalled).toHaveAttribute("data-ok", "true", { timeout: 30_000 });
  await expect(pageB.getByTestId("fish-replay-line")).toContainText(magazine?.bet ?? "-");

  await ctxA.close();
  await ctxB.close();
  await api.dispose();
  await admin.dispose();
});
