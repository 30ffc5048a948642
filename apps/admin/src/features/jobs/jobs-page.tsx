import "./jobs.css";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTimeSeconds } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { type JobInfo, type JobRun, type JobRunState, useJobRuns, useJobs, useRunJob } from "./jobs-api.ts";

const PAGE_SIZE = 50;
const RUN_COLUMNS = 7;

/** Times in Manila time with seconds (lib/dates.ts). */
const at = (iso: string | null) => formatDateTimeSeconds(iso);

const STATE: Record<JobRunState, { label: TextKey; badge: string }> = {
  running: { label: "jobs.state.running", badge: "badge--muted" },
  succeeded: { label: "jobs.state.succeeded", badge: "badge--success" },
  retrying: { label: "jobs.state.retrying", badge: "badge--warn" },
  failed: { label: "jobs.state.failed", badge: "badge--danger" },
};

function StateBadge({ state }: { state: JobRunState }) {
  const t = useT();
  return (
    <span className={`badge ${STATE[state].badge}`} data-testid="job-run-state" data-state={state}>
      {t(STATE[state].label)}
    </span>
  );
}

/** How long a finished run took, in words (called while rendering). */
function duration(r: JobRun): string {
  if (!r.finishedAt) return "—";
  const ms = Date.parse(r.finishedAt) - Date.parse(r.startedAt);
  return ms < 1000 ? t("jobs.ms", { n: ms }) : t("jobs.seconds", { n: (ms / 1000).toFixed(1) });
}

function Period({ r }: { r: JobRun }) {
  const t = useT();
  if (r.manual) {
    return (
      <>
        <span className="badge badge--muted">{t("jobs.manual")}</span>{" "}
        <span className="cell-sub">{r.requestedBy ? t("jobs.operatorNo", { id: r.requestedBy }) : ""}</span>
      </>
    );
  }
  return <code>{r.periodKey}</code>;
}

function JobsTable({ canRun, onRun }: { canRun: boolean; onRun: (job: JobInfo) => void }) {
  const t = useT();
  const jobs = useJobs();
  const list = jobs.data?.jobs ?? [];
  return (
    <section className="section" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">{t("jobs.scheduled")}</h2>
      {jobs.data && !jobs.data.running && (
        <p className="muted" role="status">
          {t("jobs.notRunning")}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" data-testid="jobs-table" aria-busy={jobs.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("jobs.job")}</th>
              <th scope="col">{t("jobs.schedule")}</th>
              <th scope="col">{t("jobs.nextRun")}</th>
              <th scope="col">{t("jobs.lastRun")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("jobs.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.isPending && <SkeletonRows columns={5} rows={3} />}
            {jobs.isError && !jobs.data && <ErrorRow columns={5} onRetry={() => jobs.refetch()} />}
            {jobs.data && list.length === 0 && <EmptyRow columns={5} title={t("jobs.none")} />}
            {list.map((j) => (
              <tr key={j.name} data-testid={`job-${j.name}`}>
                <td>
                  <strong>{j.name}</strong>
                  {j.description && <span className="cell-sub">{j.description}</span>}
                </td>
                <td>
                  <code>{j.cron}</code>
                  <span className="cell-sub">
                    {t(j.retryLimit === 1 ? "jobs.retryOne" : "jobs.retries", {
                      tz: j.tz,
                      n: j.retryLimit,
                    })}
                  </span>
                </td>
                <td className="cell-nowrap" data-testid="job-next-run">
                  {at(j.nextRunAt)}
                </td>
                <td>
                  {j.lastRun ? (
                    <>
                      <StateBadge state={j.lastRun.state} />
                      <span className="cell-sub">{at(j.lastRun.startedAt)}</span>
                    </>
                  ) : (
                    <span className="muted">{t("jobs.notRunYet")}</span>
                  )}
                </td>
                <td className="cell-nowrap">
                  {canRun && j.manual && (
                    <button
                      type="button"
                      className="btn btn--sm"
                      data-testid="job-run-now"
                      disabled={!jobs.data?.running}
                      onClick={() => onRun(j)}
                    >
                      {t("jobs.runNow")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RunsTable({ names }: { names: string[] }) {
  const t = useT();
  const filterId = useId();
  const [job, setJob] = useState("");
  const [page, setPage] = useState(1);
  const runs = useJobRuns({ job, page, pageSize: PAGE_SIZE });
  const total = runs.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="runs-heading">
      <h2 id="runs-heading">{t("jobs.history")}</h2>
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("jobs.job")}
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={job}
          data-testid="job-runs-filter"
          onChange={(e) => {
            setJob(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t("jobs.all")}</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span className="toolbar-count" aria-live="polite">
          {runs.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="job-runs" aria-busy={runs.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("jobs.job")}</th>
              <th scope="col">{t("jobs.period")}</th>
              <th scope="col">{t("jobs.outcome")}</th>
              <th scope="col" className="num">
                {t("jobs.tries")}
              </th>
              <th scope="col">{t("jobs.started")}</th>
              <th scope="col">{t("jobs.took")}</th>
              <th scope="col">{t("jobs.error")}</th>
            </tr>
          </thead>
          <tbody>
            {runs.isPending && <SkeletonRows columns={RUN_COLUMNS} />}
            {runs.isError && !runs.data && <ErrorRow columns={RUN_COLUMNS} onRetry={() => runs.refetch()} />}
            {runs.data?.items.length === 0 && (
              <EmptyRow columns={RUN_COLUMNS} title={t("jobs.noRuns")}>
                {t("jobs.noRunsText")}
              </EmptyRow>
            )}
            {runs.data?.items.map((r) => (
              <tr
                key={r.id}
                data-testid="job-run-row"
                className={r.state === "failed" ? "job-run--failed" : ""}
              >
                <td>{r.job}</td>
                <td>
                  <Period r={r} />
                </td>
                <td>
                  <StateBadge state={r.state} />
                </td>
                <td className="num">{r.attempts}</td>
                <td className="cell-nowrap">{at(r.startedAt)}</td>
                <td className="cell-nowrap">{duration(r)}</td>
                <td>{r.error ? <span className="job-error">{r.error}</span> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t("jobs.pages")} page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

/**
 * System → Jobs: the platform's scheduled jobs with their Manila-time cron
 * and next run, the run history of every period (one run per job and period, its tries and
 * error), and "Run now" for an operator allowed to (a manual run never uses up a period).
 */
export function JobsPage() {
  const t = useT();
  const canRun = useCanWrite("jobs");
  const jobs = useJobs();
  const runJob = useRunJob();
  const [confirming, setConfirming] = useState<JobInfo | null>(null);
  const close = () => setConfirming(null);
  return (
    <>
      <PageHeader title={t("jobs.title")} description={t("jobs.description")} />
      {!canRun && <ReadOnlyNote />}
      <JobsTable canRun={canRun} onRun={setConfirming} />
      <RunsTable names={(jobs.data?.jobs ?? []).map((j) => j.name)} />
      {confirming && (
        <ConfirmDialog
          title={t("jobs.confirmTitle", { name: confirming.name })}
          message={
            <>
              <p>{confirming.description || t("jobs.runsOnce")}</p>
              <p>{t("jobs.extraRun")}</p>
            </>
          }
          confirmLabel={t("jobs.runNow")}
          tone="primary"
          busy={runJob.isPending}
          onConfirm={() =>
            runJob.mutate(confirming.name, {
              onSuccess: () => toast.success(t("jobs.queued", { name: confirming.name })),
              onSettled: close,
            })
          }
          onCancel={close}
        />
      )}
    </>
  );
}
