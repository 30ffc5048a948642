import type {
  ClaimResult,
  RaffleView,
  RebatePage,
  ReferralPage,
  RewardList,
} from "@panalo/contracts/rewards";
import { useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../app/query-client.ts";
import { api } from "../../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../session/session-store.ts";

/**
 * The reward pages' calls (spec §2 rewardCenter, manualRebate, referral; §7
 * MCS2_claimRafflePromotion). Every query lives under [member, "rewards", …]: a claim refreshes
 * them all, the menu badge too, and the balance.
 */
export const REWARDS_KEY = [MEMBER_QUERY_ROOT, "rewards"] as const;

export function useRewardList(tab: "waiting" | "history", pageNo: number) {
  return useQuery({
    queryKey: [...REWARDS_KEY, "list", tab, pageNo],
    queryFn: () => api<RewardList>(`/wps/rewards/list?tab=${tab}&pageNo=${pageNo}`),
  });
}

/** The menu badge (spec §2): waiting rewards not seen yet. */
export function useRewardUnread() {
  const loggedIn = useSession((s) => s.token !== null && s.isAgent !== 4);
  return useQuery({
    queryKey: [...REWARDS_KEY, "unread"],
    queryFn: () => api<{ count: number }>("/wps/rewards/unread"),
    enabled: loggedIn,
    staleTime: 30_000,
  });
}

export const useRebatePage = () =>
  useQuery({ queryKey: [...REWARDS_KEY, "rebate"], queryFn: () => api<RebatePage>("/wps/rewards/rebate") });
export const useRaffles = () =>
  useQuery({
    queryKey: [...REWARDS_KEY, "raffles"],
    queryFn: () => api<RaffleView[]>("/wps/rewards/raffles"),
  });
export const useReferral = () =>
  useQuery({
    queryKey: [...REWARDS_KEY, "referral"],
    queryFn: () => api<ReferralPage>("/wps/referral/info"),
  });

const refresh = () => queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });

export async function markRewardsSeen(): Promise<void> {
  await api("/wps/rewards/seen", { method: "POST", body: {} });
  await queryClient.invalidateQueries({ queryKey: [...REWARDS_KEY, "unread"] });
}

export type ClaimTarget =
  | { kind: "one"; id: number }
  | { kind: "all" }
  | { kind: "rebate" }
  | { kind: "raffle"; raffleId: number };

export function useClaim() {
  return useMutation({
    mutationFn: (target: ClaimTarget) => {
      if (target.kind === "one")
        return api<ClaimResult>("/wps/rewards/claim", { method: "POST", body: { id: target.id } });
      if (target.kind === "rebate")
        return api<ClaimResult>("/wps/rewards/rebate/claim", { method: "POST", body: {} });
      if (target.kind === "raffle") {
        return api<ClaimResult>("/wps/relay/MCS2_claimRafflePromotion", {
          method: "POST",
          body: { raffleId: target.raffleId },
        });
      }
      return api<ClaimResult>("/wps/rewards/claimAll", { method: "POST", body: {} });
    },
    onSettled: refresh,
  });
}
