import type {
  BillView,
  ConsolidatedContractInfo,
  ContractImpactView,
  ContractKind,
  ContractTerms,
  ContractView,
  IncomeSummaryView,
} from "@panalo/contracts/agent-contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../session/session-store.ts";

/**
 * The agent's contract calls (spec §7 MCS2_processDividendReq,
 * MCS2_processDailySalContract, MCS2_processContractHourSalary,
 * MCSFE_processRealTimeSalaryContract) and "my income". Types only from the contracts package:
 * zod stays out of these chunks.
 */
export const CONTRACTS_KEY = [MEMBER_QUERY_ROOT, "agent-contracts"] as const;

export interface ContractPageData {
  kind: ContractKind;
  mine: ContractView[];
  given: ContractView[];
  bills: BillView[];
  downlines: { id: number; username: string; isAgent: number }[];
}

const PAGE_CALLS: Record<ContractKind, { url: string; method: "GET" | "POST" }> = {
  dividend: { url: "/wps/relay/MCS2_processDividendReq", method: "GET" },
  daily_salary: { url: "/wps/relay/MCS2_processDailySalContract", method: "GET" },
  hourly_salary: { url: "/wps/relay/MCS2_processContractHourSalary", method: "POST" },
  realtime_salary: { url: "/wps/relay/MCSFE_processRealTimeSalaryContract", method: "POST" },
};

export function useContractPage(kind: ContractKind) {
  const token = useSession((s) => s.token);
  const call = PAGE_CALLS[kind];
  return useQuery({
    queryKey: [...CONTRACTS_KEY, token, "page", kind],
    queryFn: () =>
      api<ContractPageData>(call.url, call.method === "POST" ? { method: "POST", body: {} } : {}),
    enabled: token !== null,
  });
}

/** The downline team management's "set contract" chose, taken once by the offer form. */
let offerDownline: number | null = null;
export function setOfferDownline(id: number): void {
  offerDownline = id;
}
export function takeOfferDownline(): number | null {
  const id = offerDownline;
  offerDownline = null;
  return id;
}

/** spec §3 consolidated contract info (AGENTPOLICY3): which contract pages to show. */
export function useConsolidatedContractInfo(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...CONTRACTS_KEY, token, "consolidated"],
    queryFn: () => api<ConsolidatedContractInfo>("/wps/agent/contract/consolidated"),
    enabled: enabled && token !== null,
    staleTime: 60_000,
  });
}

export interface IncomePage {
  items: BillView[];
  total: number;
  paidTotal: string;
  page: number;
  pageSize: number;
}

export function useIncome(q: { kind?: ContractKind; page: number; pageSize: number }) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...CONTRACTS_KEY, token, "income", q],
    queryFn: () => api<IncomePage>("/wps/agent/income", { method: "POST", body: q }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** "My income" per period: earned, paid to downlines (named), net. */
export function useIncomeSummary(q: { from: string; to: string; group: "day" | "week" | "month" }) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...CONTRACTS_KEY, token, "income-summary", q],
    queryFn: () => api<IncomeSummaryView>("/wps/agent/income/summary", { method: "POST", body: q }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** What accepting an open offer would end in the downline's team (spec §4), for either party. */
export function useContractImpact(contractId: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...CONTRACTS_KEY, token, "impact", contractId],
    queryFn: () =>
      api<ContractImpactView>("/wps/agent/contract/impact", { method: "POST", body: { contractId } }),
    enabled: token !== null && contractId !== null,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: [...CONTRACTS_KEY] });

export function useContractAction(action: "accept" | "reject" | "terminate") {
  return useMutation({
    mutationFn: (contractId: number) =>
      api<unknown>(`/wps/agent/contract/${action}`, { method: "POST", body: { contractId } }),
    onSuccess: refresh,
  });
}

export function useOfferContract() {
  return useMutation({
    mutationFn: (body: { downlineId: number; terms: ContractTerms }) =>
      api<ContractView>("/wps/agent/contract/offer", { method: "POST", body }),
    onSuccess: refresh,
  });
}
