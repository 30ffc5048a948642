import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase, queryRows } from "../db/client.ts";
import { memoryStore } from "../lib/shared-store.ts";
import { openTestDatabase } from "../testing/test-app.ts";
import { MANILA, nextOccurrence, periodKeyOf, periodStart } from "./periods.ts";
import { registerJob } from "./registry.ts";

/**
 * The job queue on the database the suite runs on: PGlite
 * by default, PostgreSQL with TEST_DATABASE_URL — there the two app instances have two
 * connection pools, as two server processes would.
 */

// Test jobs, registered like the platform's own (jobs/catalog.ts); the registry is this file's.
const counted: string[] = [];
registerJob({
  name: "test.count",
  cron: "0 0 * * *",
  catchUp: false,
  retry: { limit: 5, delaySeconds: 1, backoff: false },
  handler: async (_ctx, run) => {
    counted.push(run.periodKey);
    return { periodKey: run.periodKey, manual: run.manual };
  },
});
const flakyCalls: Array<{ at: number; attempt: number; periodKey: string }> = [];
registerJob({
  name: "test.flaky",
  cron: "0 0 * * *",
  catchUp: false,
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  handler: async (_ctx, run) => {
    flakyCalls.push({ at: Date.now(), attempt: run.attempt, periodKey: run.periodKey });
    if (run.attempt < 3) throw new Error(`gateway down (try ${run.attempt})`);
    return { ok: true };
  },
});
registerJob({
  name: "test.broken",
  cron: "0 0 * * *",
  catchUp: false,
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  handler: async () => {
    throw new Error("always broken");
  },
});

const onceRuns: string[] = [];
registerJob({
  name: "test.once",
  cron: "0 0 * * *",
  catchUp: false,
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  handler: async (_ctx, run) => {
    onceRuns.push(run.periodKey);
    return { ok: true };
  },
});

/** The tests' periods are in March 2026; pg-boss's real cron may add today's at Manila midnight. */
const march = (keys: string[]) => keys.filter((k) => k.startsWith("2026-03"));

type RunEvent = { job: string; periodKey: string; state: string };

const FINAL = ["succeeded", "skipped", "failed"];

/**
 * Resolves once `n` messages of `job` have ended (succeeded, skipped or failed — or, with
 * `state`, that state) in any app. A copy that found its period under way elsewhere ("busy")
 * comes back after its back-off and ends then.
 */
function seen(apps: FastifyInstance[], job: string, n: number, state?: string): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  return new Promise((resolve) => {
    const offs = apps.map((a) =>
      a.jobs.onRun((e) => {
        if (e.job !== job || (state ? e.state !== state : !FINAL.includes(e.state))) return;
        events.push(e);
        if (events.length === n) {
          for (const off of offs) off();
          resolve(events);
        }
      }),
    );
  });
}

const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  RGS_LOTTERY_INTERVAL_MS: "0",
});
/** The apps' clock: 18:03 on 1 April 2026 in Manila (what catch-up at start sees). */
const clock = { now: () => new Date("2026-04-01T10:03:00Z") };

