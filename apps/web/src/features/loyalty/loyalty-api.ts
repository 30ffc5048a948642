import "../i18n/texts/centre.ts";
import type { MallItemView, PointsRecord } from "@panalo/contracts/loyalty";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { onHubMessage } from "../account/hub-events.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../session/session-store.ts";

/**
 * Loyalty calls of the player site (spec §7 points and missions). Member queries live
 * under [member, "loyalty", …]; a hub push (loyalty.points, loyalty.missions) refreshes them.
 */
export const LOYALTY_KEY = [MEMBER_QUERY_ROOT, "loyalty"] as const;

export interface RedeemRow {
  id: number;
  item: string;
  kind: string;
  points: number;
  status: "in_process" | "approved" | "rejected";
  tracking: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** A free-spins redemption: the grant it made. */
  freeSpins?: {
    vendor: string;
    gameCode: string;
    spins: number;
    betPerLine: string;
    expiresAt: string;
    /** pending: on its way to the game; refused: the game could not take it (points returned). */
    delivery?: "pending" | "granted" | "refused";
    /** Spins played so far (rolled-back ones given back). */
    played?: number;
  } | null;
}
export interface RankView {
  from: string | null;
  to: string | null;
  rows: Array<{ rank: number; name: string; amount: string }>;
  refreshedAt: string | null;
}
export interface MissionView {
  id: number;
  name: string;
  period: "daily" | "weekly" | "once";
  tasks: Array<{ type: string; target: number; progress: number }>;
  prizeKind: "points" | "cash" | "bonus";
  prize: string;
  completed: boolean;
}

const useToken = () => useSession((s) => s.token);

/** Refresh loyalty figures when the hub says points or missions moved. */
export function useLoyaltyPushes(): void {
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: LOYALTY_KEY });
    const offPoints = onHubMessage("loyalty.points", refresh);
    const offMissions = onHubMessage("loyalty.missions", refresh);
    // A new level: the page's VIP card, and member info (memberLabel → vipService).
    const offVip = onHubMessage("loyalty.vip", () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "info"] });
    });
    return () => {
      offPoints();
      offMissions();
      offVip();
    };
  }, []);
}

export const usePointBalance = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "balance"],
    queryFn: () => api<{ balance: number }>("/wps/relay/MCS2_getPointBalance"),
    enabled: token !== null,
  });
};
export const useMallItems = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "items"],
    queryFn: () => api<{ list: MallItemView[] }>("/wps/relay/getPointReward"),
    enabled: token !== null,
  });
};
export const useRedeemList = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "redeemed"],
    queryFn: () => api<{ list: RedeemRow[]; totalPages: number }>("/wps/relay/getRedeemPointList?pageNo=1"),
    enabled: token !== null,
  });
};
export const usePointRecords = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "records"],
    queryFn: () => api<{ list: PointsRecord[]; totalPages: number }>("/wps/loyalty/points/records?pageNo=1"),
    enabled: token !== null,
  });
};
export const useMissions = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "missions"],
    queryFn: () => api<{ unread: number; list: MissionView[] }>("/wps/relay/MCSFE_getMissionSummaryDetails"),
    enabled: token !== null,
  });
};
export const useRanking = (kind: "deposit" | "bet") =>
  useQuery({ queryKey: ["rank", kind], queryFn: () => api<RankView>(`/wps/loyalty/rank/${kind}`) });

export function redeemItem(body: {
  itemId: number;
  requestId: string;
  password: string;
  address?: string;
  mobile?: string;
}) {
  return api<{ id: number; status: string; points: number }>(
    "/wps/relay/passwordCheck/MCS2_redeemPointReward",
    {
      method: "POST",
      body,
    },
  );
}

export interface VipPerks {
  level: number;
  name: string;
  rebateRatePpm: number;
  withdrawDailyMax: string | null;
  withdrawDailyCount: number | null;
  birthdayBonus: string;
  upgradeBonus: string;
  minValidBet: string;
  minDeposit: string;
  vipService: boolean;
}
export interface VipView {
  level: number;
  pointsRates: Array<{ gameType: string; pointsPerPeso: string }>;
  current: VipPerks | null;
  next: VipPerks | null;
  validBet: string;
  deposit: string;
  windowDays: number;
}
export interface LeaderboardView {
  campaigns: Array<{
    id: number;
    name: string;
    endsAt: string;
    top: Array<{ rank: number; name: string; score: number }>;
    own: { rank: number; score: number } | null;
  }>;
}
export const useVip = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "vip"],
    queryFn: () => api<VipView>("/wps/loyalty/vip"),
    enabled: token !== null,
  });
};
export const useLeaderboard = () => {
  const token = useToken();
  return useQuery({
    queryKey: [...LOYALTY_KEY, "leaderboard"],
    queryFn: () => api<LeaderboardView>("/wps/relay/getMissionLeaderboard"),
    enabled: token !== null,
  });
};
export const markMissionsSeen = () =>
  api<{ unread: number }>("/wps/loyalty/missions/seen", { method: "POST" });
