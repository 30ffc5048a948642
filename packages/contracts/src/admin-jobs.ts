import { z } from "zod";

/** The back office's Jobs page: scheduled jobs and their run history. */

/** A job's name: lower case, dotted by module ("ledger.daily-reconciliation"). */
export const JobName = z
  .string()
  .max(60)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/, "JOB_NAME");

/** GET /api/admin/jobs/runs?job=&page=&pageSize= */
export const JobRunsQuery = z.object({
  job: JobName.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /api/admin/jobs/:name/run */
export const JobParams = z.object({ name: JobName });

export const JobRunState = z.enum(["running", "succeeded", "retrying", "failed"]);
export type JobRunState = z.infer<typeof JobRunState>;

/** One run: a period of a job (or a manual run), with its tries. */
export const JobRun = z.object({
  id: z.number().int(),
  job: z.string(),
  /** The period's start ("2026-03-02T00:00+08:00") or "manual:…". */
  periodKey: z.string(),
  scheduledFor: z.string(),
  manual: z.boolean(),
  requestedBy: z.number().int().nullable(),
  state: JobRunState,
  attempts: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

export const JobRunsPage = z.object({ items: z.array(JobRun), total: z.number().int() });

export const JobInfo = z.object({
  name: z.string(),
  description: z.string(),
  cron: z.string(),
  tz: z.string(),
  nextRunAt: z.string(),
  retryLimit: z.number().int(),
  timeoutSeconds: z.number().int(),
  manual: z.boolean(),
  lastRun: JobRun.nullable(),
});
export type JobInfo = z.infer<typeof JobInfo>;

export const JobList = z.object({ jobs: z.array(JobInfo), running: z.boolean() });