describe("job periods", () => {
  it("are cron occurrences in Manila time, keyed with their offset", () => {
    // 16:30 UTC on 1 March is 00:30 on 2 March in Manila: the day's period began at 16:00 UTC.
    const start = periodStart("0 0 * * *", MANILA, new Date("2026-03-01T16:30:00Z"));
    expect(start.toISOString()).toBe("2026-03-01T16:00:00.000Z");
    expect(periodKeyOf(start, MANILA)).toBe("2026-03-02T00:00+08:00");
    // The occurrence itself belongs to its own period, a millisecond before to the previous.
    expect(periodStart("0 0 * * *", MANILA, start).toISOString()).toBe(start.toISOString());
    expect(periodKeyOf(periodStart("0 0 * * *", MANILA, new Date(start.getTime() - 1)), MANILA)).toBe(
      "2026-03-01T00:00+08:00",
    );
    expect(nextOccurrence("0 0 * * *", MANILA, start).toISOString()).toBe("2026-03-02T16:00:00.000Z");
    // Weekly (Monday 02:00 Manila), as the agents' commission run would be.
    expect(periodKeyOf(periodStart("0 2 * * 1", MANILA, new Date("2026-03-05T00:00:00Z")), MANILA)).toBe(
      "2026-03-02T02:00+08:00",
    );
    expect(periodKeyOf(new Date("2026-03-01T16:00:00Z"), "UTC")).toBe("2026-03-01T16:00+00:00");
  });

  it("refuses a job with a bad cron, time zone or name", () => {
    const handler = async () => null;
    expect(() => registerJob({ name: "test.bad", cron: "0 0 * *", handler })).toThrow(/five fields/);
    expect(() => registerJob({ name: "test.bad", cron: "0 25 * * *", handler })).toThrow(/not valid/);
    expect(() => registerJob({ name: "test.bad", cron: "0 0 * * *", tz: "Mars/Olympus", handler })).toThrow();
    expect(() => registerJob({ name: "Bad Name", cron: "0 0 * * *", handler })).toThrow(/name/);
    expect(() => registerJob({ name: "test.count", cron: "0 0 * * *", handler })).toThrow(/twice/);
  });
});

