import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "../../app/query-client.ts";
import { logout, useSession } from "../session/session-store.ts";
import { chatUnreadKey, outsideChatOrigin } from "./chat-launch.ts";
import { closeChatWindow, setChatHidden, toggleChatEnlarged, useChatWindow } from "./chat-store.ts";

/**
 * What the outside chat page may tell the site (spec §3, §4: the unread count comes from the
 * chat frame; a logout from it clears the session and reloads). Only a message whose source is
 * this frame's window and whose origin is the chat page's is read; anything else is ignored.
 */
export const CHAT_FRAME_LOGOUT = "panalo.chat.logout";
export const CHAT_FRAME_UNREAD = "panalo.chat.unread";

/**
 * The sandbox of the outside chat: scripts and forms (it is a chat), popups (a file the agent
 * sends), its own origin (its cookies and storage) — never top navigation, downloads by itself,
 * modals or the site's origin: if the operator's address is on the site's own origin the frame
 * gets an opaque one instead, so it can never reach the site's session.
 */
export function chatSandbox(chatOrigin: string, siteOrigin: string): string {
  const base = "allow-scripts allow-forms allow-popups";
  return chatOrigin === siteOrigin ? base : `${base} allow-same-origin`;
}

/**
 * The operator's outside customer-service chat inside the site's chat window:
 * the same header as the in-house chat (enlarge, hide to a bar, close). Hidden, the frame stays
 * loaded (the conversation goes on) and only the bar shows. The site's CSP frame-src allows the
 * configured chat origins only (server lib/security-headers.ts).
 */
export function ChatFrame(props: { url: string }) {
  const { t } = useTranslation();
  const { enlarged, hidden } = useChatWindow();
  const token = useSession((s) => s.token);
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = outsideChatOrigin(props.url);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || !frame.current || e.source !== frame.current.contentWindow) return;
      const data: unknown = e.data;
      if (typeof data !== "object" || data === null) return;
      const { type, count } = data as { type?: unknown; count?: unknown };
      if (type === CHAT_FRAME_LOGOUT) {
        void logout().then(() => window.location.reload());
      } else if (type === CHAT_FRAME_UNREAD && typeof count === "number" && Number.isSafeInteger(count)) {
        if (count >= 0 && count <= 1_000_000)
          queryClient.setQueryData(chatUnreadKey(token), { unReadCount: count });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin, token]);

  if (!origin) return null;
  return (
    <>
      {hidden && (
        <button
          type="button"
          className="chat-bar"
          data-testid="chat-bar"
          onClick={() => setChatHidden(false)}
        >
          {t("chat.title")}
          <span className="sr-only">{t("chat.show")}</span>
        </button>
      )}
      <section
        className={`chat-window chat-window-outside${enlarged ? " chat-window-large" : ""}`}
        role="dialog"
        aria-modal="false"
        aria-labelledby="chat-title"
        data-testid="chat-window"
        hidden={hidden}
      >
        <header className="chat-head">
          <h2 id="chat-title" className="chat-title">
            {t("chat.title")}
          </h2>
          <button
            type="button"
            className="chat-icon-btn"
            onClick={toggleChatEnlarged}
            aria-pressed={enlarged}
            data-testid="chat-enlarge"
          >
            {enlarged ? t("chat.shrink") : t("chat.enlarge")}
          </button>
          <button
            type="button"
            className="chat-icon-btn"
            onClick={() => setChatHidden(true)}
            data-testid="chat-hide"
          >
            {t("chat.hide")}
          </button>
          <button
            type="button"
            className="chat-icon-btn"
            onClick={closeChatWindow}
            aria-label={t("common.close")}
          >
            ×
          </button>
        </header>
        <iframe
          ref={frame}
          className="chat-frame"
          src={props.url}
          title={t("chat.title")}
          sandbox={chatSandbox(origin, window.location.origin)}
          referrerPolicy="strict-origin-when-cross-origin"
          allow=""
          data-testid="chat-frame"
        />
      </section>
    </>
  );
}
