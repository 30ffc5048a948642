import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/**
 * The back office's responsible-gaming calls. The answers are checked
 * against these schemas (the server's types are in packages/contracts responsible-gaming.ts).
 */
const Limit = z.object({
  kind: z.enum(["deposit", "loss", "wager"]),
  period: z.enum(["day", "week", "month"]),
  amount: z.string().nullable(),
  used: z.string(),
  pending: z
    .object({
      amount: z.string().nullable(),
      requestedAt: z.string(),
      readyAt: z.string(),
      ready: z.boolean(),
    })
    .nullable(),
});
const State = z.object({
  currency: z.string(),
  limits: z.array(Limit),
  sessionMinutes: z.number().nullable(),
  sessionPending: z
    .object({ minutes: z.number().nullable(), readyAt: z.string(), ready: z.boolean() })
    .nullable(),
  realityCheckMinutes: z.number().nullable(),
  realityCheckDefaultMinutes: z.number(),
  blocked: z.object({ kind: z.enum(["cooling_off", "self_exclusion"]), until: z.string() }).nullable(),
  minimumAge: z.number(),
});
const MemberRg = z.object({
  memberId: z.number(),
  username: z.string(),
  state: State,
  exclusions: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(["cooling_off", "self_exclusion"]),
      startsAt: z.string(),
      endsAt: z.string(),
      byOperator: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      detail: z.record(z.string(), z.unknown()),
      byOperator: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type MemberRg = z.infer<typeof MemberRg>;
const Settings = z.object({ realityCheckDefaultMinutes: z.number(), minimumAge: z.number() });

const key = (id: number) => ["rg", "member", id] as const;

export const useMemberRg = (id: number) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api.get(`/rg/members/${id}`, MemberRg, signal) });

export function useImposeExclusion(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: "cooling_off" | "self_exclusion"; days: number; reason: string }) =>
      api.post(`/rg/members/${id}/exclude`, v, z.object({ id: z.number(), endsAt: z.string() })),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}

export const useRgSettings = () =>
  useQuery({
    queryKey: ["rg", "settings"],
    queryFn: ({ signal }) => api.get("/rg/settings", Settings, signal),
  });

export function useSaveRgSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { realityCheckDefaultMinutes: number }) => api.put("/rg/settings", v, Settings),
    onSuccess: (s) => qc.setQueryData(["rg", "settings"], s),
  });
}
