import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { FinanceMember } from "./support/finance-member.ts";
import { freshTotp } from "./support/totp.ts";

// The back office's money screens, driven by a member using the public API.
// One owner login for the whole file (each TOTP code is accepted once).
test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let ownerPage: Page;
let owner: AdminPage;
let member: FinanceMember;
let depositId = 0;
let withdrawalId = 0;
const stamp = Date.now().toString(36).slice(-6);
/** The second operator the owner creates (adjustments test); they approve four-eyes changes. */
const cashier = { username: `cashier-${stamp}`, password: "Cashier-own-pass-2026", secret: "" };

test.beforeAll(async ({ browser, playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`,
  });
  member = new FinanceMember(api, `fin${stamp}`);
  await member.register();
  await member.depositByGateway("2000.00");
  const payoutAccount = await member.prepareWithdrawals("Rosa Manalo");
  withdrawalId = await member.withdraw("500.00", payoutAccount);
  depositId = await member.depositByTransfer("1000.00", `BDO-${stamp}`);
  expect(await member.balance()).toMatchObject({ main: "1500.00", held: "500.00" });

  context = await browser.newContext();
  ownerPage = await context.newPage();
  owner = new AdminPage(ownerPage);
  await owner.login();
});

test.afterAll(async () => {
  await context.close();
});

test("the operator checks the receipt and approves the bank-transfer deposit; the member is credited", async () => {
  await owner.open("deposits");
  const row = ownerPage.getByTestId(`deposit-row-${depositId}`);
  await expect(row).toContainText(member.username);
  await expect(row).toContainText("Bank transfer (BDO)");
  await expect(ownerPage.getByTestId(`deposit-amount-${depositId}`)).toHaveText("PHP 1,000.00");

  // The receipt opens large enough to read, and is a real picture.
  await ownerPage.getByTestId(`deposit-proof-${depositId}`).click();
  const proof = ownerPage.getByTestId("deposit-proof-dialog").getByRole("img");
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
      timeout: 30_000,
    })
    .toBe(160);
  await ownerPage.getByTestId("deposit-proof-dialog").getByRole("button", { name: "Close" }).last().click();

  await ownerPage.getByTestId(`deposit-approve-${depositId}`).click();
  await ownerPage.getByTestId("confirm-ok").click();
  await owner.expectToast(`Approved D${depositId}: PHP 1,000.00 credited.`);
  // Decided, it leaves the pending queue and shows under Approved.
  await expect(row).toHaveCount(0);
  await ownerPage.getByTestId("deposit-status-filter").selectOption("approved");
  await expect(ownerPage.getByTestId(`deposit-row-${depositId}`)).toHaveAttribute("data-status", "approved");
  expect(await member.balance()).toMatchObject({ main: "2500.00", held: "500.00" });
});

test("the operator rejects the withdrawal only with a reason; the held amount returns to the member", async () => {
  await owner.open("withdrawals");
  const row = ownerPage.getByTestId(`withdrawal-row-${withdrawalId}`);
  // The full account number to pay to, in the member's verified name.
  await expect(ownerPage.getByTestId(`withdrawal-payout-${withdrawalId}`)).toContainText("4455667788");
  await expect(ownerPage.getByTestId(`withdrawal-payout-${withdrawalId}`)).toContainText("Rosa Manalo");

  await ownerPage.getByTestId(`withdrawal-reject-${withdrawalId}`).click();
  await ownerPage.getByTestId("reject-confirm").click();
  await expect(ownerPage.getByTestId("reject-dialog")).toContainText(
    "Give the member a reason of at least 3 characters",
  );
  expect(await member.balance()).toMatchObject({ main: "2500.00", held: "500.00" });

  await ownerPage.getByTestId("reject-reason").fill("The account name does not match our records");
  await ownerPage.getByTestId("reject-confirm").click();
  await owner.expectToast(`Rejected W${withdrawalId}`);
  await expect(row).toHaveCount(0);
  expect(await member.balance()).toMatchObject({ main: "3000.00", held: "0.00" });

  await ownerPage.getByTestId("withdrawal-status-filter").selectOption("rejected");
  await expect(ownerPage.getByTestId(`withdrawal-row-${withdrawalId}`)).toContainText(
    "The account name does not match our records",
  );
});

test("the member's wallet and ledger, reached from the player's page, show both decisions", async () => {
  await owner.open("players");
  await ownerPage.getByTestId(`player-row-${member.id}`).getByRole("link").click();
  await ownerPage.getByTestId("player-wallet-link").click();
  await expect(ownerPage.getByTestId("wallet-main")).toHaveText("PHP 3,000.00");
  await expect(ownerPage.getByTestId("wallet-held")).toHaveText("PHP 0.00");
  const rows = ownerPage.getByTestId("ledger-row");
  // Newest first: the returned withdrawal (hold out, main in), the deposit, the hold, the gateway deposit.
  await expect(rows.first()).toHaveAttribute("data-type", "withdrawal_released");
  await expect(rows).toHaveCount(6);
  await ownerPage.getByTestId("ledger-type-filter").selectOption("deposit");
  await expect(rows).toHaveCount(2);
});

test("an adjustment above the owner's threshold waits until a second operator approves it", async ({
  browser,
}) => {
  await expect(ownerPage.getByTestId("wallet-adjust")).toBeVisible();
  await ownerPage.getByTestId("wallet-adjust").click();
  const dialog = ownerPage.getByTestId("adjustment-dialog");
  const amount = ownerPage.getByTestId("adjustment-amount");
  await ownerPage.getByTestId("adjustment-reason").fill("Goodwill credit, ticket 4411");
  for (const [typed, error] of [
    ["-50", "The amount cannot be negative"],
    ["0", "The amount must be more than zero"],
    ["10.555", "At most two decimals (centavos)"],
  ] as const) {
    await amount.fill(typed);
    await ownerPage.getByTestId("adjustment-submit").click();
    await expect(dialog).toContainText(error);
  }
  await amount.fill("15000");
  await expect(ownerPage.getByTestId("adjustment-threshold-note")).toContainText(
    "Above 10,000.00: another operator must approve it",
  );
  await ownerPage.getByTestId("adjustment-submit").click();
  await owner.expectToast(/waiting for another operator's approval/);
  expect(await member.balance()).toMatchObject({ main: "3000.00" });

  // The owner cannot approve their own request.
  await owner.open("adjustments");
  const pending = ownerPage
    .locator('[data-testid^="adjustment-pending-"]')
    .filter({ hasText: member.username });
  await expect(pending).toContainText("Another operator must approve");
  await expect(pending.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const adjustmentId = (await pending.getAttribute("data-testid"))?.replace("adjustment-pending-", "") ?? "";

  // A second operator, created by the owner in the back office, approves it.
  await owner.open("operators");
  await ownerPage.getByTestId("operator-new").click();
  await ownerPage.getByTestId("operator-username").fill(`cashier-${stamp}`);
  await ownerPage.getByTestId("operator-role").selectOption("finance");
  await ownerPage.getByTestId("operator-create-submit").click();
  const password = (await ownerPage.getByTestId("operator-created-password").textContent()) ?? "";
  const secret = (await ownerPage.getByTestId("operator-created-totp").textContent()) ?? "";
  cashier.secret = secret;
  await ownerPage.getByRole("button", { name: "I have stored them" }).click();

  const second = await browser.newContext();
  try {
    const page = await second.newPage();
    await page.goto("/admin/login");
    await page.getByTestId("admin-login-username").fill(`cashier-${stamp}`);
    await page.getByTestId("admin-login-password").fill(password);
    await page.getByTestId("admin-login-totp").fill(await freshTotp(secret));
    await page.getByTestId("admin-login-submit").click();
    // A generated password must be changed first (the login form has a current-password field too).
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.locator('input[autocomplete="new-password"]').first().fill("Cashier-own-pass-2026");
    await page.locator('input[autocomplete="new-password"]').last().fill("Cashier-own-pass-2026");
    await page.getByTestId("change-password-submit").click();
    await page.getByTestId("admin-nav-adjustments").click();
    await page.getByTestId(`adjustment-approve-${adjustmentId}`).click();
    await page.getByTestId("confirm-ok").click();
    await expect(
      page.getByTestId("toast").filter({ hasText: `A${adjustmentId} approved and applied` }),
    ).toBeVisible();
    await expect(page.getByTestId(`adjustment-row-${adjustmentId}`)).toContainText(
      `approved by cashier-${stamp}`,
    );
  } finally {
    await second.close();
  }
  expect(await member.balance()).toMatchObject({ main: "18000.00", held: "0.00" });
});

test("the reconciliation runs on demand and shows every account balanced and the ledger at zero", async () => {
  await owner.open("reconciliation");
  await ownerPage.getByTestId("reconciliation-run").click();
  const verdict = ownerPage.getByTestId("reconciliation-verdict");
  await expect(verdict).toHaveAttribute("data-ok", "true");
  await expect(verdict).toContainText("The ledger balances");
  await expect(ownerPage.getByTestId("check-balances")).toHaveAttribute("data-ok", "true");
  await expect(ownerPage.getByTestId("check-transactions")).toHaveAttribute("data-ok", "true");
  await expect(ownerPage.getByTestId("reconciliation-total-PHP")).toHaveText("PHP 0.00");

  // The member's main account: balance and sum of entries side by side, in green.
  const accounts = ownerPage.getByTestId("reconciliation-accounts");
  const mainRow = accounts.locator("tr").filter({ hasText: member.username }).filter({ hasText: "main" });
  await expect(mainRow).toHaveAttribute("data-ok", "true");
  await expect(mainRow).toContainText("18,000.00");
  await expect(accounts.locator('tr[data-ok="false"]')).toHaveCount(0);
  await ownerPage.getByTestId("reconciliation-only-problems").check();
  await expect(accounts).toContainText("Every account agrees with its entries.");

  // Run again at any time: the verdict is recomputed.
  await ownerPage.getByTestId("reconciliation-run").click();
  await expect(verdict).toHaveAttribute("data-ok", "true");
});

test("the operator adds a bank account with its deposit limits; members see it until it is disabled", async ({
  browser,
}) => {
  await owner.open("payment-channels");
  await ownerPage.getByTestId("channel-new").click();
  await ownerPage.getByTestId("channel-name").fill("Bank transfer (BPI)");
  await ownerPage.getByTestId("channel-code").fill(`bpi-${stamp}`);
  await ownerPage.getByTestId("channel-min").fill("0");
  await ownerPage.getByTestId("channel-max").fill("10.123");
  await ownerPage.getByTestId("channel-save").click();
  const editor = ownerPage.getByTestId("channel-editor");
  await expect(editor).toContainText("The amount must be more than zero");
  await expect(editor).toContainText("At most two decimals (centavos)");
  await expect(editor).toContainText("6–20 digits");

  await ownerPage.getByTestId("channel-min").fill("200");
  await ownerPage.getByTestId("channel-max").fill("75,000.50");
  await ownerPage.getByTestId("channel-bank-bankName").fill("Bank of the Philippine Islands");
  await ownerPage.getByTestId("channel-bank-accountName").fill("Panalo Gaming Corp.");
  await ownerPage.getByTestId("channel-bank-accountNumber").fill("3456789012");
  await ownerPage.getByTestId("channel-save").click();
  // A new channel is a four-eyes change: nothing exists until a second operator approves it.
  await owner.expectToast(/another operator must approve it/);
  const row = ownerPage.locator(`[data-code="bpi-${stamp}"]`);
  await expect(row).toHaveCount(0);
  expect((await member.channels()).map((c) => c.code)).not.toContain(`bpi-${stamp}`);

  const second = await browser.newContext();
  try {
    const page = await second.newPage();
    await page.goto("/admin/login");
    await page.getByTestId("admin-login-username").fill(cashier.username);
    await page.getByTestId("admin-login-password").fill(cashier.password);
    await page.getByTestId("admin-login-totp").fill(await freshTotp(cashier.secret));
    await page.getByTestId("admin-login-submit").click();
    await page.getByTestId("admin-nav-approvals").click();
    const request = page.locator('[data-testid^="approval-pending-"]').filter({ hasText: `bpi-${stamp}` });
    await expect(request).toContainText("New payment channel");
    await request.getByRole("button", { name: "Approve" }).click();
    await page.getByTestId("confirm-ok").click();
    await expect(page.getByTestId("toast").filter({ hasText: /approved and applied/ })).toBeVisible();
  } finally {
    await second.close();
  }
  // The owner's list, loaded before the approval, shows the channel once loaded again.
  await ownerPage.reload();
  await expect(row).toContainText("200.00 – 75,000.50");
  await expect(row).toContainText("3456789012");

  // The member's deposit page lists it with the account to transfer to and its limits.
  const listed = await member.channels();
  expect(listed.find((c) => c.code === `bpi-${stamp}`)).toMatchObject({
    minAmount: "200.00",
    maxAmount: "75000.50",
    details: { bankName: "Bank of the Philippine Islands", accountNumber: "3456789012" },
  });

  await row.getByRole("button", { name: /Edit/ }).click();
  await ownerPage.getByTestId("channel-enabled").uncheck();
  await ownerPage.getByTestId("channel-save").click();
  await owner.expectToast(/Saved payment channel/);
  await expect(row).toContainText("Off");
  expect((await member.channels()).map((c) => c.code)).not.toContain(`bpi-${stamp}`);
});
