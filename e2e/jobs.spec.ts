import { expect, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";

// System → Jobs. The server ran each job's latest period when it started
// (catch-up); the owner sees the schedule and the history, and runs the reconciliation now.
test("the owner sees the scheduled jobs and their runs, and runs one now", async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.login();
  await admin.open("jobs");
  const daily = page.getByTestId("job-ledger.daily-reconciliation");
  await expect(daily).toContainText("0 0 * * *");
  await expect(daily).toContainText("Asia/Manila");
  await expect(page.getByTestId("job-withdrawals.auto-receive")).toContainText("*/5 * * * *");
  // The catch-up run of today's period is in the history (once the filter's page has loaded,
  // every row is the reconciliation's).
  const runs = page.getByTestId("job-runs");
  await page.getByTestId("job-runs-filter").selectOption("ledger.daily-reconciliation");
  await expect(
    runs.getByTestId("job-run-row").filter({ hasNotText: "ledger.daily-reconciliation" }),
  ).toHaveCount(0);
  await expect(runs.getByTestId("job-run-row").first()).toContainText("+08:00");
  await expect(runs.getByTestId("job-run-row").filter({ hasText: "Manual" })).toHaveCount(0);

  await daily.getByTestId("job-run-now").click();
  await page.getByTestId("confirm-ok").click();
  await admin.expectToast("ledger.daily-reconciliation is queued");
  // The manual run is a row of its own (the page refreshes on its own; a reload is quicker).
  await expect(async () => {
    await page.reload();
    await page.getByTestId("job-runs-filter").selectOption("ledger.daily-reconciliation");
    const manual = page.getByTestId("job-runs").getByTestId("job-run-row").filter({ hasText: "Manual" });
    await expect(manual).toHaveCount(1, { timeout: 1000 });
    await expect(manual.getByTestId("job-run-state")).toHaveAttribute("data-state", "succeeded", {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
});
