import {
  ChannelsReportRow,
  Dashboard,
  GamesReportRow,
  PlayersReportRow,
  RoundsReportRow,
  reportPage,
} from "@panalo/contracts/admin-reports";
import { manilaDay } from "@panalo/contracts/manila-time";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** Today in Manila, YYYY-MM-DD: the server's days are Manila days. */
export function manilaToday(now = Date.now()): string {
  return manilaDay(now);
}
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export function useDashboard(from: string, to: string) {
  return useQuery({
    queryKey: ["reports", "dashboard", from, to],
    queryFn: ({ signal }) => api.get(`/reports/dashboard?from=${from}&to=${to}`, Dashboard, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export const REPORTS = {
  games: reportPage(GamesReportRow),
  channels: reportPage(ChannelsReportRow),
  players: reportPage(PlayersReportRow),
  rounds: reportPage(RoundsReportRow),
} as const;
export type ReportName = keyof typeof REPORTS;

export function useReport(name: ReportName, params: URLSearchParams) {
  const query = params.toString();
  return useQuery({
    queryKey: ["reports", name, query],
    queryFn: ({ signal }) => api.get(`/reports/${name}?${query}`, REPORTS[name], signal),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same filters and order, streamed by the server (a plain download link). */
export function exportUrl(name: ReportName, params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete("page");
  p.delete("pageSize");
  return `/api/admin/reports/${name}/export?${p.toString()}`;
}
