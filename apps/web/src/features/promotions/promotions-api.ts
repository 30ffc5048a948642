import type {
  PromotionApplyRequest,
  PromotionCard,
  PromotionDetail,
  PromotionType,
} from "@panalo/contracts/promotions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";
import { useSession } from "../session/session-store.ts";

/** GET /wps/promotions: the list, with the member's status on each when signed in. */
export function usePromotions(type: PromotionType | "all") {
  const lang = usePrefs((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ["promotions", "list", type, lang, Boolean(token)],
    queryFn: () =>
      api<{ list: PromotionCard[] }>(
        type === "all" ? "/wps/promotions" : `/wps/promotions?type=${type}`,
      ).then((v) => v.list),
  });
}

/** GET /wps/promotions/:id */
export function usePromotion(id: number | null) {
  const lang = usePrefs((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ["promotions", "detail", id, lang, Boolean(token)],
    queryFn: () => api<PromotionDetail>(`/wps/promotions/${id}`),
    enabled: id !== null,
  });
}

/** spec §3 "available promo count" (GET /wps/promotions/available), for a signed-in player. */
export function useAvailablePromotions() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ["promotions", "available", Boolean(token)],
    queryFn: () => api<{ count: number }>("/wps/promotions/available").then((v) => v.count),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** Join, claim or apply: POST /wps/promotions/:id/<action>. */
export function useTakePart(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { action: "join" }
        | { action: "claim" }
        | { action: "apply"; application: PromotionApplyRequest },
    ) =>
      api<{ status: string; rewardId: number | null }>(`/wps/promotions/${id}/${input.action}`, {
        method: "POST",
        body: input.action === "apply" ? input.application : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["promotions"] }),
  });
}
