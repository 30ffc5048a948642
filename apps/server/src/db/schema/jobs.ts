import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The job queue's run history (migration 0020): one row per (job, period), retries included. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    job: text("job").notNull(),
    periodKey: text("period_key").notNull(),
    scheduledFor: stamp("scheduled_for").notNull(),
    manual: boolean("manual").notNull().default(false),
    requestedBy: bigint("requested_by", { mode: "number" }),
    state: text("state").$type<"running" | "succeeded" | "retrying" | "failed">().notNull(),
    attempts: integer("attempts").notNull().default(1),
    startedAt: stamp("started_at").notNull(),
    finishedAt: stamp("finished_at"),
    leaseUntil: stamp("lease_until").notNull(),
    result: jsonb("result"),
    error: text("error"),
  },
  (t) => [unique("job_runs_period").on(t.job, t.periodKey)],
);
