import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { JOBS, type Job, runJobOnce } from "./scheduler.ts";

describe("the scheduler", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("runs a job under its advisory lock and lets only one run at a time", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const slow: Job = {
      name: "slow",
      lockId: 99_001,
      everyMs: 1000,
      run: () =>
        new Promise<void>((resolve) => {
          runs += 1;
          release = resolve;
        }),
    };
    const first = runJobOnce(t.app.ctx, slow);
    await new Promise((r) => setTimeout(r, 50));
    if (t.database.kind === "postgres") {
      // A second process (here: a second connection) finds the lock taken and skips the run.
      expect(await runJobOnce(t.app.ctx, slow)).toBe(false);
    }
    release();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
  });

  it("lets a job open its own transactions, and the process keeps answering while it runs", async () => {
    const querying: Job = {
      name: "querying",
      lockId: 99_002,
      everyMs: 1000,
      run: (ctx) => ctx.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)),
    };
    const timeout = new Promise<string>((r) => setTimeout(() => r("deadlocked"), 5000));
    expect(await Promise.race([runJobOnce(t.app.ctx, querying), timeout])).toBe(true);
    // The real job, then an ordinary request: both finish (the embedded database once hung here).
    const autoReceive = JOBS.find((j) => j.name === "withdrawals.auto-receive");
    expect(autoReceive).toBeDefined();
    if (autoReceive) expect(await Promise.race([runJobOnce(t.app.ctx, autoReceive), timeout])).toBe(true);
    const status = await Promise.race([t.app.inject({ method: "GET", url: "/wps/system/status" }), timeout]);
    expect(typeof status === "string" ? status : status.statusCode).toBe(200);
  });
});
