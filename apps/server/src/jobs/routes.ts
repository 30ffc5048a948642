import { JobParams, JobRunsQuery } from "@panalo/contracts/admin-jobs";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../lib/audit.ts";
import type { AppContext } from "../lib/context.ts";
import { Errors } from "../lib/errors.ts";
import { registerMessages } from "../lib/messages.ts";
import { operatorOf, requireOperator } from "../lib/operator-guard.ts";
import { route } from "../lib/route.ts";
import "./catalog.ts";
import { JobQueue } from "./queue.ts";
import { registeredJobs } from "./registry.ts";

registerMessages("EN", {
  JOBS_NOT_RUNNING: "The job queue is not running in this server process. Try again in a moment.",
  JOB_NOT_MANUAL: "This job runs only on its schedule.",
});
registerMessages("TY", {
  JOBS_NOT_RUNNING: "Hindi tumatakbo ang job queue sa prosesong ito ng server. Subukang muli mamaya.",
  JOB_NOT_MANUAL: "Tumatakbo lang ang job na ito ayon sa iskedyul nito.",
});

registerMessages("CN", {
  JOBS_NOT_RUNNING: "任务队列未在此服务器进程中运行，请稍后重试。",
  JOB_NOT_MANUAL: "此任务仅按计划运行。",
});
registerMessages("VI", {
  JOBS_NOT_RUNNING: "Hàng đợi tác vụ không chạy trong tiến trình máy chủ này. Vui lòng thử lại sau giây lát.",
  JOB_NOT_MANUAL: "Tác vụ này chỉ chạy theo lịch.",
});
registerMessages("TH", {
  JOBS_NOT_RUNNING: "คิวงานไม่ได้ทำงานในโปรเซสเซิร์ฟเวอร์นี้ กรุณาลองใหม่ในอีกสักครู่",
  JOB_NOT_MANUAL: "งานนี้ทำงานตามกำหนดเวลาเท่านั้น",
});
registerMessages("ID", {
  JOBS_NOT_RUNNING: "Antrean tugas tidak berjalan di proses server ini. Coba lagi sebentar lagi.",
  JOB_NOT_MANUAL: "Tugas ini hanya berjalan sesuai jadwal.",
});
registerMessages("JA", {
  JOBS_NOT_RUNNING:
    "このサーバープロセスではジョブキューが動作していません。しばらくしてからもう一度お試しください。",
  JOB_NOT_MANUAL: "このジョブはスケジュールどおりにのみ実行されます。",
});

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
