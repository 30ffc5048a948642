import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

/**
 * GET /api/admin/approvals: four-eyes changes — a new payment channel, enabling
 * one, new secrets, another bank account, a higher limit or adjustment threshold — stored by one
 * operator and applied only when a different operator approves. Secrets arrive masked.
 */
export const ApprovalRow = z.object({
  id: z.number().int(),
  kind: z.enum([
    "payment_channel.create",
    "payment_channel.update",
    "settings.finance",
    "provider_limits.update",
    "queue.bulk_approve",
    "bonus.grant",
    "loyalty.vip_level",
  ]),
  entityId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  status: z.enum(["pending", "applied", "rejected"]),
  reason: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof ApprovalRow>;
const ApprovalsPage = z.object({ items: z.array(ApprovalRow), total: z.number().int() });

const key = ["finance", "approvals"] as const;

export function useApprovals(q: { status: "" | Approval["status"]; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.status) params.set("status", q.status);
      return api.get(`/approvals?${params}`, ApprovalsPage, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      api.post(`/approvals/${id}/${approve ? "approve" : "reject"}`, approve ? {} : { reason }, ApprovalRow),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ["finance"] }),
      ]),
  });
}

/**
 * One line saying what the request changes, from its (masked) summary, in the operator's
 * language; field names, amounts and codes stay as the server wrote them.
 */
export function describeApproval(a: Approval): string {
  const s = a.summary as Record<string, unknown>;
  const changes = Array.isArray(s.changes) ? (s.changes as string[]) : [];
  if (a.kind === "settings.finance") {
    const before = (s.before as { adjustmentApprovalThreshold?: string } | undefined)
      ?.adjustmentApprovalThreshold;
    const after = (s.after as { adjustmentApprovalThreshold?: string } | undefined)
      ?.adjustmentApprovalThreshold;
    return t("approvals.describe.threshold", { before: before ?? "?", after: after ?? "?" });
  }
  if (a.kind === "queue.bulk_approve") {
    // A batch of deposits or withdrawals above the threshold.
    const ids = Array.isArray(s.ids) ? (s.ids as number[]) : [];
    const prefix = s.queue === "withdrawals" ? "W" : "D";
    const params = {
      count: String(s.count ?? ids.length),
      queue: String(s.queue ?? ""),
      total: String(s.total ?? ""),
      threshold: String(s.threshold ?? ""),
      ids: ids.map((id) => `${prefix}${id}`).join(", "),
    };
    if (s.queue === "withdrawals") return t("approvals.describe.bulkWithdrawals", params);
    if (s.queue === "deposits") return t("approvals.describe.bulkDeposits", params);
    return t("approvals.describe.bulk", params);
  }
  if (a.kind === "provider_limits.update") {
    type L = { maxWinMultiple?: number | null; maxWinAmount?: string | null } | undefined;
    const text = (l: L) =>
      `${l?.maxWinMultiple == null ? t("approvals.describe.noMultiple") : `${l.maxWinMultiple}×`}, ${l?.maxWinAmount ?? t("approvals.describe.noAmount")}`;
    return `${String(s.vendor ?? a.entityId ?? "")}: ${text(s.before as L)} → ${text(s.after as L)}`;
  }
  if (a.kind === "loyalty.vip_level") {
    // Pesos as the operator typed them; only the bonuses raised above the threshold.
    const before = (s.before ?? {}) as Record<string, unknown>;
    const after = (s.after ?? {}) as Record<string, unknown>;
    const what = changes
      .map((c) => `${c} ${String(before[c] ?? "—")} → ${String(after[c] ?? t("approvals.describe.none"))}`)
      .join(", ");
    return t("approvals.describe.vip", {
      level: a.entityId ?? "",
      what,
      threshold: String(s.threshold ?? ""),
    });
  }
  if (a.kind === "bonus.grant")
    return t("approvals.describe.bonus", {
      member: String(s.memberId ?? ""),
      amount: String(s.amount ?? ""),
      rule: String(s.ruleId ?? ""),
    });
  const params = {
    name: `${String(s.name ?? "")} (${String(s.code ?? "")})`,
    kind: String(s.kind ?? ""),
    adapter: String(s.adapter ?? ""),
    limits: `${String(s.minAmount ?? "")} – ${String(s.maxAmount ?? "")}`,
    what: changes.filter((c) => c !== "create").join(", "),
  };
  if (a.kind === "payment_channel.create") {
    const text = t(s.adapter ? "approvals.describe.createVia" : "approvals.describe.create", params);
    return s.enabled ? t("approvals.describe.andEnabled", { text }) : text;
  }
  return t(s.enabled ? "approvals.describe.updateEnabled" : "approvals.describe.updateDisabled", params);
}
