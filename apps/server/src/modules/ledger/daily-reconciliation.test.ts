import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import "../../jobs/catalog.ts";
import { registeredJobs } from "../../jobs/registry.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { dailyReconciliation, dailyReports, manilaDay } from "./daily-reconciliation.ts";
import { post } from "./ledger.ts";

/** The daily reconciliation: once per Manila day, its verdict kept for the back office. */
describe("daily reconciliation", () => {
  let t: TestApp;
  const at = (iso: string) => ({ db: t.database.db, clock: { now: () => new Date(iso) } });

  beforeAll(async () => {
    t = await createTestApp();
    const [m] = await t.database.db
      .insert(members)
      .values({ username: "dailyrec" })
      .returning({ id: members.id });
    await post(t.database.db, {
      idempotencyKey: "daily-rec-dep",
      type: "deposit",
      memberId: m?.id ?? 0,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -25_00n },
        { account: { member: m?.id ?? 0, kind: "main", currency: "PHP" }, amount: 25_00n },
      ],
    });
  });
  afterAll(async () => t.close());

  it("is a scheduled job", () => {
    expect(registeredJobs().map((j) => j.name)).toContain("ledger.daily-reconciliation");
  });

  it("runs once per Manila day and keeps each day's verdict", async () => {
    // 16:30 UTC on 1 March is already 2 March in Manila.
    expect(manilaDay(new Date("2026-03-01T16:30:00Z"))).toBe("2026-03-02");
    expect(await dailyReconciliation(at("2026-03-01T16:30:00Z"))).toBe(true);
    expect(await dailyReconciliation(at("2026-03-02T10:00:00Z"))).toBe(false); // still 2 March
    // A broken ledger (a stored balance that no longer matches its entries) shows the next day.
    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE member_id IS NOT NULL`,
    );
    expect(await dailyReconciliation(at("2026-03-02T16:00:00Z"))).toBe(true);
    const reports = await dailyReports(t.database.db);
    expect(reports.map((r) => [r.day, r.ok, r.balanceMismatches])).toEqual([
      ["2026-03-03", false, 1],
      ["2026-03-02", true, 0],
    ]);
    expect(reports[1]?.totals).toEqual({ PHP: "0" });
  });

  it("is for operators only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/ledger/reconciliation/daily" });
    expect(res.statusCode).toBe(401);
  });
});
