import type { AgentPermissionValue } from "@panalo/contracts/agents";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { useSession } from "../session/session-store.ts";

/** spec §6: the agent centre's permission check; a refusal is in_need_true_account. */
export function useAgentPermission() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ["agent", token, "permission"],
    queryFn: () => api<AgentPermissionValue>("/wps/agent/permission"),
    enabled: Boolean(token),
    retry: false,
    staleTime: 60_000,
  });
}

/** One agent-centre read, keyed by its path and query (the previous page stays while loading). */
export function useAgentQuery<T>(path: string, params: Record<string, string | number | undefined>) {
  const token = useSession((s) => s.token);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") query.set(k, String(v));
  const url = `${path}?${query.toString()}`;
  return useQuery({
    queryKey: ["agent", token, url],
    queryFn: () => api<T>(url),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    // A page opened again shows the team as it is now (balances move without this page).
    refetchOnMount: "always",
  });
}
