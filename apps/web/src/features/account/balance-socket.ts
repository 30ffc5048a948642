import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { MEMBER_QUERY_ROOT } from "../session/session-store.ts";
import type { BalanceSummary } from "./member-api.ts";

/**
 * The balance push (spec §7 "Wallet"): one WebSocket to /ws while a real account is logged in.
 * The token goes in the first message (never in the address); each {"type":"balance"} message
 * replaces the cached balance, so the header changes without a reload. A dropped connection
 * comes back with a growing pause (1 s … 30 s).
 */
export function useBalanceSocket(token: string | null, enabled: boolean): void {
  useEffect(() => {
    if (!token || !enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
      socket.onopen = () => {
        retry = 0;
        socket?.send(JSON.stringify({ type: "auth", token }));
      };
      socket.onmessage = (event) => {
        try {
          const msg = JSON.parse(String(event.data)) as { type?: string } & BalanceSummary;
          if (msg.type !== "balance") return;
          const { currency, currencySymbol, sumBalance } = msg;
          queryClient.setQueryData([MEMBER_QUERY_ROOT, "balance", token], {
            currency,
            currencySymbol,
            sumBalance,
          });
        } catch {
          // not ours: ignored
        }
      };
      socket.onclose = (event) => {
        if (stopped || event.code === 4401) return; // signed out or refused: no retry
        const pause = Math.min(30_000, 1000 * 2 ** retry++);
        timer = setTimeout(connect, pause);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, enabled]);
}