describe("the job queue, two app instances on one database", () => {
  let database: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    // PostgreSQL: a second pool, as a second process has. PGlite is one process's database.
    second = opened.url ? await openDatabase({ url: opened.url }) : database;
    a = await buildApp({ config, database, store: memoryStore(), clock });
    b = await buildApp({ config, database: second, store: memoryStore(), clock });
    await Promise.all([a.ready(), b.ready()]);
    await a.jobs.start({ pollingIntervalSeconds: 0.5 });
    await b.jobs.start({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second && second !== database) await second.close();
    await drop?.();
  });

  const runs = (job: string) =>
    queryRows<{ period_key: string; state: string; attempts: number; error: string | null; manual: boolean }>(
      database.db,
      sql`SELECT period_key, state, attempts, error, manual FROM job_runs WHERE job = ${job} ORDER BY id`,
    );

  it("puts each job's cron on pg-boss's schedule in Manila time", async () => {
    const rows = await queryRows<{ name: string; cron: string; timezone: string }>(
      database.db,
      sql`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`,
    );
    expect(rows).toContainEqual({ name: "ledger.daily-reconciliation", cron: "0 0 * * *", timezone: MANILA });
    expect(rows).toContainEqual({ name: "withdrawals.auto-receive", cron: "*/5 * * * *", timezone: MANILA });
    expect(rows).toContainEqual({ name: "test.count", cron: "0 0 * * *", timezone: MANILA });
  });

  it("runs a period once however many messages both instances queue for it", async () => {
    const at = new Date("2026-03-01T16:30:00Z");
    const copies = 6;
    const done = seen([a, b], "test.count", copies * 2);
    // Each instance queues the period six times as distinct messages (as pg-boss's cron, a
    // retry and another process's catch-up would), all at once.
    await Promise.all(
      [a, b].flatMap((app) =>
        Array.from({ length: copies }, () => app.jobs.trigger("test.count", at, { distinct: true })),
      ),
    );
    const events = await done;
    expect(events.filter((e) => e.state === "succeeded")).toHaveLength(1);
    expect(events.filter((e) => e.state === "skipped")).toHaveLength(copies * 2 - 1);
    expect(march(counted)).toEqual(["2026-03-02T00:00+08:00"]);
    expect((await runs("test.count")).filter((r) => r.period_key.startsWith("2026-03"))).toEqual([
      { period_key: "2026-03-02T00:00+08:00", state: "succeeded", attempts: 1, error: null, manual: false },
    ]);
    // The same period queued again later, from either instance, is not run again.
    const again = seen([a, b], "test.count", 1);
    await b.jobs.trigger("test.count", new Date("2026-03-02T15:59:59Z"), { distinct: true });
    expect((await again)[0]?.state).toBe("skipped");
    // The next Manila day is a new period.
    const next = seen([a, b], "test.count", 1);
    expect((await a.jobs.trigger("test.count", new Date("2026-03-02T16:00:00Z"))).periodKey).toBe(
      "2026-03-03T00:00+08:00",
    );
    expect((await next)[0]?.state).toBe("succeeded");
    expect(march(counted)).toEqual(["2026-03-02T00:00+08:00", "2026-03-03T00:00+08:00"]);
  });

  it("runs what pg-boss's cron sends for the period of the moment it was queued", async () => {
    const done = seen([a, b], "test.count", 1);
    await a.jobs.fire("test.count");
    const [event] = await done;
    // Today's period in Manila (by the database's clock, not the apps' test clock).
    expect(event?.periodKey).toBe(periodKeyOf(periodStart("0 0 * * *", MANILA, new Date()), MANILA));
    expect(counted).toContain(event?.periodKey);
  });

  it("retries a failing run with back-off, on the same period row, until it succeeds", async () => {
    const failed = seen([a, b], "test.flaky", 1, "retrying");
    const succeeded = seen([a, b], "test.flaky", 1, "succeeded");
    const { periodKey } = await a.jobs.trigger("test.flaky", new Date("2026-03-01T16:30:00Z"));
    expect(periodKey).toBe("2026-03-02T00:00+08:00");
    await failed;
    // Between tries the run shows as retrying, with the error, for the back office.
    const [between] = (await runs("test.flaky")).filter((r) => r.period_key === periodKey);
    expect(between?.state === "retrying" || between?.state === "running").toBe(true);
    expect(between?.attempts).toBeLessThan(3);
    await succeeded;
    expect((await runs("test.flaky")).filter((r) => r.period_key === periodKey)).toEqual([
      { period_key: periodKey, state: "succeeded", attempts: 3, error: null, manual: false },
    ]);
    const calls = flakyCalls.filter((c) => c.periodKey === periodKey);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    // Exponential back-off from 1 s: the first retry waits at least 1 s, the second at least 2 s.
    const [first, second, third] = calls.map((c) => c.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1000);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it("keeps a run that failed every try as failed with its error, and a later copy of its period tries again", async () => {
    const failed = seen([a, b], "test.broken", 1, "failed");
    const { periodKey } = await b.jobs.trigger("test.broken", new Date("2026-03-01T16:30:00Z"));
    await failed;
    expect((await runs("test.broken")).filter((r) => r.period_key === periodKey)).toEqual([
      { period_key: periodKey, state: "failed", attempts: 1, error: "always broken", manual: false },
    ]);
    const again = seen([a, b], "test.broken", 1, "failed");
    await a.jobs.trigger("test.broken", new Date("2026-03-01T16:31:00Z"), { distinct: true });
    await again;
    const [row] = (await runs("test.broken")).filter((r) => r.period_key === periodKey);
    expect(row).toMatchObject({ state: "failed", attempts: 2 });
  });

  it("takes over a period whose run died with its process once its lease is over", async () => {
    const periodKey = "2026-03-05T00:00+08:00";
    // A run claimed by a process that was killed: 'running', its lease long over.
    await database.db.execute(
      sql`INSERT INTO job_runs (job, period_key, scheduled_for, state, attempts, started_at, lease_until)
          VALUES ('test.count', ${periodKey}, '2026-03-04T16:00:00Z', 'running', 1,
            now() - interval '2 hours', now() - interval '1 hour')`,
    );
    const done = seen([a, b], "test.count", 1);
    await a.jobs.trigger("test.count", new Date("2026-03-04T16:00:00Z"), { distinct: true });
    expect((await done)[0]?.state).toBe("succeeded");
    const [row] = (await runs("test.count")).filter((r) => r.period_key === periodKey);
    expect(row).toMatchObject({ state: "succeeded", attempts: 2 });
  });

  it("marks a run with no retry left that died past its lease as failed, and runs the job's next period", async () => {
    // test.once is never retried. Its 7 March run was claimed by a process that was killed: it
    // shows 'running', its lease over, and no message of it will come again.
    const dead = "2026-03-07T00:00+08:00";
    await database.db.execute(
      sql`INSERT INTO job_runs (job, period_key, scheduled_for, state, attempts, started_at, lease_until)
          VALUES ('test.once', ${dead}, '2026-03-06T16:00:00Z', 'running', 1,
            now() - interval '2 hours', now() - interval '1 hour')`,
    );
    // The next day's run: the worker that takes it looks at the queue first.
    const done = seen([a, b], "test.once", 1, "succeeded");
    const { periodKey } = await b.jobs.trigger("test.once", new Date("2026-03-07T16:00:00Z"));
    expect((await done)[0]?.periodKey).toBe(periodKey);
    expect(onceRuns).toEqual([periodKey]);
    const rows = (await runs("test.once")).filter((r) => r.period_key.startsWith("2026-03"));
    expect(rows).toEqual([
      {
        period_key: dead,
        state: "failed",
        attempts: 1,
        error: expect.stringMatching(/stopped before it finished.*no retry was left/),
        manual: false,
      },
      { period_key: periodKey, state: "succeeded", attempts: 1, error: null, manual: false },
    ]);
    // The back office's history says so (and looking at it marks such a run too).
    const manualDead = "manual:2026-03-07T01:00:00.000Z:dead";
    await database.db.execute(
      sql`INSERT INTO job_runs (job, period_key, scheduled_for, manual, state, attempts, started_at, lease_until)
          VALUES ('test.count', ${manualDead}, '2026-03-06T17:00:00Z', true, 'running', 1,
            now() - interval '2 hours', now() - interval '1 hour')`,
    );
    const history = await a.jobs.history({ job: "test.count", page: 1, pageSize: 100 });
    expect(history.items.find((r) => r.periodKey === manualDead)).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/stopped before it finished/),
    });
  });

  it("leaves a period alone while its run is under way elsewhere, and comes back once it ended", async () => {
    const periodKey = "2026-03-06T00:00+08:00";
    // Another process's run of the period, under way (its lease is good for an hour).
    await database.db.execute(
      sql`INSERT INTO job_runs (job, period_key, scheduled_for, state, attempts, started_at, lease_until)
          VALUES ('test.count', ${periodKey}, '2026-03-05T16:00:00Z', 'running', 1, now(), now() + interval '1 hour')`,
    );
    const busy = seen([a, b], "test.count", 1, "busy");
    await b.jobs.trigger("test.count", new Date("2026-03-05T16:00:00Z"), { distinct: true });
    expect((await busy)[0]?.periodKey).toBe(periodKey);
    expect(counted).not.toContain(periodKey);
    // That run fails for good; the copy that waited runs the period on its next try.
    const done = seen([a, b], "test.count", 1, "succeeded");
    await database.db.execute(
      sql`UPDATE job_runs SET state = 'failed', finished_at = now(), error = 'killed'
          WHERE job = 'test.count' AND period_key = ${periodKey}`,
    );
    expect((await done)[0]?.periodKey).toBe(periodKey);
    expect(counted.filter((k) => k === periodKey)).toHaveLength(1);
    const [row] = (await runs("test.count")).filter((r) => r.period_key === periodKey);
    expect(row).toMatchObject({ state: "succeeded", attempts: 2, error: null });
  });

  it("catches up the latest period of a job whose cron fired while no process was up", async () => {
    // At start (the apps' clock: 18:03 on 1 April in Manila) the platform's jobs caught up
    // their latest periods: the day's reconciliation and the 18:00 auto-receipt sweep.
    expect((await runs("ledger.daily-reconciliation"))[0]?.period_key).toBe("2026-04-01T00:00+08:00");
    expect((await runs("withdrawals.auto-receive"))[0]?.period_key).toBe("2026-04-01T18:00+08:00");
    // A period missed entirely is queued once, however many instances catch up.
    const at = new Date("2026-04-01T16:05:00Z"); // 00:05 on 2 April in Manila
    const queued = [...(await a.jobs.catchUp(at)), ...(await b.jobs.catchUp(at))];
    expect(queued.filter((q) => q.startsWith("ledger.daily-reconciliation"))).toEqual([
      "ledger.daily-reconciliation 2026-04-02T00:00+08:00",
    ]);
    // Jobs that opt out (the test jobs) are not caught up; within the grace the cron's own run is awaited.
    expect(queued.some((q) => q.startsWith("test."))).toBe(false);
    // 00:01 on 3 April: the day's reconciliation (00:00) is within the grace, so its cron's
    // own run is awaited; jobs whose latest period passed unseen (the agents' 2 April 00:10
    // settlement) are queued, and nothing is queued twice.
    const later = await a.jobs.catchUp(new Date("2026-04-02T16:01:00Z"));
    expect(later.filter((q) => q.startsWith("ledger.daily-reconciliation"))).toEqual([]);
    expect(later).toContain("agents.settle-daily 2026-04-02T00:10+08:00");
    expect(await b.jobs.catchUp(new Date("2026-04-02T16:01:00Z"))).toEqual([]);
  });

  it("catches up a period whose run died with its process after its last message", async () => {
    // 00:05 on 4 April in Manila: that day's reconciliation was claimed by a process that was
    // killed; its lease is over and no message of it is left to retry.
    await database.db.execute(
      sql`INSERT INTO job_runs (job, period_key, scheduled_for, state, attempts, started_at, lease_until)
          VALUES ('ledger.daily-reconciliation', '2026-04-04T00:00+08:00', '2026-04-03T16:00:00Z',
            'running', 1, now() - interval '2 hours', now() - interval '1 hour')`,
    );
    const done = new Promise<void>((resolve) => {
      const offs = [a, b].map((app) =>
        app.jobs.onRun((r) => {
          // Other jobs (the reports' rollup, real-time salaries) share this period key.
          if (r.job !== "ledger.daily-reconciliation") return;
          if (r.periodKey !== "2026-04-04T00:00+08:00" || r.state !== "succeeded") return;
          for (const off of offs) off();
          resolve();
        }),
      );
    });
    expect(await a.jobs.catchUp(new Date("2026-04-03T16:05:00Z"))).toContain(
      "ledger.daily-reconciliation 2026-04-04T00:00+08:00",
    );
    await done;
    const [row] = (await runs("ledger.daily-reconciliation")).filter(
      (r) => r.period_key === "2026-04-04T00:00+08:00",
    );
    expect(row).toMatchObject({ state: "succeeded", attempts: 2 });
  });
});

describe("the job queue on one instance", () => {
  it("stops cleanly while a run is under way: the run finishes, nothing hangs", async () => {
    const { database, drop } = await openTestDatabase();
    const name = `test.slow-${randomBytes(3).toString("hex")}`;
    let release: () => void = () => undefined;
    let finished = false;
    let started: () => void = () => undefined;
    const running = new Promise<void>((r) => {
      started = r;
    });
    registerJob({
      name,
      cron: "0 0 * * *",
      catchUp: false,
      handler: async () => {
        started();
        await new Promise<void>((r) => {
          release = r;
        });
        finished = true;
      },
    });
    const app = await buildApp({ config, database, store: memoryStore() });
    await app.jobs.start({ pollingIntervalSeconds: 0.5 });
    await app.jobs.trigger(name, new Date("2026-03-01T16:30:00Z"));
    await running;
    const closing = app.close();
    release();
    await closing;
    expect(finished).toBe(true);
    const [row] = await queryRows<{ state: string }>(
      database.db,
      sql`SELECT state FROM job_runs WHERE job = ${name}`,
    );
    expect(row?.state).toBe("succeeded");
    await drop();
  });
});
