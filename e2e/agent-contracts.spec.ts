import { expect, test } from "@playwright/test";
import { AGENTS } from "./support/seed-agents.ts";
import { operatorApi, WalletSite } from "./support/wallet-player.ts";

// Agent contracts and their settlement, lean: the tree, the contracts held so far and yesterday's rounds are
// written by prepare-db (seed-agents.ts; a day cannot pass inside a test). The downline agent
// accepts its upline's new daily-salary offer on the contract page; the daily settlement run
// (started by the operator, as the scheduler would) pays yesterday's salary from the upline's
// wallet; "my income" shows it.
test("a downline agent accepts a daily salary, the run pays, my income shows it", async ({ page }) => {
  const site = new WalletSite(page);
  await page.goto("/");
  await site.login(AGENTS.down.username, AGENTS.down.password);

  await page.goto("/agent/daily-salary");
  const contracts = page.getByTestId("contract-page-daily_salary");
  const offer = contracts.getByTestId("my-contract").filter({ has: page.getByTestId("contract-accept") });
  await expect(offer).toContainText("0.60%");
  await offer.getByTestId("contract-accept").click();
  // The new contract is the one active; the 0.50 % one it replaced is in the history.
  await expect(contracts.getByTestId("my-contract")).toHaveCount(1);
  await expect(contracts.getByTestId("my-contract")).toHaveAttribute("data-status", "active");
  await expect(contracts.getByTestId("my-contract")).toContainText("0.60%");

  // The daily run: the scheduler's job, started now by the operator.
  const api = await operatorApi();
  try {
    const run = await api.post("/api/admin/jobs/agents.settle-daily/run");
    expect(run.ok(), await run.text()).toBe(true);
    // 0.50 % of yesterday's 2,000.00 of valid bets under the downline: 10.00.
    await expect
      .poll(
        async () => {
          const bills = (await (await api.get("/api/admin/agent-settlement/bills?status=paid")).json()).value
            .items;
          return bills.some(
            (b: { memberName: string; amount: string }) =>
              b.memberName === AGENTS.down.username && b.amount === "10.00",
          );
        },
        { message: "the downline's salary bill paid", timeout: 30_000 },
      )
      .toBe(true);
  } finally {
    await api.dispose();
  }

  await page.goto("/agent/income");
  const income = page.getByTestId("agent-income");
  await expect(income.getByTestId("bill-row").filter({ hasText: "10.00" })).toHaveAttribute(
    "data-status",
    "paid",
  );
  await expect(income.getByTestId("income-total")).toContainText("10.00");
});
