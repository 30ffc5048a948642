import type { PlaceBetRequest, SportsBet, SportsMatch, SportsOddsPush } from "@panalo/contracts/sports";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { api } from "../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../session/session-store.ts";

/** The sportsbook's calls (packages/contracts/src/sports.ts) and its public odds socket. */
export type GameCategory = "SPORTS" | "ESPORTS";
export type Tab = "today" | "early" | "live";
export interface MenuSport {
  code: string;
  name: string;
  live: number;
  leagues: Array<{ id: number; name: string; count: number }> | null;
}

export const useMenu = (gameType: GameCategory) =>
  useQuery({
    queryKey: ["sports", "menu", gameType],
    queryFn: () => api<{ sports: MenuSport[] }>(`/api/sports/menu?gameType=${gameType}`),
  });

export const useMatches = (gameType: GameCategory, tab: Tab, sport?: string, league?: number) =>
  useQuery({
    queryKey: ["sports", "matches", gameType, tab, sport, league],
    queryFn: () => {
      const q = new URLSearchParams({ gameType, tab });
      if (sport) q.set("sport", sport);
      if (league) q.set("league", String(league));
      return api<{ matches: SportsMatch[] }>(`/api/sports/matches?${q}`);
    },
    refetchInterval: 60_000,
  });

export const useHot = (gameType: GameCategory) =>
  useQuery({
    queryKey: ["sports", "hot", gameType],
    queryFn: () => api<{ matches: SportsMatch[] }>(`/api/sports/hot?gameType=${gameType}`),
  });

export const useMatch = (id: number | null) =>
  useQuery({
    queryKey: ["sports", "match", id],
    queryFn: () => api<SportsMatch>(`/api/sports/matches/${id}`),
    enabled: id !== null,
  });

export function useMyBets(state: "open" | "settled") {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "sports-bets", state],
    queryFn: () => api<{ bets: SportsBet[] }>(`/api/sports/bets?state=${state}`),
    enabled: Boolean(token),
  });
}

export type PlaceInput = Omit<PlaceBetRequest, "stake"> & { stake: string };
export const placeBet = (req: PlaceInput) =>
  api<SportsBet>("/api/sports/bets", { method: "POST", body: req });
export const cashoutQuote = (id: number) =>
  api<{ amount: string | null; value: string | null; debt: string }>(`/api/sports/bets/${id}/cashout-quote`, {
    method: "POST",
    body: {},
  });
export const cashout = (id: number, amount: string) =>
  api<{ paid: string }>(`/api/sports/bets/${id}/cashout`, { method: "POST", body: { amount } });

/**
 * Live prices: one socket to /api/sports/live (open to guests) watching the matches on screen.
 * Each push replaces the match's prices; a price that moved keeps its direction for a few
 * seconds (the up/down mark).
 */
export interface LivePrice {
  odds: number;
  active: boolean;
  dir: "up" | "down" | null;
  at: number;
}
export interface LiveMatch {
  status: string;
  score: [number, number];
  minute: number | null;
  markets: Map<number, string>;
}
const prices = new Map<number, LivePrice>();
const matches = new Map<number, LiveMatch>();
const listeners = new Set<() => void>();
let version = 0;
const MARK_MS = 4000;

export function applyPush(p: SportsOddsPush, now = Date.now()): void {
  const markets = new Map<number, string>();
  for (const m of p.markets) {
    markets.set(m.id, m.status);
    for (const o of m.outcomes) {
      const was = prices.get(o.id);
      const dir = was && was.odds !== o.odds ? (o.odds > was.odds ? "up" : "down") : (was?.dir ?? null);
      const at = was && was.odds !== o.odds ? now : (was?.at ?? 0);
      prices.set(o.id, { odds: o.odds, active: o.active && m.status === "active", dir, at });
    }
  }
  matches.set(p.matchId, { status: p.status, score: p.score, minute: p.minute, markets });
  version++;
  for (const l of listeners) l();
}

/**
 * The prices of now a refused bet answered (SportsPriceNow): they replace what the page
 * showed, with their up/down mark; a price not offered (under the book's floor) is shown as
 * not on sale until a push offers it again.
 */
export function notePrices(list: ReadonlyArray<{ outcomeId: number; odds: number; offered: boolean }>): void {
  if (list.length === 0) return;
  const now = Date.now();
  for (const o of list) {
    const was = prices.get(o.outcomeId);
    const moved = was !== undefined && was.odds !== o.odds;
    prices.set(o.outcomeId, {
      odds: o.odds,
      active: o.offered && (was?.active ?? true),
      dir: moved ? (o.odds > (was?.odds ?? 0) ? "up" : "down") : (was?.dir ?? null),
      at: moved ? now : (was?.at ?? 0),
    });
  }
  version++;
  for (const l of listeners) l();
}

/** Seed a price from a list answer so the first push can tell up from down. */
export function seedPrice(id: number, odds: number): void {
  if (!prices.has(id)) prices.set(id, { odds, active: true, dir: null, at: 0 });
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
export function useLiveVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}
export function livePrice(id: number): LivePrice | undefined {
  const p = prices.get(id);
  if (!p) return undefined;
  return Date.now() - p.at > MARK_MS && p.dir ? { ...p, dir: null } : p;
}
export const liveMatch = (id: number) => matches.get(id);

let socket: WebSocket | null = null;
let watching: number[] = [];
export function useWatch(ids: number[]): void {
  const key = ids.join(",");
  useEffect(() => {
    watching = key ? key.split(",").map(Number) : [];
    if (!socket || socket.readyState > 1) {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}/api/sports/live`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: "watch", matches: watching }));
      socket.onmessage = (e) => {
        try {
          const p = JSON.parse(String(e.data)) as SportsOddsPush;
          if (p.type === "odds") applyPush(p);
        } catch {
          // not a push: ignored
        }
      };
    } else if (socket.readyState === 1) {
      socket.send(JSON.stringify({ type: "watch", matches: watching }));
    }
  }, [key]);
  useEffect(
    () => () => {
      socket?.close();
      socket = null;
    },
    [],
  );
}
