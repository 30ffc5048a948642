import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryClient } from "../../app/query-client.ts";
import { showDialog } from "../../components/dialogs.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { openLogin } from "../account/account-ui.ts";
import { onHubMessage } from "../account/hub-events.ts";
import { AGENT_TYPES, MEMBER_QUERY_ROOT, TRIAL_ACCOUNT, useSession } from "../session/session-store.ts";
import { closeChatWindow, openChatWindow } from "./chat-store.ts";

/** What the chat URL call answers (spec §7; contracts/chat.ts ChatUrlValue, kept zod-free here). */
interface ChatUrlValue {
  chatUrl: string;
  mode: "inhouse" | "outside" | "help";
}

type Translate = (key: string) => string;

/**
 * A customer-service button pressed while the chat (CBS3) is on (spec §4): logged out opens
 * the login popup; an agent is warned (in_please_information), a trial account too; otherwise
 * the chat URL call says where the chat is — the site's own window, or the operator's outside
 * chat page shown inside that window (chat-frame.tsx). If the call fails the window closes with
 * a message (spec §8).
 */
export async function startChat(t: Translate, lang: string, navigate: (to: string) => void): Promise<void> {
  const { token, isAgent } = useSession.getState();
  if (!token) {
    openLogin();
    return;
  }
  if (isAgent !== null && AGENT_TYPES.includes(isAgent)) {
    showDialog({ icon: "warning", text: t("chat.in_please_information"), testId: "chat-agent-warning" });
    return;
  }
  if (isAgent === TRIAL_ACCOUNT) {
    showDialog({ icon: "warning", text: t("errors.in_need_true_account") });
    return;
  }
  try {
    const q = new URLSearchParams({
      b2c: "1",
      title: t("chat.title"),
      language: lang,
      headerColor: "#c9a227",
    });
    const value = await api<ChatUrlValue>(`/wps/relay/CSP_chatUrl?${q.toString()}`);
    if (value.mode === "inhouse") openChatWindow();
    else if (value.mode === "outside" && outsideChatOrigin(value.chatUrl)) openChatWindow(value.chatUrl);
    else if (value.mode === "outside") throw new Error("not an http(s) chat address");
    else navigate(value.chatUrl.startsWith("/") ? value.chatUrl : "/help");
  } catch (err) {
    // spec §8: the customer-service lookup failed — the window closes, and the member is told.
    closeChatWindow();
    const reason = err instanceof ApiError && err.status !== 0 && err.message ? err.message : "";
    showDialog({
      icon: "error",
      text: reason ? `${t("chat.lookupFailed")} ${reason}` : t("chat.lookupFailed"),
      testId: "chat-lookup-failed",
    });
  }
}

/** The origin of an outside chat page (http or https only), or null. */
export function outsideChatOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

export const chatUnreadKey = (token: string | null) => [MEMBER_QUERY_ROOT, "chatUnread", token];

/** spec §3, §7 unReadCount: the badge on the customer-service buttons, pushed live. */
export function useChatUnread(enabled: boolean): number {
  const token = useSession((s) => s.token);
  const isAgent = useSession((s) => s.isAgent);
  const on = enabled && token !== null && (isAgent === 0 || isAgent === null);
  const { data } = useQuery({
    queryKey: chatUnreadKey(token),
    queryFn: () => api<{ unReadCount: number }>("/wps/relay/CSP_chatUnreadCount"),
    enabled: on,
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!on) return;
    return onHubMessage("chat.unread", (m) => {
      if (typeof m.unReadCount === "number")
        queryClient.setQueryData(chatUnreadKey(token), { unReadCount: m.unReadCount });
    });
  }, [on, token]);
  return on ? (data?.unReadCount ?? 0) : 0;
}
