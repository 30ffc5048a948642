import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { LotteryPage } from "./support/lottery-page.ts";
import { SitePage } from "./support/site-page.ts";
import { fundedPlayer, operatorApi, WalletSite } from "./support/wallet-player.ts";

// Lottery end to end: a guest sees the 1-minute e-lottery and gets the login popup
// when placing a slip; a member opens /lottery?gameCode=…&playType=…, places a slip with a
// straight and a rambolito bet, sees the total and the header balance drop, watches the
// countdown, and sees the result and the win or loss arrive without reloading; the settled bets
// are in my bets and in the account record; the verify page confirms the draw; an operator edits
// a liability limit in the back office (a bet beyond it is refused with a clear message) and
// sees the draws and the report.
test.describe.configure({ mode: "serial" });

const GAME = "E3D-1"; // drawn every minute, sales close 10 s before each draw
const username = `lot${Date.now().toString(36).slice(-7)}`;
const password = "lotto2026";
let admin: APIRequestContext;
let context: BrowserContext;
let page: Page;
let drawNo = "";

const pesos = (n: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.beforeAll(async ({ browser }) => {
  admin = await operatorApi();
  await fundedPlayer(admin, username, password, "500.00", "e2e lottery float");
  context = await browser.newContext();
  page = await context.newPage();
  const site = new SitePage(page);
  await site.openHome();
  await site.switchLanguage("EN");
});

test.afterAll(async () => {
  await context?.close();
  await admin?.dispose();
});

test("a guest sees the game, its countdown and results; placing a slip opens the login popup", async () => {
  const lotto = new LotteryPage(page);
  await lotto.open(`gameCode=${GAME}&vendor=TCG_SEA&playType=direct`);
  await expect(lotto.game).toHaveAttribute("data-game-code", GAME);
  await expect(page.getByTestId("play-tab-direct")).toHaveAttribute("aria-selected", "true");
  // spec §2: no head nav on /lottery.
  await expect(page.getByTestId("lotto-menu")).toContainText("E-lotto");
  await expect(page.getByTestId("lotto-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);
  // The countdown runs.
  const first = await lotto.secondsLeft();
  await expect.poll(() => lotto.secondsLeft(), { timeout: 5_000 }).not.toBe(first);

  await lotto.pickDigits([1, 2, 3]);
  await lotto.addLine("10");
  await expect(lotto.slipLines).toHaveCount(1);
  await lotto.place();
  await expect(page.getByTestId("login-modal")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("login-modal")).toBeHidden();
});

test("a member places a straight and a rambolito bet on one slip; the header balance drops", async () => {
  const wallet = new WalletSite(page);
  await wallet.login(username, password);
  await expect(wallet.balance).toHaveText("500.00");
  const lotto = new LotteryPage(page);
  await lotto.open(`gameCode=${GAME}&playType=direct`);
  await expect(lotto.game).toHaveAttribute("data-game-code", GAME);
  await expect(page.getByTestId("play-tab-direct")).toHaveAttribute("aria-selected", "true");

  // A fresh draw, so the slip is confirmed well before its cut-off.
  drawNo = await lotto.waitForSalesWindow(25);
  await lotto.pickDigits([1, 2, 3]);
  await lotto.addLine("10");
  await lotto.playType("single");
  await lotto.pickDigits([3, 2, 1]);
  await lotto.addLine("6");
  await expect(lotto.slipLines).toHaveCount(2);
  await expect(lotto.slipLines.nth(0)).toHaveAttribute("data-bet-type", "straight");
  await expect(lotto.slipLines.nth(1)).toHaveAttribute("data-bet-type", "rambolito");
  await expect(lotto.slipTotal).toHaveText("₱16.00");

  await lotto.place();
  await expect(page.getByTestId("slip-confirm-total")).toHaveText("₱16.00");
  await lotto.confirm();
  await expect(lotto.slipLines).toHaveCount(0);
  await expect(wallet.balance).toHaveText("484.00");

  // My bets: both bets open on that draw.
  await lotto.betsTab("open");
  await expect(lotto.betRows).toHaveCount(2);
  await expect(lotto.betRows.first()).toHaveAttribute("data-draw-no", drawNo);
});

test("the draw result and the win or loss arrive without reloading", async () => {
  const wallet = new WalletSite(page);
  const lotto = new LotteryPage(page);
  await wallet.markDocument();
  // The countdown goes on to the next draw once this one's sales close.
  await expect(page.getByTestId("lotto-draw")).not.toHaveAttribute("data-draw-no", drawNo, {
    timeout: 70_000,
  });
  // The settlement is pushed: the live region announces it and the bets move to settled.
  await expect(page.getByTestId("lotto-live")).toContainText(drawNo, { timeout: 90_000 });
  await lotto.betsTab("settled");
  const settled = lotto.betRows.and(page.locator(`[data-draw-no="${drawNo}"]`));
  await expect(settled).toHaveCount(2, { timeout: 15_000 });
  for (const status of await settled.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")))) {
    expect(["won", "lost"]).toContain(status);
  }
  const wins = await settled
    .getByTestId("bet-win")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-win") ?? "0")));
  const won = wins.reduce((a, b) => a + b, 0);
  await expect(wallet.balance).toHaveText(pesos(484 + won));

  // The result is in the history too.
  await page.getByTestId("lotto-tab-results").click();
  await expect(page.getByTestId("lotto-results")).toContainText(drawNo);
  await wallet.expectSameDocument();
});

test("the account record shows the slip's one debit", async () => {
  const wallet = new WalletSite(page);
  await wallet.openMemberPage("transactionHistory");
  const bets = page.locator('[data-testid="record-row"][data-type="bet"]');
  await expect(bets).toHaveCount(1);
  await expect(bets.getByTestId("record-amount")).toHaveText("-₱16.00");
  await page.keyboard.press("Escape");
});

test("the verify page recomputes the draw from its seed", async () => {
  const checker = await context.newPage();
  await checker.goto(`/lottery/verify?drawNo=${encodeURIComponent(drawNo)}`);
  await expect(checker.getByTestId("verify-verdict")).toHaveAttribute("data-valid", "true", {
    timeout: 15_000,
  });
  const published = (await checker.getByTestId("verify-published-hash").textContent()) ?? "";
  await expect(checker.getByTestId("verify-hash")).toHaveText(published);
  const result = await checker.getByTestId("verify-published-result").getAttribute("data-numbers");
  await expect(checker.getByTestId("verify-result")).toHaveAttribute("data-numbers", result ?? "");
  await checker.close();
});

test("an operator lowers a liability limit; a bet beyond it is refused with a clear message", async ({
  browser,
}) => {
  const office = await browser.newPage();
  try {
    const bo = new AdminPage(office);
    await bo.login();
    await bo.open("lottery-games");
    await office.getByTestId("lottery-edit-E3D-5").click();
    const editor = office.getByTestId("lottery-game-editor");
    await editor.getByTestId("lottery-field-liabilityLimit").fill("-5");
    await editor.getByTestId("lottery-game-save").click();
    // The contract's schema refuses it before anything is sent.
    await expect(editor.getByTestId("lottery-game-error")).toBeVisible();
    await editor.getByTestId("lottery-field-liabilityLimit").fill("100.00");
    await editor.getByTestId("lottery-game-save").click();
    await bo.expectToast(/Saved/);
    await expect(office.locator('[data-testid="lottery-game-row"][data-code="E3D-5"]')).toContainText(
      "₱100.00",
    );

    // The player: a ₱1.00 straight on E3D-5 could pay ₱900, beyond the ₱100 limit.
    const lotto = new LotteryPage(page);
    await lotto.open("gameCode=E3D-5&playType=direct");
    await lotto.waitForSalesWindow(20, 120_000);
    await lotto.pickDigits([4, 5, 6]);
    await lotto.addLine("1");
    await lotto.place();
    await lotto.confirm();
    await expect(page.getByTestId("slip-error")).toContainText(/4.?5.?6/);
    await expect(lotto.slipLines).toHaveCount(1);

    // The draws with their seed hashes and results, and the report.
    await bo.open("lottery-draws");
    await office.getByTestId("lottery-draws-game").selectOption(GAME);
    await office.getByTestId("lottery-draws-status").selectOption("settled");
    const drawn = office.locator(`[data-testid="lottery-draw-row"][data-draw-no="${drawNo}"]`);
    await expect(drawn).toBeVisible();
    await expect(drawn.getByTestId("draw-result")).toHaveText(/^\d-\d-\d$/);
    await bo.open("lottery-report");
    await office.getByTestId("lottery-report-run").click();
    await expect(office.locator(`[data-testid="lottery-report-row"][data-game="${GAME}"]`)).toBeVisible();
  } finally {
    await office.close();
  }
});

test("the page works on a phone in both themes: nothing wider than the screen, the keyboard picks numbers", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await phone.newPage();
  try {
    const lotto = new LotteryPage(p);
    for (const theme of ["light", "dark"]) {
      await lotto.open(`gameCode=${GAME}&playType=single`);
      if ((await p.locator("html").getAttribute("data-theme")) !== theme)
        await p.getByTestId("theme-toggle").click();
      await expect(p.locator("html")).toHaveAttribute("data-theme", theme);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Keyboard: Tab reaches a number, Space presses it.
      await p.getByTestId("pick-0-7").focus();
      await p.keyboard.press("Space");
      await expect(p.getByTestId("pick-0-7")).toHaveAttribute("aria-pressed", "true");
      await p.screenshot({ path: `test-results/lottery-phone-${theme}.png`, fullPage: true });
    }
  } finally {
    await phone.close();
  }
});
