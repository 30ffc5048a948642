import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../modules/admin/operators.ts";
import { totpAt } from "../modules/admin/totp.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { registerJob } from "./registry.ts";

/** Back office: System → Jobs — the registered jobs, their runs, run now. */

let nowMs = Date.UTC(2026, 2, 1, 16, 30, 0); // 00:30 on 2 March in Manila
const clock = { now: () => new Date(nowMs) };

const hello: string[] = [];
registerJob({
  name: "test.hello",
  cron: "0 0 * * *",
  description: "Says hello once a Manila day.",
  catchUp: false,
  handler: async (_ctx, run) => {
    hello.push(run.periodKey);
    return { said: "hello", manual: run.manual };
  },
});
registerJob({
  name: "test.scheduled-only",
  cron: "0 0 * * *",
  catchUp: false,
  manual: false,
  handler: async () => null,
});

const OWNER = {
  username: "jobowner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const FINANCE = {
  username: "jobfinance",
  password: "Finance-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("back office jobs", () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let ownerId = 0;

  async function login(who: typeof OWNER): Promise<string> {
    nowMs += 30_000; // a fresh TOTP step for each sign-in
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: who.username,
        password: who.password,
        totp: totpAt(who.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, ...(cookie ? { cookie } : {}) } });
  const run = (name: string, cookie: string, headers: Record<string, string> = H) =>
    t.app.inject({ method: "POST", url: `/api/admin/jobs/${name}/run`, headers: { ...headers, cookie } });
  const ran = (state = "succeeded") =>
    new Promise<{ periodKey: string }>((resolve) => {
      const off = t.app.jobs.onRun((e) => {
        if (e.job === "test.hello" && e.state === state) {
          off();
          resolve(e);
        }
      });
    });

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    ownerId = (await createOperator(t.database.db, { ...OWNER, role: "owner" })).id;
    await createOperator(t.database.db, { ...FINANCE, role: "finance" });
    owner = await login(OWNER);
    finance = await login(FINANCE);
    await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => t.close());

  it("are for signed-in operators only", async () => {
    expect((await get("/api/admin/jobs")).statusCode).toBe(401);
    expect((await get("/api/admin/jobs/runs")).statusCode).toBe(401);
  });

  it("lists every registered job with its schedule in Manila time and its next run", async () => {
    const res = await get("/api/admin/jobs", finance);
    expect(res.statusCode, res.body).toBe(200);
    const { jobs, running } = res.json().value;
    expect(running).toBe(true);
    const names = jobs.map((j: { name: string }) => j.name);
    expect(names).toEqual(
      expect.arrayContaining(["ledger.daily-reconciliation", "withdrawals.auto-receive", "test.hello"]),
    );
    const daily = jobs.find((j: { name: string }) => j.name === "ledger.daily-reconciliation");
    // The app's clock is 00:31 on 2 March in Manila: the next midnight there is 16:00 UTC.
    expect(daily).toMatchObject({
      cron: "0 0 * * *",
      tz: "Asia/Manila",
      nextRunAt: "2026-03-02T16:00:00.000Z",
    });
  });

  it("runs a job now for an operator with jobs.run, audited, under a key of its own", async () => {
    // Finance may see the jobs but not start one; no state change without the CSRF header.
    expect((await run("test.hello", finance)).statusCode).toBe(403);
    expect((await run("test.hello", owner, { "x-lang": "EN" })).statusCode).toBe(403);
    const done = ran();
    const res = await run("test.hello", owner);
    expect(res.statusCode, res.body).toBe(200);
    const { periodKey } = res.json().value;
    expect(periodKey).toMatch(/^manual:2026-03-01T16:3\d:\d\d\.\d{3}Z:[0-9a-f]{8}$/);
    expect((await done).periodKey).toBe(periodKey);
    // The scheduled period of the same day is still to run: the manual run did not use it up.
    const scheduled = ran();
    await t.app.jobs.trigger("test.hello");
    expect((await scheduled).periodKey).toBe("2026-03-02T00:00+08:00");
    expect(hello).toEqual([periodKey, "2026-03-02T00:00+08:00"]);

    const history = await get("/api/admin/jobs/runs?job=test.hello", finance);
    expect(history.statusCode).toBe(200);
    const { items, total } = history.json().value;
    expect(total).toBe(2);
    expect(items[1]).toMatchObject({
      job: "test.hello",
      periodKey,
      manual: true,
      requestedBy: ownerId,
      state: "succeeded",
      attempts: 1,
      error: null,
      result: { said: "hello", manual: true },
    });
    expect(items[0]).toMatchObject({
      periodKey: "2026-03-02T00:00+08:00",
      manual: false,
      state: "succeeded",
    });
    expect(Date.parse(items[1].finishedAt)).toBeGreaterThanOrEqual(Date.parse(items[1].startedAt));

    const audit = await get("/api/admin/audit?entityType=job", owner);
    expect(audit.json().value.items[0]).toMatchObject({
      operator: OWNER.username,
      action: "run",
      entityId: "test.hello",
      after: { periodKey },
    });
  });

  it("pages the history and shows the latest run on the job list", async () => {
    const page2 = await get("/api/admin/jobs/runs?job=test.hello&page=2&pageSize=1", finance);
    expect(page2.json().value.items.map((r: { manual: boolean }) => r.manual)).toEqual([true]);
    expect(page2.json().value.total).toBe(2);
    const all = await get("/api/admin/jobs/runs?pageSize=200", finance);
    expect(all.json().value.total).toBeGreaterThanOrEqual(2);
    const list = (await get("/api/admin/jobs", finance)).json().value.jobs;
    expect(list.find((j: { name: string }) => j.name === "test.hello").lastRun).toMatchObject({
      periodKey: "2026-03-02T00:00+08:00",
    });
  });

  it("refuses bad and unknown jobs, and jobs that only run on their schedule", async () => {
    const bad = await get("/api/admin/jobs/runs?job=DROP%20TABLE", finance);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    expect((await get("/api/admin/jobs/runs?page=0", finance)).statusCode).toBe(400);
    expect((await run("Not.A.Job", owner)).statusCode).toBe(400);
    const unknown = await run("ledger.nothing", owner);
    expect(unknown.statusCode).toBe(404);
    const scheduledOnly = await run("test.scheduled-only", owner);
    expect(scheduledOnly.statusCode).toBe(400);
    expect(scheduledOnly.json()).toMatchObject({ success: false, code: "JOB_NOT_MANUAL" });
  });

  it("says so when the queue is not running in this process", async () => {
    await t.app.jobs.stop();
    const res = await run("test.hello", owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("JOBS_NOT_RUNNING");
    expect((await get("/api/admin/jobs", finance)).json().value.running).toBe(false);
  });
});
