import type { RgSession, RgState } from "@panalo/contracts/responsible-gaming";
import { useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { MEMBER_QUERY_ROOT } from "../session/session-store.ts";

/**
 * The responsible-gaming page's calls. Every query lives under
 * [member, "rg", …]; each change answers the new state, which replaces the cached one.
 */
export const RG_KEY = [MEMBER_QUERY_ROOT, "rg"] as const;

// The contract's choices, repeated here as plain values: the page never loads zod.
export const LIMIT_KINDS = ["deposit", "loss", "wager"] as const;
export const PERIODS = ["day", "week", "month"] as const;
export const COOLING_OFF_DAYS = [1, 2, 3, 7, 14, 28, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
export const SESSION_MINUTES = [30, 60, 90, 120, 180, 240, 360] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type Period = (typeof PERIODS)[number];

export const useRgState = (enabled = true) =>
  useQuery({ queryKey: [...RG_KEY, "state"], queryFn: () => api<RgState>("/wps/rg/state"), enabled });

const keep = (s: RgState) => queryClient.setQueryData([...RG_KEY, "state"], s);

export function useSetLimit() {
  return useMutation({
    mutationFn: (v: { kind: LimitKind; period: Period; amount: string | null }) =>
      api<{ status: "applied" | "pending"; state: RgState }>("/wps/rg/limit", { method: "POST", body: v }),
    onSuccess: (r) => keep(r.state),
  });
}

export function usePendingAction(action: "confirm" | "cancel") {
  return useMutation({
    mutationFn: (v: { kind: LimitKind; period: Period }) =>
      api<RgState>(`/wps/rg/limit/${action}`, { method: "POST", body: v }),
    onSuccess: keep,
  });
}

export function useSessionSettings() {
  return useMutation({
    mutationFn: (v: { sessionMinutes: number | null; realityCheckMinutes: number | null }) =>
      api<{ status: "applied" | "pending"; state: RgState }>("/wps/rg/session", { method: "POST", body: v }),
    onSuccess: (r) => {
      keep(r.state);
      void queryClient.invalidateQueries({ queryKey: [...RG_KEY, "session"] });
    },
  });
}

export function useSessionPending(action: "confirm" | "cancel") {
  return useMutation({
    mutationFn: () => api<RgState>(`/wps/rg/session/${action}`, { method: "POST", body: {} }),
    onSuccess: keep,
  });
}

export function useExclude() {
  return useMutation({
    mutationFn: (v: { kind: "cooling_off"; days: number } | { kind: "self_exclusion"; months: number }) =>
      api<RgState>("/wps/rg/exclude", { method: "POST", body: v }),
    onSuccess: keep,
  });
}

export const fetchRgSession = () => api<RgSession>("/wps/rg/session");
