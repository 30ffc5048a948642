import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { MEMBER_QUERY_ROOT } from "../session/session-store.ts";
import { dispatchHubMessage, type HubMessage, resyncHub, setHubSender } from "./hub-events.ts";
import type { BalanceSummary } from "./member-api.ts";

/**
 * The balance push (spec §7 "Wallet"): one WebSocket to /ws while a real account is logged in.
 * The token goes in the first message (never in the address); each {"type":"balance"} message
 * replaces the cached balance, so the header changes without a reload. A dropped connection
 * comes back with a growing pause (1 s … 30 s). Every other message type goes to the listeners
 * of hub-events.ts, and sendHub() writes on this socket once it is signed in.
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
      let signedIn = false;
      socket.onmessage = (event) => {
        try {
          const msg = JSON.parse(String(event.data)) as { type?: string } & BalanceSummary;
          if (!signedIn) {
            // the first message after auth is the balance: the socket is signed in from here
            signedIn = true;
            const open = socket;
            setHubSender((message: HubMessage) => {
              if (!open || open.readyState !== WebSocket.OPEN) return false;
              open.send(JSON.stringify(message));
              return true;
            });
          }
          if (msg.type === "resync") {
            // Pushes may have been lost on the server's side: chat, messages and the balance read again.
            resyncHub();
            void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance", token] });
            return;
          }
          if (typeof msg.type === "string" && msg.type !== "balance") {
            dispatchHubMessage(msg as unknown as HubMessage);
            return;
          }
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
        setHubSender(null);
        if (stopped || event.code === 4401) return; // signed out or refused: no retry
        const pause = Math.min(30_000, 1000 * 2 ** retry++);
        timer = setTimeout(connect, pause);
      };
    };
    connect();
    return () => {
      stopped = true;
      setHubSender(null);
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, enabled]);
}
