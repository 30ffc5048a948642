import { createHash, randomBytes } from "node:crypto";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { GamesPage } from "./support/games-page.ts";
import { signedInPlayer, VIEWPORTS } from "./support/player-pages.ts";
import { operatorApi } from "./support/wallet-player.ts";

// Provably fair links that verify: every Verify link (a slot's history and replay, the seed
// reveal, table and bingo rounds) carries what the verify page needs, so the page recomputes
// the round at once and says whether the seed's hash is the one shown before play; a round
// whose seed is still secret says so and leads to the reveal; a table round shows its cards.

const GAME = "Mango Mania"; // 0.01 a line: rounds are cheap and quick
// Tables and bingo publish the SHA-256 of the seed's bytes.
const sha256 = (hex: string) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");

function slot(p: Page): FrameLocator {
  return p.frameLocator('[data-testid="game-frame"]');
}

/** One paid round: done when the fairness panel counts it (the nonce moves on) and the reels rest. */
async function spinOnce(game: FrameLocator): Promise<void> {
  const root = game.locator("[data-state]").first();
  const nonce = game.getByTestId("slot-nonce");
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
  const before = Number(await nonce.textContent());
  await game.getByTestId("slot-spin").click();
  await game.getByTestId("slot-window").click(); // hurries the round; never starts another spin
  await expect(nonce).toHaveText(String(before + 1), { timeout: 30_000 });
  await expect(root).toHaveAttribute("data-state", "idle", { timeout: 30_000 });
}

async function replayNewest(game: FrameLocator): Promise<void> {
  await game.getByTestId("slot-history").click();
  await expect(game.getByTestId("slot-round").first()).toBeVisible();
  await game.getByTestId("slot-round-replay").first().click();
  await expect(game.getByTestId("slot-replay")).toBeVisible();
  await expect(game.locator("[data-state]").first()).toHaveAttribute("data-state", "idle", {
    timeout: 30_000,
  });
}

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px every Verify link of a slot's rounds verifies`, async ({ page, context }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.addInitScript(() => localStorage.setItem("panalo.lang", "EN"));
    const { id } = await signedInPlayer(page, `pf${vp.name}`);
    const admin = await operatorApi();
    const funded = await admin.post("/api/admin/adjustments", {
      data: { memberId: id, amount: "50.00", reason: "e2e provably fair" },
    });
    expect(funded.ok(), await funded.text()).toBe(true);
    await admin.dispose();

    const games = new GamesPage(page);
    await games.open("/rng");
    await games.search(GAME);
    await games.launch(GAME);
    await games.expectInGame(GAME);
    const game = slot(page);
    await spinOnce(game);
    await spinOnce(game);
    const shownHash = (await game.getByTestId("slot-server-hash").textContent())?.trim() ?? "";
    expect(shownHash).toMatch(/^[0-9a-f]{64}$/);

    // Before the reveal, a replayed round says its seed is secret and leads to the reveal.
    await replayNewest(game);
    await expect(game.getByTestId("slot-seed-pending")).toBeVisible();
    await expect(game.getByTestId("slot-verify-link")).toHaveCount(0);
    await game.getByTestId("slot-reveal-link").click();
    await expect(game.getByTestId("slot-client-seed")).toBeFocused();

    // The reveal: its Verify link recomputes the last round played on the retired pair.
    await game.getByTestId("slot-client-seed").fill(`pf-${vp.name}-${Date.now()}`);
    await game.getByTestId("slot-client-seed").press("Enter");
    const reveal = game.getByTestId("slot-reveal-verify");
    await expect(reveal).toBeVisible();
    const revealUrl = new URL((await reveal.getAttribute("href")) ?? "", "http://x");
    for (const name of ["gameId", "serverSeed", "clientSeed", "nonce", "betPerLine", "hash"]) {
      expect(revealUrl.searchParams.get(name), name).toBeTruthy();
    }
    expect(revealUrl.searchParams.get("hash")).toBe(shownHash);
    const checker = await context.newPage();
    await checker.setViewportSize({ width: vp.width, height: vp.height });
    await checker.goto(`${revealUrl.pathname}${revealUrl.search}`);
    await expect(checker.getByTestId("verify-game")).toHaveText(GAME);
    await expect(checker.getByTestId("verify-hash")).toHaveText(shownHash);
    await expect(checker.getByTestId("verify-hash-match")).toHaveAttribute("data-match", "true");

    // After the reveal, the same round's replay carries the seed and verifies at once.
    await replayNewest(game);
    await expect(game.getByTestId("slot-seed-pending")).toHaveCount(0);
    const href = (await game.getByTestId("slot-verify-link").getAttribute("href")) ?? "";
    const replayUrl = new URL(href, "http://x");
    expect(replayUrl.searchParams.get("serverSeed")).toBe(revealUrl.searchParams.get("serverSeed"));
    expect(replayUrl.searchParams.get("nonce")).toBe(revealUrl.searchParams.get("nonce"));
    const roundWin = await checker.getByTestId("verify-win").textContent();
    await checker.goto(href);
    await expect(checker.getByTestId("verify-hash")).toHaveText(shownHash);
    await expect(checker.getByTestId("verify-win")).toHaveText(roundWin ?? "");
    await checker.close();
  });

  test(`at ${vp.name} px table and bingo Verify links check the seed; a secret seed says so`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const seed = randomBytes(32).toString("hex");
    // A table round: the cards as the table dealt them, and the hash published before betting.
    await page.goto(`/rgs/verify?table=baccarat&seed=${seed}&hash=${sha256(seed)}&lang=EN`);
    const drawn = page.getByTestId("table-verify-drawn");
    await expect(drawn.locator(".card").first()).toBeVisible();
    expect(await drawn.locator(".card").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("table-verify-match")).toHaveAttribute("data-match", "true");
    await expect(page.getByTestId("table-verify-outcome")).toBeHidden();
    await page.goto(
      `/rgs/verify?table=roulette&seed=${seed}&hash=${sha256(randomBytes(32).toString("hex"))}&lang=EN`,
    );
    await expect(page.getByTestId("table-verify-drawn").locator(".ball")).toHaveText(/^\d{1,2}$/);
    await expect(page.getByTestId("table-verify-match")).toHaveAttribute("data-match", "false");

    // A bingo game's link: the draw order from the seed, and the hash checked.
    await page.goto(`/rgs/verify?bingo=bingo90&seed=${seed}&hash=${sha256(seed)}&lang=EN`);
    await expect(page.getByTestId("bingo-verify-hash")).toHaveAttribute("data-match", "true");
    await expect(page.getByTestId("bingo-verify-draw")).not.toBeEmpty();

    // A round outside the game (the betting record's replay) whose seed is still secret.
    await page.goto("/rgs/verify?gameId=mango_mania&clientSeed=abc&nonce=3&betPerLine=0.01&lang=EN");
    await expect(page.getByTestId("verify-pending")).toContainText("not revealed yet");
    await expect(page.getByTestId("verify-pending")).toContainText("change the client seed");
  });
}
