import { JobParams, JobRunsQuery } from "@panalo/contracts/admin-jobs";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../lib/audit.ts";
import type { AppContext } from "../lib/context.ts";
import { Errors } from "../lib/errors.ts";
import { operatorOf, requireOperator } from "../lib/operator-guard.ts";
import { route } from "../lib/route.ts";
import "./catalog.ts";
import { JobQueue } from "./queue.ts";
import { registeredJobs } from "./registry.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue; main.ts starts it (`app.jobs.start()`), closing the app stops it. */
    jobs: JobQueue;
  }
}

/** The app's job queue over every registered job (jobs/catalog.ts), stopped when the app closes. */
export function createJobQueue(app: FastifyInstance, ctx: AppContext): JobQueue {
  const queue = new JobQueue(ctx, registeredJobs(), (msg, err) => app.log.error({ err }, msg));
  app.decorate("jobs", queue);
  app.addHook("onClose", async () => queue.stop());
  return queue;
}

/** Back office: System → Jobs. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext, queue: JobQueue): Promise<void> {
  const canRead = [requireOperator(ctx, "system.read")];
  route(app, { method: "GET", url: "/api/admin/jobs", guards: canRead }, async () => ({
    jobs: await queue.list(),
    running: queue.running,
  }));
  route(
    app,
    { method: "GET", url: "/api/admin/jobs/runs", query: JobRunsQuery, guards: canRead },
    async ({ query }) => queue.history(query),
  );
  // A run now has a key of its own ("manual:…"): it never uses up a scheduled period.
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/jobs/:name/run",
      params: JobParams,
      guards: [requireOperator(ctx, "jobs.run")],
    },
    async ({ params, req, ip }) => {
      const job = queue.jobs.get(params.name);
      if (!job) throw Errors.notFound("job");
      if (!job.manual) throw Errors.bad("JOB_NOT_MANUAL");
      if (!queue.running) throw Errors.conflict("JOBS_NOT_RUNNING");
      const op = operatorOf(req);
      const { periodKey } = await queue.runNow(job.name, op.id);
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "run",
        entityType: "job",
        entityId: job.name,
        before: null,
        after: { periodKey },
        ip,
      });
      return { periodKey };
    },
  );
}
