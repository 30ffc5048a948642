import type { MessageList, MessageMarkResult, UnreadCount } from "@panalo/contracts/messages";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { onHubMessage, onHubOpen, sendHub } from "../account/hub-events.ts";
import { MEMBER_QUERY_ROOT, TRIAL_ACCOUNT, useSession } from "../session/session-store.ts";

/**
 * Member messages (spec §2 messageV2 and its unread badge, §7 CSP_unreadCount).
 * The header imports this file: types only from the contracts (no zod on the home route).
 * Every query lives under [member, "messages", …], so reading or deleting refreshes the badges.
 */
export const MESSAGES_KEY = [MEMBER_QUERY_ROOT, "messages"] as const;
const UNREAD_KEY = [...MESSAGES_KEY, "unread"] as const;

/** The badge of the header and of the member-centre menu (spec §2: shown above zero). */
export function useUnreadMessages() {
  const loggedIn = useSession((s) => s.token !== null && s.isAgent !== TRIAL_ACCOUNT);
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api<UnreadCount>("/wps/relay/CSP_unreadCount"),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}

const refreshMessages = () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });

/**
 * Live: the hub says "messages" when one arrives for this member (or for everyone). A push to
 * everyone carries `spread`: each page waits a random moment (up to 5 s) before re-reading, so
 * 100,000 open pages do not ask in the same second. On each (re)connect the page asks to hear
 * broadcasts and re-reads what it may have missed while away.
 */
export function useMessagesHub(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopMessage = onHubMessage("messages", (message) => {
      if (message.spread !== true) {
        void refreshMessages();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => void refreshMessages(), Math.random() * 5_000);
    });
    const stopOpen = onHubOpen(() => {
      sendHub({ type: "messages.subscribe" });
      void refreshMessages();
    });
    // The socket may be open already (another page part mounted first).
    sendHub({ type: "messages.subscribe" });
    return () => {
      clearTimeout(timer);
      stopMessage();
      stopOpen();
    };
  }, [enabled]);
}

export function useMessageList(tab: "all" | "unread", pageNo: number) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, "list", tab, pageNo],
    queryFn: () => api<MessageList>(`/wps/messages?tab=${tab}&pageNo=${pageNo}`),
  });
}

/** Opening a message marks it read (the server answers the new unread count). */
export async function openMessage(id: number): Promise<void> {
  await api(`/wps/messages/${id}`);
  await refreshMessages();
}

export async function markAllRead(): Promise<MessageMarkResult> {
  const out = await api<MessageMarkResult>("/wps/messages/read", { method: "POST", body: { all: true } });
  await refreshMessages();
  return out;
}

export async function deleteMessage(id: number): Promise<MessageMarkResult> {
  const out = await api<MessageMarkResult>("/wps/messages/delete", { method: "POST", body: { ids: [id] } });
  await refreshMessages();
  return out;
}
