import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { SitePage } from "./support/site-page.ts";
import {
  approve,
  operatorApi,
  PNG_1X1,
  pendingOf,
  registerPlayer,
  WalletSite,
} from "./support/wallet-player.ts";

// The player's wallet end to end: a deposit through the sandbox gateway, a bank
// transfer with proof approved by the operator, a withdrawal to a bound payout account paid by
// the operator and confirmed by the player, and the account record of every step. One player
// on one page throughout: each step starts from the balance the previous one left.
test.describe.configure({ mode: "serial" });

const username = `wal${Date.now().toString(36).slice(-7)}`;
const password = "wallet2026";
let memberId = 0;
let admin: APIRequestContext;
let page: Page;
let site: WalletSite;

test.beforeAll(async ({ browser }) => {
  memberId = (await registerPlayer(username, password)).id;
  admin = await operatorApi();
  page = await browser.newPage();
  site = new WalletSite(page);
  await new SitePage(page).openHome();
  await new SitePage(page).switchLanguage("EN");
  await site.login(username, password);
  await expect(site.balance).toHaveText("0.00");
});

test.afterAll(async () => {
  await page?.close();
  await admin?.dispose();
});

test("a deposit through the sandbox gateway raises the header balance without a reload", async () => {
  await site.markDocument();
  await page.getByTestId("header-deposit").click();
  await expect(page.getByTestId("member-page-depositv2")).toBeVisible();
  await page.getByTestId("deposit-channel-gcash").click();
  const form = page.getByTestId("deposit-form");
  const amount = page.getByTestId("deposit-amount");
  // The channel's limits are shown, and every kind of wrong amount is refused before any call.
  await expect(page.getByTestId("deposit-amount-hint")).toHaveText(/100\.00.*50,000\.00/);
  for (const [typed, message] of [
    ["-5", "cannot be negative"],
    ["0", "more than zero"],
    ["10.555", "at most two decimal places"],
    ["50", /smallest amount here is .100\.00/],
    ["60000", /largest amount here is .50,000\.00/],
  ] as const) {
    await amount.fill(typed);
    await expect(form.getByRole("alert")).toContainText(message);
  }
  await amount.fill("500");
  await expect(form.getByRole("alert")).toHaveCount(0);

  const popupOpened = page.waitForEvent("popup");
  await page.getByTestId("deposit-submit").click();
  const checkout = await popupOpened;
  await expect(checkout.getByTestId("sandbox-amount")).toHaveText(/500\.00/);
  await checkout.getByTestId("sandbox-pay").click();

  // The gateway's callback credits the deposit; the push brings the balance to this page.
  await expect(site.balance).toHaveText("500.00");
  await site.expectSameDocument();
  await checkout.close();
  // The panel follows the deposit to its outcome, not "payment page opened".
  await expect(page.getByTestId("deposit-outcome")).toHaveAttribute("data-outcome", "credited");
  await page.getByTestId("deposit-to-records").click();
  const row = page.getByTestId("deposit-row").first();
  await expect(row.getByTestId("deposit-status")).toHaveAttribute("data-status", "paid");
  await expect(row).toContainText("GCash");
  await expect(row).toContainText("500.00");
});

test("a bank-transfer deposit with a proof image is credited when the operator approves it", async () => {
  await page.getByTestId("deposit-tab-new").click();
  await page.getByTestId("deposit-channel-bdo-transfer").click();
  // The operator's account to transfer to.
  await expect(page.getByTestId("deposit-bank-accountNumber")).toHaveText("001234567890");
  await expect(page.getByTestId("deposit-bank-bankName")).toHaveText("BDO Unibank");

  const form = page.getByTestId("deposit-form");
  await page.getByTestId("deposit-amount").fill("1000");
  await page.getByTestId("deposit-submit").click();
  await expect(form).toContainText("Enter the reference number of your transfer.");
  await expect(form).toContainText("Upload a picture as proof.");

  await page.getByTestId("deposit-reference").fill("BDO-778899");
  const proof = page.getByTestId("deposit-proof");
  await proof.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByTestId("deposit-proof-error")).toHaveText("Choose a PNG or JPG picture.");
  await proof.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(page.getByTestId("deposit-proof-state")).toHaveAttribute("data-state", "done");
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("deposit-sent")).toContainText("waiting for approval");
  await page.getByTestId("deposit-to-records").click();
  const row = page.getByTestId("deposit-row").first();
  await expect(row.getByTestId("deposit-status")).toHaveAttribute("data-status", "pending");
  await expect(row).toContainText("BDO-778899");
  await expect(site.balance).toHaveText("500.00");

  // The operator checks the proof and approves: the balance and the record change on their own.
  const pending = await pendingOf(admin, "deposits", memberId);
  expect(pending.amount).toBe("1000.00");
  await approve(admin, "deposits", pending.id);
  await expect(site.balance).toHaveText("1,500.00");
  await expect(row.getByTestId("deposit-status")).toHaveAttribute("data-status", "approved");
  await site.expectSameDocument();
});

