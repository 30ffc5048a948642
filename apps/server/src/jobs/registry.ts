import type { AppContext } from "../lib/context.ts";
import { checkSchedule, MANILA } from "./periods.ts";

/** What a job's handler is told about the run it is doing. */
export interface JobRun {
  /** The run's key: the period's start ("2026-03-02T00:00+08:00"), or "manual:…" for a manual run. */
  periodKey: string;
  /** The cron occurrence the run is for (a manual run: when the operator asked for it). */
  scheduledFor: Date;
  manual: boolean;
  /** 1 for the first try of this period, 2 for its first retry, ... */
  attempt: number;
}

export interface JobDefinition {
  /** Unique, lower case, dotted by module: "ledger.daily-reconciliation". */
  name: string;
  /** Five-field cron in `tz`: "0 0 * * *" is midnight. */
  cron: string;
  /** IANA time zone of the cron; Asia/Manila unless said otherwise. */
  tz?: string;
  /** One line for the back office. */
  description?: string;
  /**
   * The work. It runs at most once at a time per period across every process, and is retried
   * (same period key) when it throws, so it must be safe to run again after a partial run —
   * money moves through the ledger's idempotency keys.
   */
  handler(ctx: AppContext, run: JobRun): Promise<unknown>;
  /** Retries after a failure, with exponential back-off from `delaySeconds`. */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run still going after this is failed (and retried); at most 23 hours. Default 15 minutes. */
  timeoutSeconds?: number;
  /** Run the latest period when the process comes up (or every 10 minutes) and it has no run. Default true. */
  catchUp?: boolean;
  /** May an operator start it from the back office. Default true. */
  manual?: boolean;
}

/** A definition with every default filled in. */
export type Job = Required<Omit<JobDefinition, "description">> & { description: string };

export const DEFAULT_RETRY = { limit: 3, delaySeconds: 30, backoff: true };
const NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

export function defineJob(def: JobDefinition): Job {
  if (!NAME.test(def.name) || def.name.length > 60) throw new Error(`job name "${def.name}" is not valid`);
  const tz = def.tz ?? MANILA;
  checkSchedule(def.cron, tz);
  const retry = { ...DEFAULT_RETRY, ...def.retry };
  if (!Number.isInteger(retry.limit) || retry.limit < 0) throw new Error(`${def.name}: retry.limit`);
  if (!Number.isInteger(retry.delaySeconds) || retry.delaySeconds < (retry.backoff ? 1 : 0)) {
    throw new Error(`${def.name}: retry.delaySeconds`);
  }
  const timeoutSeconds = def.timeoutSeconds ?? 15 * 60;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds >= 23 * 3600) {
    throw new Error(`${def.name}: timeoutSeconds`);
  }
  return {
    name: def.name,
    cron: def.cron,
    tz,
    description: def.description ?? "",
    handler: def.handler,
    retry,
    timeoutSeconds,
    catchUp: def.catchUp ?? true,
    manual: def.manual ?? true,
  };
}

const registry = new Map<string, Job>();

/**
 * Add a job to the platform's schedule; every process's queue runs what is registered when it
 * starts. One line per job, in jobs/catalog.ts:
 *   registerJob({ name: "agents.commission", cron: "0 2 * * 1", handler: settleCommissions });
 */
export function registerJob(def: JobDefinition): Job {
  const job = defineJob(def);
  const had = registry.get(job.name);
  if (had && had.handler !== job.handler) throw new Error(`job ${job.name} is registered twice`);
  registry.set(job.name, job);
  return job;
}

export function registeredJobs(): Job[] {
  return [...registry.values()];
}
