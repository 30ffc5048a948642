import {
  AdminApplicationPage,
  AdminPromotionReport,
  type ApplicationStates,
} from "@panalo/contracts/promotions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

export type ApplicationState = (typeof ApplicationStates)[number];

/** GET /api/admin/promotions/applications: the review queue (waiting ones oldest first). */
export function useApplications(state: ApplicationState, page: number) {
  return useQuery({
    queryKey: ["promotion-applications", state, page],
    queryFn: ({ signal }) =>
      api.get(`/promotions/applications?state=${state}&page=${page}`, AdminApplicationPage, signal),
    placeholderData: keepPreviousData,
  });
}

const Decided = z.object({ id: z.number(), state: z.string(), rewardId: z.number().nullable() });

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      input.approve
        ? api.post(`/promotions/applications/${input.id}/approve`, {}, Decided)
        : api.post(`/promotions/applications/${input.id}/reject`, { reason: input.reason }, Decided),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["promotion-applications"] }),
  });
}

/** GET /api/admin/promotions/report: cost, players and turnover per promotion. */
export function usePromotionReport() {
  return useQuery({
    queryKey: ["promotion-report"],
    queryFn: ({ signal }) => api.get("/promotions/report", AdminPromotionReport, signal),
  });
}

export const REPORT_EXPORT_URL = "/api/admin/promotions/report/export";
