import type { LotteryDraw, LotteryEvent, LotteryResults } from "@panalo/contracts/lottery";
import { useEffect, useRef } from "react";
import { queryClient } from "../../app/query-client.ts";
import { MEMBER_QUERY_ROOT } from "../session/session-store.ts";
import { syncServerClock } from "./clock.ts";
import { eventsUrl, lotteryKeys, type OpenSession } from "./lottery-api.ts";

type Settlement = Extract<LotteryEvent, { type: "settlement" }>;

export interface LotteryEventHandlers {
  onResult?: (draw: LotteryDraw) => void;
  onSettlement?: (event: Settlement) => void;
}

function isEvent(value: unknown): value is LotteryEvent {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === "hello" || type === "result" || type === "settlement";
}

/** A new result goes to the top of its game's history (once), so the page need not ask again. */
function addResult(draw: LotteryDraw): void {
  queryClient.setQueryData<LotteryResults>(lotteryKeys.results(draw.gameCode), (old) => {
    if (!old) return old;
    const rest = old.items.filter((d) => d.drawNo !== draw.drawNo);
    return { items: [draw, ...rest].slice(0, 100) };
  });
  void queryClient.invalidateQueries({ queryKey: ["lottery", "menu"] });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.open(draw.gameCode) });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.results(draw.gameCode), refetchType: "none" });
}

/**
 * The live stream (results and wins are pushed live to open pages): an
 * EventSource on the RGS's events — public results for everyone, and the player's own
 * settlements when a lottery session is open. Results update the history in place; a
 * settlement refreshes my bets. The header balance follows by itself: the platform's balance
 * push fires when the win credit lands. EventSource reconnects on its own after a drop.
 */
export function useLotteryEvents(session: OpenSession | undefined, handlers: LotteryEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const url = eventsUrl(session);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const onMessage = (e: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (!isEvent(data)) return;
      if (data.type === "hello") {
        syncServerClock(data.serverTime);
      } else if (data.type === "result") {
        addResult(data.draw);
        void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-bets"] });
        latest.current.onResult?.(data.draw);
      } else {
        void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-bets"] });
        void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-recent"] });
        latest.current.onSettlement?.(data);
      }
    };
    source.onmessage = onMessage;
    for (const type of ["hello", "result", "settlement"]) source.addEventListener(type, onMessage);
    return () => source.close();
  }, [url]);
}
