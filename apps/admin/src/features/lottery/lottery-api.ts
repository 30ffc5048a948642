import {
  AdminLiability,
  AdminLotteryDraws,
  AdminLotteryGame,
  type AdminLotteryGameUpdate,
  AdminLotteryReport,
  type AdminLotteryReportQuery,
  type LotteryDrawStatus,
} from "@panalo/contracts/lottery";
import { formatMoney } from "@panalo/contracts/money-format";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/**
 * The back office's lottery calls (packages/contracts/src/lottery.ts): the platform's
 * /api/admin/lottery/* (permission lottery.read / lottery.write), forwarded to the RGS.
 */
/** The contract's queries as this page sends them (numbers, not the strings a query coerces). */
export interface DrawsQuery {
  gameCode?: string;
  status?: LotteryDrawStatus;
  page: number;
  pageSize: number;
}
export interface LiabilityQuery {
  drawNo: string;
  limit: number;
}

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const lotteryKeys = {
  games: ["lottery", "games"] as const,
  draws: (q: DrawsQuery) => ["lottery", "draws", q] as const,
  liability: (q: LiabilityQuery) => ["lottery", "liability", q] as const,
  report: (q: AdminLotteryReportQuery) => ["lottery", "report", q] as const,
};

export function useLotteryGames() {
  return useQuery({
    queryKey: lotteryKeys.games,
    queryFn: ({ signal }) => api.get("/lottery/games", z.array(AdminLotteryGame), signal),
  });
}

export function useUpdateLotteryGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AdminLotteryGameUpdate) => api.put("/lottery/games", update, AdminLotteryGame),
    onSuccess: (game) => {
      client.setQueryData<AdminLotteryGame[]>(lotteryKeys.games, (old) =>
        old?.map((g) => (g.code === game.code ? game : g)),
      );
      void client.invalidateQueries({ queryKey: lotteryKeys.games });
    },
  });
}

export function useLotteryDraws(q: DrawsQuery) {
  return useQuery({
    queryKey: lotteryKeys.draws(q),
    queryFn: ({ signal }) =>
      api.get(
        `/lottery/draws${qs({ gameCode: q.gameCode, status: q.status, page: q.page, pageSize: q.pageSize })}`,
        AdminLotteryDraws,
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useLiability(q: LiabilityQuery | null) {
  return useQuery({
    queryKey: lotteryKeys.liability(q ?? { drawNo: "", limit: 0 }),
    queryFn: ({ signal }) =>
      api.get(`/lottery/liability${qs({ drawNo: q?.drawNo, limit: q?.limit })}`, AdminLiability, signal),
    enabled: q !== null,
    refetchInterval: 10_000,
  });
}

export function useLotteryReport(q: AdminLotteryReportQuery | null) {
  return useQuery({
    queryKey: lotteryKeys.report(q ?? { from: "", to: "" }),
    queryFn: ({ signal }) =>
      api.get(
        `/lottery/report${qs({ from: q?.from, to: q?.to, groupBy: q?.groupBy, gameCode: q?.gameCode })}`,
        AdminLotteryReport,
        signal,
      ),
    enabled: q !== null,
  });
}

/** "10.00" → "10.00" with separators: "1,234.50". */
export function pesos(amount: string): string {
  return formatMoney(amount, "₱");
}
