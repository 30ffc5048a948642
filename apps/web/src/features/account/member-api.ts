import type { MemberInfo } from "@panalo/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, api } from "../../lib/api.ts";
import {
  endSession,
  MEMBER_QUERY_ROOT,
  setIdentity,
  TRIAL_ACCOUNT,
  useSession,
} from "../session/session-store.ts";

/** GET /wps/v2/wallets/balance (the header shows sumBalance with the currency symbol). */
export interface BalanceSummary {
  currency: string;
  currencySymbol: string;
  sumBalance: string;
}

/** A token the server no longer knows (expired, signed out elsewhere) ends the session here. */
function endIfExpired(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) endSession();
}

/**
 * GET /wps/member/info for the logged-in player (spec §4: loaded after login and at start when
 * a token exists). Keeps the session's name and account type in step with the answer.
 */
export function useMemberInfo() {
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "info", token],
    queryFn: () => api<MemberInfo>("/wps/member/info"),
    enabled: token !== null,
    staleTime: 60_000,
    placeholderData: undefined,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
  const { data, error } = query;
  useEffect(() => {
    if (data) setIdentity(data.username, data.isAgent, data.memberLabel);
  }, [data]);
  useEffect(() => endIfExpired(error), [error]);
  return query;
}

/** The wallet balance; trial accounts have no wallet (their play money lives in the games). */
export function useBalance() {
  const token = useSession((s) => s.token);
  const real = useSession((s) => s.isAgent !== null && s.isAgent !== TRIAL_ACCOUNT);
  const query = useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "balance", token],
    queryFn: () => api<BalanceSummary>("/wps/v2/wallets/balance"),
    enabled: token !== null && real,
    staleTime: 30_000,
    placeholderData: undefined,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
  useEffect(() => endIfExpired(query.error), [query.error]);
  return query;
}