test("a player binds a payout account, withdraws, and confirms receipt once the operator pays", async () => {
  await site.openMemberPage("withdraw");
  // Step 1: the real name, checked for a full name.
  await page.getByTestId("real-name-input").fill("juan");
  await page.getByTestId("real-name-submit").click();
  await expect(page.getByTestId("real-name-form")).toContainText("first and last name");
  await page.getByTestId("real-name-input").fill("Juan Dela Cruz");
  await page.getByTestId("real-name-submit").click();

  // Step 2: a payout account, only in that name.
  const payout = page.getByTestId("payout-form");
  await expect(payout).toBeVisible();
  await expect(page.getByTestId("payout-accountName")).toHaveValue("Juan Dela Cruz");
  await page.getByTestId("payout-provider").selectOption("GCash");
  await page.getByTestId("payout-accountName").fill("Maria Clara");
  await page.getByTestId("payout-accountNumber").fill("0917 123 4567");
  await page.getByTestId("payout-submit").click();
  await expect(payout).toContainText("must be your real name");
  await page.getByTestId("payout-accountName").fill("Juan Dela Cruz");
  await page.getByTestId("payout-submit").click();

  // Step 3: the request. Without a transaction password the player is sent to set one.
  await expect(page.getByTestId("withdraw-form")).toBeVisible();
  await expect(page.getByTestId("withdraw-account")).toContainText("GCash");
  await expect(page.getByTestId("withdraw-available")).toHaveText(/1,500\.00/);
  await page.getByTestId("withdraw-amount").fill("2000");
  await expect(page.getByTestId("withdraw-form")).toContainText(
    /more than your available balance of .1,500\.00/,
  );
  await page.getByTestId("withdraw-amount").fill("300");
  await page.getByTestId("withdraw-password").fill("135790");
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("tx-password-notice")).toContainText("transaction password");
  await page.getByTestId("tx-password-next").fill("135790");
  await page.getByTestId("tx-password-confirm").fill("135790");
  await page.getByTestId("tx-password-submit").click();

  // Back on the request, now with the password: the amount is held at once.
  await page.getByTestId("withdraw-amount").fill("300");
  await page.getByTestId("withdraw-password").fill("135790");
  await page.getByTestId("withdraw-submit").click();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row.getByTestId("withdrawal-status")).toHaveAttribute("data-status", "pending");
  await expect(site.balance).toHaveText("1,200.00");
  await expect(page.getByTestId("withdraw-held")).toHaveText(/300\.00/);
  await expect(page.getByTestId("receipt-actions")).toHaveCount(0);

  // The operator pays it; the player sees it paid and confirms receipt.
  const pending = await pendingOf(admin, "withdrawals", memberId);
  expect(pending.amount).toBe("300.00");
  await approve(admin, "withdrawals", pending.id);
  await expect(row.getByTestId("withdrawal-status")).toHaveAttribute("data-status", "paid");
  await expect(page.getByTestId("withdraw-held")).toHaveText(/0\.00/);
  await row.getByTestId("receipt-received").click();
  await page.getByTestId("receipt-confirm").getByRole("button", { name: "Received" }).click();
  await expect(row.getByTestId("withdrawal-status")).toHaveAttribute("data-status", "received");
  await expect(page.getByTestId("receipt-actions")).toHaveCount(0);
  await expect(site.balance).toHaveText("1,200.00");
  await site.expectSameDocument();
});

test("the account record shows every movement with the balance after it, in the player's language", async () => {
  await site.openMemberPage("transactionHistory");
  const rows = page.getByTestId("record-row");
  await expect(rows).toHaveCount(3);
  const seen = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      type: tr.getAttribute("data-type"),
      wallet: tr.getAttribute("data-wallet"),
      amount: tr.querySelector('[data-testid="record-amount"]')?.textContent ?? "",
      balance: tr.querySelector('[data-testid="record-balance"]')?.textContent ?? "",
    })),
  );
  // Newest first: the withdrawal as one line with its state (no internal hold lines),
  // then the two deposits.
  expect(seen[0]).toEqual({
    type: "withdrawal_hold",
    wallet: "main",
    amount: "-₱300.00",
    balance: "₱1,200.00",
  });
  expect(seen.slice(1)).toEqual([
    { type: "deposit", wallet: "main", amount: "+₱1,000.00", balance: "₱1,500.00" },
    { type: "deposit", wallet: "main", amount: "+₱500.00", balance: "₱500.00" },
  ]);
  await expect(rows.first().getByTestId("record-type")).toHaveText(/^Withdrawal requested \(/);

  // The type filter asks the platform for deposits only.
  await page.getByTestId("records-type").selectOption("deposit");
  await page.getByTestId("records-search").click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("record-type")).toHaveText(["Deposit", "Deposit"]);

  // A range that ends before it starts is refused with a reason, and nothing is asked.
  await page.getByTestId("records-start").fill("2026-01-10");
  await page.getByTestId("records-end").fill("2026-01-01");
  await page.getByTestId("records-search").click();
  await expect(page.getByTestId("records-filters")).toContainText("The end date is before the start date.");
  await expect(rows).toHaveCount(2);

  // In Filipino, the same records carry Filipino type names.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("member-centre")).toHaveCount(0);
  await new SitePage(page).switchLanguage("TY");
  await site.openMemberPage("transactionHistory");
  await expect(rows).toHaveCount(3);
  await expect(rows.last().getByTestId("record-type")).toHaveText("Deposito");
  await expect(rows.first().getByTestId("record-type")).toHaveText(/^Hiniling na withdrawal \(/);
});
