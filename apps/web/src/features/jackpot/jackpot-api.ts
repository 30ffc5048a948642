import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { isHubOpen, onHubMessage, onHubOpen, sendHub } from "../account/hub-events.ts";

/** The progressive jackpot's pool as the platform holds it (GET /lgw/jackpot, cached 2 s). */
export interface JackpotPool {
  amount: string;
  currency: string;
  cycle: number;
  updatedAt: string;
}

const KEY = ["jackpot-pool"];
/** When the page last asked the server (wall time, ms). */
let lastAsked = 0;

/** How often the counter asks for the pool when no live socket pushes it (a guest, a drop). */
export const JACKPOT_POLL_MS = 3000;
/**
 * While the socket is open the pool is pushed on each change (at most once a second); the page
 * still asks this often, so a socket that died silently costs at most this long of a stale figure.
 */
export const JACKPOT_PUSHED_POLL_MS = 30_000;

/**
 * The newer of two figures of the pool: a later cycle, or the same cycle changed later. A cached
 * answer (up to 2 s old) arriving after a push never takes the counter back.
 */
export function newerPool(a: JackpotPool | undefined, b: JackpotPool): JackpotPool {
  if (!a) return b;
  if (a.cycle !== b.cycle) return b.cycle > a.cycle ? b : a;
  return Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
}

const isPool = (m: Record<string, unknown>): boolean =>
  typeof m.amount === "string" &&
  typeof m.currency === "string" &&
  typeof m.cycle === "number" &&
  typeof m.updatedAt === "string";

export function useJackpotPool() {
  // Live: the hub pushes {"type":"jackpot", …} after each change; on each (re)connect the page
  // subscribes again and reads once what it missed while away.
  useEffect(() => {
    const stopMessage = onHubMessage("jackpot", (m) => {
      if (!isPool(m)) return;
      const { amount, currency, cycle, updatedAt } = m as unknown as JackpotPool;
      queryClient.setQueryData<JackpotPool>(KEY, (prev) =>
        newerPool(prev, { amount, currency, cycle, updatedAt }),
      );
    });
    const stopOpen = onHubOpen(() => {
      sendHub({ type: "jackpot.subscribe" });
      // What changed while away: asked once now.
      lastAsked = 0;
      void queryClient.invalidateQueries({ queryKey: KEY });
    });
    sendHub({ type: "jackpot.subscribe" });
    return () => {
      stopMessage();
      stopOpen();
    };
  }, []);
  return useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const prev = queryClient.getQueryData<JackpotPool>(KEY);
      // The socket is open and pushes each change: no need to ask, unless it is long since
      // the last answer (a socket that died silently). Closed (a guest, a drop): ask.
      if (prev && isHubOpen() && Date.now() - lastAsked < JACKPOT_PUSHED_POLL_MS) return prev;
      lastAsked = Date.now();
      return newerPool(queryClient.getQueryData<JackpotPool>(KEY), await api<JackpotPool>("/lgw/jackpot"));
    },
    // Checked every few seconds, so a dropped socket falls back to the cached GET at once.
    refetchInterval: JACKPOT_POLL_MS,
    staleTime: JACKPOT_POLL_MS,
  });
}
