import "./jobs.css";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTimeSeconds } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { type JobInfo, type JobRun, type JobRunState, useJobRuns, useJobs, useRunJob } from "./jobs-api.ts";

const PAGE_SIZE = 50;
const RUN_COLUMNS = 7;

/** Times in Manila time with seconds (lib/dates.ts). */
const at = (iso: string | null) => formatDateTimeSeconds(iso);

const STATE: Record<JobRunState, { label: string; badge: string }> = {
  running: { label: "Running", badge: "badge--muted" },
  succeeded: { label: "Succeeded", badge: "badge--success" },
  retrying: { label: "Failed, will retry", badge: "badge--warn" },
  failed: { label: "Failed", badge: "badge--danger" },
};

function StateBadge({ state }: { state: JobRunState }) {
  return (
    <span className={`badge ${STATE[state].badge}`} data-testid="job-run-state" data-state={state}>
      {STATE[state].label}
    </span>
  );
}

/** How long a finished run took, in words. */
function duration(r: JobRun): string {
  if (!r.finishedAt) return "—";
  const ms = Date.parse(r.finishedAt) - Date.parse(r.startedAt);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function Period({ r }: { r: JobRun }) {
  if (r.manual) {
    return (
      <>
        <span className="badge badge--muted">Manual</span>{" "}
        <span className="cell-sub">{r.requestedBy ? `operator #${r.requestedBy}` : ""}</span>
      </>
    );
  }
  return <code>{r.periodKey}</code>;
}

function JobsTable({ canRun, onRun }: { canRun: boolean; onRun: (job: JobInfo) => void }) {
  const jobs = useJobs();
  const list = jobs.data?.jobs ?? [];
  return (
    <section className="section" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Scheduled jobs</h2>
      {jobs.data && !jobs.data.running && (
        <p className="muted" role="status">
          The job queue is not running in the server process that answered; another process runs the jobs.
        </p>
      )}
      <div className="table-wrap">
        <table className="table" data-testid="jobs-table" aria-busy={jobs.isFetching}>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Schedule</th>
              <th scope="col">Next run</th>
              <th scope="col">Last run</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.isPending && <SkeletonRows columns={5} rows={3} />}
            {jobs.isError && !jobs.data && <ErrorRow columns={5} onRetry={() => jobs.refetch()} />}
            {jobs.data && list.length === 0 && <EmptyRow columns={5} title="No scheduled jobs." />}
            {list.map((j) => (
              <tr key={j.name} data-testid={`job-${j.name}`}>
                <td>
                  <strong>{j.name}</strong>
                  {j.description && <span className="cell-sub">{j.description}</span>}
                </td>
                <td>
                  <code>{j.cron}</code>
                  <span className="cell-sub">
                    {j.tz}; up to {j.retryLimit} {j.retryLimit === 1 ? "retry" : "retries"}
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
                    <span className="muted">Not run yet</span>
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
                      Run now
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
  const filterId = useId();
  const [job, setJob] = useState("");
  const [page, setPage] = useState(1);
  const runs = useJobRuns({ job, page, pageSize: PAGE_SIZE });
  const total = runs.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="runs-heading">
      <h2 id="runs-heading">Run history</h2>
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          Job
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
          <option value="">All jobs</option>
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
              <th scope="col">Job</th>
              <th scope="col">Period</th>
              <th scope="col">Outcome</th>
              <th scope="col" className="num">
                Tries
              </th>
              <th scope="col">Started</th>
              <th scope="col">Took</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {runs.isPending && <SkeletonRows columns={RUN_COLUMNS} />}
            {runs.isError && !runs.data && <ErrorRow columns={RUN_COLUMNS} onRetry={() => runs.refetch()} />}
            {runs.data?.items.length === 0 && (
              <EmptyRow columns={RUN_COLUMNS} title="No runs yet">
                Each job runs at its next scheduled time, or when an operator runs it now.
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
      <Pager label="Run history pages" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

/**
 * System → Jobs: the platform's scheduled jobs with their Manila-time cron
 * and next run, the run history of every period (one run per job and period, its tries and
 * error), and "Run now" for an operator allowed to (a manual run never uses up a period).
 */
export function JobsPage() {
  const canRun = useCanWrite("jobs");
  const jobs = useJobs();
  const runJob = useRunJob();
  const [confirming, setConfirming] = useState<JobInfo | null>(null);
  const close = () => setConfirming(null);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work the platform does on a schedule, in Manila time. Each period runs once across every server process; a failed run is retried with a growing pause."
      />
      {!canRun && <ReadOnlyNote />}
      <JobsTable canRun={canRun} onRun={setConfirming} />
      <RunsTable names={(jobs.data?.jobs ?? []).map((j) => j.name)} />
      {confirming && (
        <ConfirmDialog
          title={`Run ${confirming.name} now?`}
          message={
            <>
              <p>{confirming.description || "The job runs once, now."}</p>
              <p>
                This is an extra run with its own entry in the history; the scheduled runs go on as planned.
              </p>
            </>
          }
          confirmLabel="Run now"
          tone="primary"
          busy={runJob.isPending}
          onConfirm={() =>
            runJob.mutate(confirming.name, {
              onSuccess: () => toast.success(`${confirming.name} is queued; its run appears in the history.`),
              onSettled: close,
            })
          }
          onCancel={close}
        />
      )}
    </>
  );
}
