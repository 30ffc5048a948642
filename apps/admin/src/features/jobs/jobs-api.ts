import { JobList, JobRunsPage } from "@panalo/contracts/admin-jobs";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

export type { JobInfo, JobRun, JobRunState } from "@panalo/contracts/admin-jobs";

const jobsKey = ["jobs"] as const;

/** GET /api/admin/jobs: the scheduled jobs, their cron, next run and latest run. */
export function useJobs() {
  return useQuery({
    queryKey: [...jobsKey, "list"],
    queryFn: ({ signal }) => api.get("/jobs", JobList, signal),
    // Runs finish on the server on their own: keep the page current while it is open.
    refetchInterval: 15_000,
  });
}

/** GET /api/admin/jobs/runs: the run history, newest first, optionally of one job. */
export function useJobRuns(q: { job: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...jobsKey, "runs", q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.job) params.set("job", q.job);
      return api.get(`/jobs/runs?${params}`, JobRunsPage, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** POST /api/admin/jobs/:name/run: a run now, under a key of its own (audited). */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`/jobs/${name}/run`, {}, z.object({ periodKey: z.string() })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
