import { createHash, randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import PgBoss from "pg-boss";
import { type Database, queryRows } from "../db/client.ts";
import type { AppContext } from "../lib/context.ts";
import { nextOccurrence, periodKeyOf, periodStart } from "./periods.ts";
import type { Job } from "./registry.ts";

/**
 * The job queue: pg-boss on the platform's own database —
 * PostgreSQL, or the embedded PGlite through the same single connection the app uses.
 *
 * pg-boss fires each job's cron (in the job's time zone, once per occurrence across every
 * process), queues it, retries a failed run with exponential back-off and fails a run that
 * outlives its timeout. The platform adds the period rule on top: a run is for one period
 * (the cron occurrence it was fired for), and `job_runs` has one row per (job, period) —
 * claimed with one conditional upsert before the handler starts — so however many processes
 * fire, catch up or retry, a period's handler runs once at a time and succeeds at most once.
 */

/** pg-boss's bring-your-own-database adapter over the app's connection (pool or PGlite). */
interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Refuse new statements and wait for those under way (before the database closes). */
  close(): Promise<void>;
}

function bossDb(database: Database): BossDb {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (database.kind === "pglite") {
      const lite = client as PGlite;
      if (values?.length) return lite.query(text, values);
      // pg-boss sends its maintenance as one text "BEGIN; …; COMMIT;". Inside PGlite's own
      // transaction a failing statement is rolled back there, so the one shared connection is
      // never left in an aborted transaction (the inner BEGIN/COMMIT only warn).
      return lite.transaction(async (tx) => {
        const results = await tx.exec(text);
        return { rows: results.findLast((r) => r.rows.length > 0)?.rows ?? [] };
      });
    }
    const pool = client as pg.Pool;
    if (values?.length) return pool.query(text, values);
    // Several statements with their own BEGIN/COMMIT: on a connection of its own, rolled back
    // if one fails, so the pool never hands an aborted transaction to a request.
    const conn = await pool.connect();
    const onError = () => undefined; // the query's promise carries the error
    conn.on("error", onError);
    let broken: Error | undefined;
    try {
      const result = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.findLast((r) => r.rows?.length) : result;
      return { rows: last?.rows ?? [] };
    } catch (err) {
      broken = err as Error;
      await conn.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      conn.off("error", onError);
      conn.release(broken);
    }
  };
  return {
    executeSql(text, values) {
      // After close nothing more reaches the database. pg-boss's workers may still be finishing a
      // fetch and then mark it done or failed without awaiting the call (manager.js onFetch), so
      // a rejection — or an answer without the row it reads — would surface as an unhandled
      // rejection in the process. Such late statements are dropped: they never answer. The job
      // stays active in pg-boss, expires and is retried after the next start, and our run table
      // (one success per period) keeps it from running twice.
      if (closed) return new Promise<never>(() => undefined);
      const p = run(text, values);
      inFlight.add(p);
      const done = () => inFlight.delete(p);
      p.then(done, done);
      return p;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export interface JobQueueOptions {
  /** How often an idle worker looks for work (pg-boss polling; at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** How often pg-boss checks the crons (1–45). Default 10, so a run's period is never in doubt. */
  cronMonitorIntervalSeconds?: number;
  /** Look for periods without a run every this many minutes. Default 10. */
  catchUpEveryMinutes?: number;
}

export interface RunRow {
  id: number;
  job: string;
  periodKey: string;
  scheduledFor: string;
  manual: boolean;
  requestedBy: number | null;
  state: "running" | "succeeded" | "retrying" | "failed";
  attempts: number;
  startedAt: string;
  finishedAt: string | null;
  result: unknown;
  error: string | null;
}

interface RunData {
  periodKey?: string;
  scheduledFor?: string;
  manual?: boolean;
  requestedBy?: number | null;
}

/** What a queue message holds beyond its data (pg-boss `includeMetadata`). */
type BossJob = PgBoss.JobWithMetadata<RunData | null>;

const CATCH_UP = "jobs.catch-up";
/** The normal cron path sends a run within seconds; catch-up waits longer before it steps in. */
const CATCH_UP_GRACE_MS = 2 * 60_000;

/** A pg-boss job id from (job, period): the same period queued twice is one queue entry. */
function runId(job: string, periodKey: string): string {
  const h = createHash("sha256").update(`${job}\n${periodKey}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const jsonSafe = (value: unknown) =>
  JSON.stringify(value ?? null, (_k, v) => (typeof v === "bigint" ? v.toString() : v));

export class JobQueue {
  readonly jobs: ReadonlyMap<string, Job>;
  private boss: PgBoss | null = null;
  private db: BossDb | null = null;
  private starting: Promise<void> | null = null;
  private readonly listeners = new Set<(run: { job: string; periodKey: string; state: string }) => void>();

  constructor(
    private readonly ctx: AppContext,
    jobs: Job[],
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {
    this.jobs = new Map(jobs.map((j) => [j.name, j]));
  }

  get running(): boolean {
    return this.boss !== null;
  }

  /**
   * Start pg-boss (creating or upgrading its schema), declare each job's queue with its retry
   * policy, put its cron on pg-boss's schedule, start one worker per job, and catch up any
   * job whose latest period has no run. Every process runs this; the database decides who runs what.
   */
  start(opts: JobQueueOptions = {}): Promise<void> {
    this.starting ??= this.doStart(opts).catch(async (err) => {
      this.starting = null;
      await this.stop();
      throw err;
    });
    return this.starting;
  }

  private async doStart(opts: JobQueueOptions): Promise<void> {
    const db = bossDb(this.ctx.database);
    const boss = new PgBoss({
      db,
      schema: "pgboss",
      migrate: true,
      cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 10,
      cronWorkerIntervalSeconds: 5,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    } as PgBoss.ConstructorOptions);
    boss.on("error", (err) => this.log("job queue error", err));
    this.db = db;
    this.boss = boss;
    await boss.start();
    const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
    const names = new Set<string>();
    for (const job of this.jobs.values()) {
      const policy = {
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff ?? true,
        expireInSeconds: job.timeoutSeconds,
      };
      await boss.createQueue(job.name, { name: job.name, ...policy });
      await boss.updateQueue(job.name, { name: job.name, ...policy });
      await boss.schedule(job.name, job.cron, {}, { tz: job.tz });
      names.add(job.name);
      await boss.work<RunData | null>(
        job.name,
        { ...polling, batchSize: 1, includeMetadata: true },
        async ([m]) => (m ? this.execute(job, m) : undefined),
      );
    }
    // The catch-up: a period whose cron fired while no process was up still gets its run.
    const every = opts.catchUpEveryMinutes ?? 10;
    await boss.createQueue(CATCH_UP, { name: CATCH_UP, retryLimit: 0 });
    await boss.schedule(CATCH_UP, `*/${every} * * * *`, {}, { tz: "UTC" });
    names.add(CATCH_UP);
    await boss.work(CATCH_UP, polling, async () => this.catchUp());
    // A job no longer registered (renamed, removed) leaves pg-boss's schedule.
    for (const s of await boss.getSchedules()) if (!names.has(s.name)) await boss.unschedule(s.name);
    await this.catchUp();
  }

  /** Stop fetching, let the runs under way finish (up to `timeoutMs`), then let go of the database. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    const db = this.db;
    this.boss = null;
    this.db = null;
    this.starting = null;
    if (boss)
      await boss
        .stop({ graceful: true, wait: true, timeout: timeoutMs })
        .catch((err) => this.log("job queue stop", err));
    if (db) await db.close();
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error("the job queue is not running in this process");
    return this.boss;
  }

  private job(name: string): Job {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    return job;
  }

  /**
   * Queue the run of the period that `at` falls in (default: now on the app's clock). The
   * same period queued again, here or in another process, is the same queue entry — unless
   * `distinct`, which queues a message of its own, as pg-boss's cron and another process's
   * catch-up would; either way the period runs once. This is how tests start a period.
   */
  async trigger(
    name: string,
    at: Date = this.ctx.clock.now(),
    opts: { distinct?: boolean } = {},
  ): Promise<{ periodKey: string; queued: boolean }> {
    const job = this.job(name);
    const start = periodStart(job.cron, job.tz, at);
    const periodKey = periodKeyOf(start, job.tz);
    const id = await this.requireBoss().send(
      job.name,
      { periodKey, scheduledFor: start.toISOString(), manual: false },
      opts.distinct ? {} : { id: runId(job.name, periodKey) },
    );
    return { periodKey, queued: id !== null };
  }

  /**
   * Queue a message as pg-boss's cron sends it, with no period: the worker runs the period of
   * the moment it was queued (by the database's clock).
   */
  async fire(name: string): Promise<void> {
    await this.requireBoss().send(this.job(name).name, {});
  }

  /** A run an operator asked for: a key of its own, so no scheduled period is used up. */
  async runNow(name: string, requestedBy: number): Promise<{ periodKey: string }> {
    const job = this.job(name);
    if (!job.manual) throw new Error(`job ${name} cannot be started by hand`);
    const now = this.ctx.clock.now();
    const periodKey = `manual:${now.toISOString()}:${randomBytes(4).toString("hex")}`;
    await this.requireBoss().send(
      job.name,
      { periodKey, scheduledFor: now.toISOString(), manual: true, requestedBy },
      // A manual run is tried once: the operator sees the outcome and decides.
      { id: runId(job.name, periodKey), retryLimit: 0 },
    );
    return { periodKey };
  }

  /** Queue the latest period of every catch-up job that has no run yet (and is past its grace). */
  async catchUp(now: Date = this.ctx.clock.now()): Promise<string[]> {
    await this.failDeadRuns();
    const queued: string[] = [];
    for (const job of this.jobs.values()) {
      if (!job.catchUp) continue;
      const start = periodStart(job.cron, job.tz, now);
      if (now.getTime() - start.getTime() < CATCH_UP_GRACE_MS) continue;
      const periodKey = periodKeyOf(start, job.tz);
      const [seen] = await queryRows<{ dead: boolean }>(
        this.ctx.db,
        sql`SELECT (state = 'running' AND lease_until < clock_timestamp()) AS dead
              FROM job_runs WHERE job = ${job.name} AND period_key = ${periodKey}`,
      );
      if (seen && !seen.dead) continue;
      // A run that died with its process while retries were left, and whose messages are all
      // spent, would hold its period for good: a fresh message (its own id; the period's first
      // one exists) takes it over. (One with no retry left was marked failed just above.)
      const r = await this.trigger(job.name, start, { distinct: Boolean(seen?.dead) });
      if (r.queued) queued.push(`${job.name} ${periodKey}`);
    }
    return queued;
  }

  /**
   * Mark as failed every run whose process died — 'running' with its lease over — and that
   * nothing will retry: a manual run (tried once), or one whose attempts used up its job's
   * retries. pg-boss retries an expired message only while retries are left, so without this
   * such a run would show 'running' for good. Whoever looks at the queue does it first: a
   * worker taking a message, the catch-up, the back office's lists. A run with retries left is
   * left to its retry (or the catch-up), which takes the period over. Returns the runs marked.
   */
  async failDeadRuns(): Promise<Array<{ job: string; periodKey: string }>> {
    const limits = JSON.stringify(
      [...this.jobs.values()].map((j) => ({ job: j.name, retry_limit: j.retry.limit })),
    );
    return queryRows<{ job: string; periodKey: string }>(
      this.ctx.db,
      sql`UPDATE job_runs r SET state = 'failed', finished_at = clock_timestamp(),
            error = 'The process running it stopped before it finished (its lease ran out at '
              || to_char(r.lease_until AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC); no retry was left.'
          FROM jsonb_to_recordset(${limits}::jsonb) AS j(job text, retry_limit int)
          WHERE r.state = 'running' AND r.lease_until < clock_timestamp() AND r.job = j.job
            AND (r.manual OR r.attempts > j.retry_limit)
          RETURNING r.job, r.period_key AS "periodKey"`,
    );
  }

  /**
   * Called for each message a worker of this process handled: "succeeded", "retrying", "failed",
   * "skipped" (the period was done already) or "busy" (under way elsewhere; it comes back).
   */
  onRun(listener: (run: { job: string; periodKey: string; state: string }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(run: { job: string; periodKey: string; state: string }) {
    for (const l of this.listeners) l(run);
  }

  /** One queue message: claim its period, run the handler, record the outcome. */
  private async execute(job: Job, m: BossJob): Promise<unknown> {
    const data = m.data ?? {};
    // A message from pg-boss's cron carries no period: it is the occurrence the cron fired for,
    // the latest one at or before the message's creation (the cron sends within seconds).
    const scheduledFor = data.scheduledFor
      ? new Date(data.scheduledFor)
      : periodStart(job.cron, job.tz, new Date(m.createdOn));
    const periodKey = data.periodKey ?? periodKeyOf(scheduledFor, job.tz);
    const manual = data.manual === true;
    // Runs (of any job) that died with their process and that nothing will retry end as failed.
    await this.failDeadRuns();
    // A run still 'running' past its lease died with its process; pg-boss fails it on the same
    // timeout and a retry may take the period over.
    const leaseSeconds = job.timeoutSeconds + 60;
    const [claim] = await queryRows<{ id: number; attempts: number }>(
      this.ctx.db,
      sql`INSERT INTO job_runs AS r
            (job, period_key, scheduled_for, manual, requested_by, state, attempts, started_at, lease_until)
          VALUES (${job.name}, ${periodKey}, ${scheduledFor.toISOString()}::timestamptz, ${manual},
            ${data.requestedBy ?? null}, 'running', 1, clock_timestamp(),
            clock_timestamp() + make_interval(secs => ${leaseSeconds}))
          ON CONFLICT (job, period_key) DO UPDATE SET
            state = 'running', attempts = r.attempts + 1, started_at = clock_timestamp(),
            finished_at = NULL, result = NULL, error = NULL, lease_until = EXCLUDED.lease_until
          WHERE r.state IN ('retrying', 'failed')
             OR (r.state = 'running' AND r.lease_until < clock_timestamp())
          RETURNING id, attempts`,
    );
    if (!claim) {
      const [row] = await queryRows<{ state: string }>(
        this.ctx.db,
        sql`SELECT state FROM job_runs WHERE job = ${job.name} AND period_key = ${periodKey}`,
      );
      if (row?.state === "running" && m.retryCount < m.retryLimit) {
        // Under way in another worker (or a run that outlived its timeout): this copy comes back
        // after the back-off, then finds the period done — or failed, and runs it again.
        this.emit({ job: job.name, periodKey, state: "busy" });
        throw new Error(`${job.name} ${periodKey} is under way in another run`);
      }
      // Done already: this message has nothing to do.
      this.emit({ job: job.name, periodKey, state: "skipped" });
      return { periodKey, skipped: true };
    }
    try {
      const result = await job.handler(this.ctx, {
        periodKey,
        scheduledFor,
        manual,
        attempt: claim.attempts,
      });
      await this.finish(claim, "succeeded", result, null);
      this.emit({ job: job.name, periodKey, state: "succeeded" });
      return { periodKey, result: JSON.parse(jsonSafe(result)) };
    } catch (err) {
      const willRetry = m.retryCount < m.retryLimit;
      const message = err instanceof Error ? err.message : String(err);
      await this.finish(claim, willRetry ? "retrying" : "failed", null, message.slice(0, 2000)).catch((e) =>
        this.log(`job ${job.name}: recording the failure failed`, e),
      );
      this.log(`job ${job.name} ${periodKey} attempt ${claim.attempts} failed`, err);
      this.emit({ job: job.name, periodKey, state: willRetry ? "retrying" : "failed" });
      throw err; // pg-boss schedules the retry, with back-off
    }
  }

  private async finish(
    claim: { id: number; attempts: number },
    state: "succeeded" | "retrying" | "failed",
    result: unknown,
    error: string | null,
  ) {
    // Only the attempt that holds the row records its end (not one whose lease was taken over).
    await this.ctx.db.execute(
      sql`UPDATE job_runs SET state = ${state}, finished_at = clock_timestamp(),
            result = ${jsonSafe(result)}::jsonb, error = ${error}
          WHERE id = ${claim.id} AND attempts = ${claim.attempts} AND state = 'running'`,
    );
  }

  /** The registered jobs for the back office: schedule, next run, latest run. */
  async list() {
    await this.failDeadRuns();
    const now = this.ctx.clock.now();
    const latest = await queryRows<RunRow>(
      this.ctx.db,
      sql`SELECT DISTINCT ON (job) ${RUN_COLUMNS} FROM job_runs ORDER BY job, started_at DESC, id DESC`,
    );
    const byJob = new Map(latest.map((r) => [r.job, r]));
    return [...this.jobs.values()].map((j) => ({
      name: j.name,
      description: j.description,
      cron: j.cron,
      tz: j.tz,
      nextRunAt: nextOccurrence(j.cron, j.tz, now).toISOString(),
      retryLimit: j.retry.limit,
      timeoutSeconds: j.timeoutSeconds,
      manual: j.manual,
      lastRun: byJob.get(j.name) ?? null,
    }));
  }

  /** The run history, newest first, a page at a time (optionally for one job). */
  async history(q: {
    job?: string;
    page: number;
    pageSize: number;
  }): Promise<{ items: RunRow[]; total: number }> {
    await this.failDeadRuns();
    const where = q.job ? sql`WHERE job = ${q.job}` : sql``;
    const [items, [count]] = await Promise.all([
      queryRows<RunRow>(
        this.ctx.db,
        sql`SELECT ${RUN_COLUMNS} FROM job_runs ${where} ORDER BY started_at DESC, id DESC
            LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      ),
      queryRows<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM job_runs ${where}`),
    ]);
    return { items, total: count?.n ?? 0 };
  }
}

const RUN_COLUMNS = sql.raw(`id::int AS id, job, period_key AS "periodKey",
  to_char(scheduled_for AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "scheduledFor",
  manual, requested_by::int AS "requestedBy", state, attempts,
  to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt",
  result, error`);
