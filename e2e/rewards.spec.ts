import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { REBATE_PLAYER, rebateDay } from "./support/seed-rewards.ts";
import { SitePage } from "./support/site-page.ts";
import { operatorApi, registerPlayer, WalletSite } from "./support/wallet-player.ts";

/**
 * Rewards: the operator sets a rebate rate and runs the rebates of a day (three days ago: rebateDay);
 * the player sees the badge on Rewards, claims the rebate in the reward centre and the balance
 * rises. A member invites a friend: the friend opens the invite link, registers, and appears
 * (masked) on the member's invite page with the registration reward waiting.
 */
test.describe.configure({ mode: "serial" });

/** Registration hashes a password with argon2id and the browser solves a human check: slow on a busy machine. */
const SERVER_WORK = { timeout: 30_000 };
let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await operatorApi();
});
test.afterAll(async () => {
  await admin?.dispose();
});

async function openAs(page: Page, username: string, password: string): Promise<WalletSite> {
  const site = new SitePage(page);
  await site.openHome();
  await site.switchLanguage("EN");
  const wallet = new WalletSite(page);
  await wallet.login(username, password);
  return wallet;
}

test("claims a rebate in the reward centre", async ({ page }) => {
  test.slow();
  const rate = await admin.put("/api/admin/rewards/rebate/rates", { data: { gameType: "RNG", rate: "1" } });
  expect(rate.ok(), await rate.text()).toBe(true);
  const mode = await admin.put("/api/admin/rewards/rebate/settings", {
    data: { mode: "manual", claimDays: 7 },
  });
  expect(mode.ok(), await mode.text()).toBe(true);
  const run = await admin.post("/api/admin/rewards/rebate/run", { data: { day: rebateDay() } });
  expect(run.ok(), await run.text()).toBe(true);
  // 1 % of 1,500.00 of valid bets.
  expect((await run.json()).value.paidMinor).toBe("15.00");

  const site = await openAs(page, REBATE_PLAYER.username, REBATE_PLAYER.password);
  await expect(site.balance).toHaveText("0.00");
  await page.getByTestId("account-name").click();
  // The badge says rewards wait: the rebate, and whatever else this player earned (the e2e
  // loyalty set-up offers a VIP upgrade bonus and a mission prize to every player).
  const badge = page.getByTestId("member-badge-rewardCenter");
  await expect(badge).toBeVisible();
  await site.openMemberPage("rewardCenter");
  const items = page.getByTestId("reward-item");
  await expect(items.first()).toBeVisible();
  const waiting = await items.count();
  const item = items.filter({ hasText: `Rebate for ${rebateDay()}` });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("reward-amount")).toContainText("15.00");
  await item.getByTestId("reward-claim").click();
  await expect(page.getByTestId("rewards-notice")).toContainText("15.00");
  await expect(site.balance).toHaveText("15.00");
  await expect(item).toHaveCount(0);
  await expect(items).toHaveCount(waiting - 1);
  // The history keeps it as claimed.
  await page.getByTestId("rewards-tab-history").click();
  await expect(
    page.getByTestId("reward-item").filter({ hasText: `Rebate for ${rebateDay()}` }),
  ).toContainText("Claimed");
  // The menu's badge is gone: the player has seen what waits (it counts rewards not yet seen).
  await page.goto("/");
  await page.getByTestId("account-name").click();
  await expect(page.getByTestId("member-menu-rewardCenter")).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test("invites a friend who registers through the link", async ({ page, browser }) => {
  test.slow();
  const settings = await admin.put("/api/admin/rewards/referral", {
    data: {
      enabled: true,
      registerReward: "5.00",
      depositReward: "0",
      depositMin: "100.00",
      betReward: "0",
      betThreshold: "1000.00",
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const stamp = Date.now().toString(36).slice(-6);
  const inviter = { username: `inv${stamp}`, password: "Invite2026" };
  await registerPlayer(inviter.username, inviter.password);
  const site = await openAs(page, inviter.username, inviter.password);
  await site.openMemberPage("referral");
  const link = await page.getByTestId("referral-link").inputValue();
  const code = await page.getByTestId("referral-code").textContent();
  expect(link).toContain(`/register?referralCode=${code}`);
  await expect(page.getByTestId("referral-qr")).toHaveJSProperty("complete", true);

  // The friend, in a browser of their own, follows the link (same site, whatever host it names).
  const friendContext: BrowserContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const path = new URL(link).pathname + new URL(link).search;
  await friend.goto(path);
  await expect(friend.getByTestId("register-submit")).toBeVisible(SERVER_WORK);
  const friendName = `fr${stamp}`;
  await friend.getByTestId("register-username").fill(friendName);
  await friend.getByTestId("register-password").fill("Friend2026");
  await friend.getByTestId("register-confirm").fill("Friend2026");
  const birthday = friend.getByTestId("register-birthday");
  if (await birthday.isVisible()) await birthday.fill("1990-05-17");
  await friend.getByTestId("register-ageConfirmed").check();
  await friend.getByTestId("register-agree").check();
  await friend.getByTestId("register-submit").click();
  await expect(friend).toHaveURL(/\/$/, SERVER_WORK);
  await friendContext.close();

  // The inviter's page lists the friend, masked, and the reward waits in the reward centre.
  await page.reload();
  await site.openMemberPage("referral");
  const row = page.getByTestId("referral-friend");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${friendName.slice(0, 2)}***${friendName.slice(-1)}`);
  await expect(row).not.toContainText(friendName);
  await expect(page.getByTestId("referral-earned")).toContainText("5.00");
  await site.openMemberPage("rewardCenter");
  await expect(page.getByTestId("reward-item")).toContainText("a friend registered");
});
