import {
  AdminGame,
  AdminGamePage,
  AdminVendor,
  type GameCreate,
  type GameUpdate,
  type VendorUpdate,
} from "@panalo/contracts/admin-games";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** The games catalogue calls: /api/admin/games. */
const key = ["games-catalog"] as const;

export function useVendors() {
  return useQuery({
    queryKey: [...key, "vendors"],
    queryFn: ({ signal }) => api.get("/games/vendors", z.array(AdminVendor), signal),
  });
}

export function useGames(q: { vendor: string; q: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, "games", q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.vendor) params.set("vendor", q.vendor);
      if (q.q) params.set("q", q.q);
      return api.get(`/games?${params}`, AdminGamePage, signal);
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, ...body }: VendorUpdate & { nodeId: number }) =>
      api.put(
        `/games/vendors/${nodeId}`,
        body,
        AdminVendor.omit({ games: true, enabledGames: true }).passthrough(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, ...body }: GameUpdate & { nodeId: number }) =>
      api.put(`/games/${nodeId}`, body, AdminGame),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof GameCreate>) => api.post("/games", body, AdminGame),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
