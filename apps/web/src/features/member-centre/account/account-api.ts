import type { ContactKind, KycStatus, ProfitValue } from "@panalo/contracts/account";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import { readToken } from "../../../lib/session-token.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../session/session-store.ts";

/** GET /wps/member/profile: securityCenter's data. */
export interface Profile {
  username: string;
  nickname: string | null;
  avatarUrl: string;
  realName: string | null;
  fullName: string | null;
  birthday: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  incomeSource: string | null;
  birthPlace: string | null;
  contacts: Partial<Record<ContactKind, string>>;
  mobile: string | null;
  email: string | null;
  kycStatus: KycStatus;
  locked: string[];
  totpEnabled: boolean;
  txPasswordSet: boolean;
}

export interface SessionRow {
  current: boolean;
  method: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export interface KycCase {
  id: number;
  status: "pending" | "more_info" | "approved" | "rejected";
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export function useProfile() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "profile", token],
    queryFn: () => api<Profile>("/wps/member/profile"),
    enabled: token !== null,
  });
}

/** After a profile change: the profile and the header's member info read again. */
export function useRefreshProfile() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });
}

export function useSessions() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "sessions", token],
    queryFn: () => api<SessionRow[]>("/wps/member/sessions"),
    enabled: token !== null,
  });
}

export function useKyc() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "kyc", token],
    queryFn: () => api<{ status: KycStatus; cases: KycCase[] }>("/wps/member/kyc"),
    enabled: token !== null,
    // A decision may have come since: the tab reads it again each time it opens.
    refetchOnMount: "always",
  });
}

export function useProfit(startDate: string, endDate: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "profit", token, startDate, endDate],
    queryFn: () =>
      api<ProfitValue>(
        `/wps/member/personalProfit?${new URLSearchParams({ startDate, endDate }).toString()}`,
      ),
    enabled: token !== null,
  });
}

/**
 * An image the member may see only with their token (their uploaded avatar): fetched with it
 * and shown from a blob URL; a public picture (a preset, initials) is used as it is.
 */
export function usePrivateImage(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return setSrc(null);
    if (!url.startsWith("/wps/")) return setSrc(url);
    let object: string | null = null;
    let live = true;
    const token = readToken();
    void fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "same-origin",
    })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (!b || !live) return;
        object = URL.createObjectURL(b);
        setSrc(object);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (object) URL.revokeObjectURL(object);
    };
  }, [url]);
  return src;
}
