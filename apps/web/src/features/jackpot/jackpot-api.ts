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

/** A figure of the pool ("123456.78") in centavos. */
const centavosOf = (amount: string): bigint => BigInt(amount.replace(/\D/g, "") || "0");

/**
 * The newer of two figures of the pool: a later cycle, or in the same cycle the larger (within a
 * cycle the pool only grows: shares join it, only a win takes it, and a win starts the next
 * cycle). A cached answer (up to 2 s old) arriving after a push never takes the counter back.
 */
export function newerPool(a: JackpotPool | undefined, b: JackpotPool): JackpotPool {
  if (!a) return b;
  if (a.cycle !== b.cycle) return b.cycle > a.cycle ? b : a;
  return centavosOf(b.amount) >= centavosOf(a.amount) ? b : a;
}

const isPool = (m: Record<string, unknown>): boolean =>
  typeof m.amount === "string" &&
  typeof m.currency === "string" &&
  typeof m.cycle === "number" &&
  typeof m.updatedAt === "string";

const setPool = (m: Record<string, unknown>) => {
  if (!isPool(m)) return;
  const { amount, currency, cycle, updatedAt } = m as unknown as JackpotPool;
  queryClient.setQueryData<JackpotPool>(KEY, (prev) =>
    newerPool(prev, { amount, currency, cycle, updatedAt }),
  );
};

/**
 * A guest's live figure: with no hub socket (the hub is for signed-in pages), the page follows
 * GET /lgw/jackpot/live, server-sent events of the same pushes. Opened while a counter is shown
 * and the hub is not open, closed when the hub opens or no counter is left. It opens once the page
 * has been up STREAM_AFTER_MS: a page's load stays quiet (a connection that never ends would hold
 * "network idle" open for browsers' and tools' load measures), and the first seconds are served
 * by asking every few seconds, as are the times the stream is down. A stream the server refused
 * or lost for good (a 503 when it serves too many) is tried again at most once a minute.
 */
let stream: EventSource | null = null;
let streamClosedAt = 0;
let counters = 0;
const STREAM_RETRY_MS = 60_000;
const STREAM_AFTER_MS = 15_000;
const streamIsLive = () => stream?.readyState === 1;

function followStream(): void {
  if (counters === 0 || isHubOpen() || typeof EventSource === "undefined") {
    stream?.close();
    stream = null;
    return;
  }
  if (stream && stream.readyState !== 2) return;
  if (stream) {
    // Closed for good by the browser (refused): wait before asking again.
    stream = null;
    streamClosedAt = Date.now();
  }
  if (Date.now() - streamClosedAt < STREAM_RETRY_MS || performance.now() < STREAM_AFTER_MS) return;
  const source = new EventSource("/lgw/jackpot/live");
  source.onmessage = (e: MessageEvent<string>) => {
    try {
      setPool(JSON.parse(e.data) as Record<string, unknown>);
    } catch {
      // not a figure: ignored
    }
  };
  // (Re)connected: what changed while away is asked once now.
  source.onopen = () => {
    lastAsked = 0;
    void queryClient.invalidateQueries({ queryKey: KEY });
  };
  stream = source;
}

export function useJackpotPool() {
  // Live: the hub pushes {"type":"jackpot", …} after each change; on each (re)connect the page
  // subscribes again and reads once what it missed while away.
  useEffect(() => {
    const stopMessage = onHubMessage("jackpot", (m) => setPool(m));
    counters++;
    followStream();
    const stopOpen = onHubOpen(() => {
      followStream();
      sendHub({ type: "jackpot.subscribe" });
      // What changed while away: asked once now.
      lastAsked = 0;
      void queryClient.invalidateQueries({ queryKey: KEY });
    });
    sendHub({ type: "jackpot.subscribe" });
    return () => {
      stopMessage();
      stopOpen();
      counters--;
      followStream();
    };
  }, []);
  return useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const prev = queryClient.getQueryData<JackpotPool>(KEY);
      // A guest's stream follows the hub: opened when it is closed, closed when it opens.
      followStream();
      // A socket or a stream is open and pushes each change: no need to ask, unless it is long
      // since the last answer (one that died silently). Neither (a drop, a refusal): ask.
      if (prev && (isHubOpen() || streamIsLive()) && Date.now() - lastAsked < JACKPOT_PUSHED_POLL_MS)
        return prev;
      lastAsked = Date.now();
      return newerPool(queryClient.getQueryData<JackpotPool>(KEY), await api<JackpotPool>("/lgw/jackpot"));
    },
    // Checked every few seconds, so a dropped socket falls back to the cached GET at once.
    refetchInterval: JACKPOT_POLL_MS,
    staleTime: JACKPOT_POLL_MS,
  });
}
