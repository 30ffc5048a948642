import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** The back office's calls for agent contracts and their settlement runs. */
const key = ["agent-settlement"] as const;

export const Run = z.object({
  id: z.number(),
  schedule: z.string(),
  periodKey: z.string(),
  cutoff: z.string(),
  status: z.string(),
  held: z.boolean(),
  attempts: z.number(),
  bills: z.number(),
  paid: z.number(),
  paidAmount: z.string(),
  insufficient: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Run = z.infer<typeof Run>;
const RunsPage = z.object({ items: z.array(Run), total: z.number(), page: z.number(), pageSize: z.number() });

export const Bill = z.object({
  id: z.number(),
  contractId: z.number(),
  kind: z.string(),
  periodKey: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  runId: z.number(),
  memberId: z.number(),
  memberName: z.string().optional(),
  payerId: z.number().nullable(),
  validBet: z.string(),
  netLoss: z.string(),
  activeMembers: z.number(),
  rateBp: z.number(),
  carryIn: z.string(),
  carryOut: z.string(),
  amount: z.string(),
  status: z.string(),
  attempts: z.number(),
  paidAt: z.string().nullable(),
});
export type Bill = z.infer<typeof Bill>;
const BillsPage = z.object({
  items: z.array(Bill),
  total: z.number(),
  paidTotal: z.string(),
  page: z.number(),
  pageSize: z.number(),
});

export const ReportRow = z.object({
  day: z.string(),
  kind: z.string(),
  funding: z.string(),
  bills: z.number(),
  paid: z.number(),
  paidAmount: z.string(),
  waiting: z.number(),
  waitingAmount: z.string(),
  validBet: z.string(),
});
const Report = z.object({ items: z.array(ReportRow) });

export const Contract = z.object({
  id: z.number(),
  kind: z.string(),
  uplineId: z.number().nullable(),
  uplineName: z.string().nullable(),
  downlineId: z.number(),
  downlineName: z.string(),
  funding: z.string(),
  period: z.string(),
  terms: z.record(z.string(), z.unknown()),
  rateBp: z.number(),
  status: z.string(),
  offeredAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type Contract = z.infer<typeof Contract>;

export function useRuns(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...key, "runs", page, pageSize],
    queryFn: ({ signal }) =>
      api.get(`/agent-settlement/runs?page=${page}&pageSize=${pageSize}`, RunsPage, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useBills(q: {
  runId?: number;
  memberId?: number;
  status?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: [...key, "bills", q],
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.runId) p.set("runId", String(q.runId));
      if (q.memberId) p.set("memberId", String(q.memberId));
      if (q.status) p.set("status", q.status);
      return api.get(`/agent-settlement/bills?${p}`, BillsPage, signal);
    },
    placeholderData: keepPreviousData,
  });
}

export function useReport(from: string, to: string, group: "day" | "week" | "month" = "day") {
  return useQuery({
    queryKey: [...key, "report", from, to, group],
    queryFn: ({ signal }) =>
      api.get(`/agent-settlement/report?from=${from}&to=${to}&group=${group}`, Report, signal),
  });
}

export function useContracts(memberId?: number) {
  return useQuery({
    queryKey: [...key, "contracts", memberId ?? 0],
    queryFn: ({ signal }) =>
      api.get(
        `/agent-contracts${memberId ? `?memberId=${memberId}` : ""}`,
        z.object({ items: z.array(Contract) }),
        signal,
      ),
  });
}

export function useRunAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "hold" | "release" | "rerun" }) =>
      api.post(`/agent-settlement/runs/${id}/${action}`, {}, z.unknown()),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useEndContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/agent-contracts/${id}/end`, {}, Contract),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useOfferPlatformContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { downlineId: number; funding: "platform"; terms: Record<string, unknown> }) =>
      api.post("/agent-contracts/offer", body, Contract),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
