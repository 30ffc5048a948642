import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { startChat, useChatUnread } from "../features/chat/chat-launch.ts";
import { usePrefs } from "../features/prefs/prefs-store.ts";
import { useStatus } from "../features/system/system-api.ts";

/**
 * The customer-service link. With the chat on (CBS3, spec §2, §4) it is a button that opens the
 * chat (the site's own window or the operator's outside chat page, as the chat URL call says)
 * with the unread chat count as a badge (spec §3, §7); otherwise the operator's address (a site
 * path or an outside page), or the help centre when none is set. `linkOnly` keeps the plain link
 * (screens without the site around them, where no chat window can open).
 */
export function CustomerServiceLink(props: {
  className?: string;
  children: ReactNode;
  testId?: string;
  label?: string;
  linkOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = usePrefs((s) => s.lang);
  const { data: status } = useStatus();
  const chatOn = !props.linkOnly && status?.whitelabel.CBS3 === true;
  const unread = useChatUnread(chatOn);
  const url = status?.customerService.url || "/help";
  if (chatOn) {
    const label = props.label ?? t("common.customerService");
    return (
      <button
        type="button"
        className={`${props.className ?? ""} cs-chat-button`}
        data-testid={props.testId}
        aria-label={unread > 0 ? `${label} (${t("chat.unread", { count: unread })})` : props.label}
        onClick={() => void startChat(t, lang, navigate)}
      >
        {props.children}
        {unread > 0 && (
          <span className="cs-badge" aria-hidden="true" data-testid="chat-unread">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
    );
  }
  if (url.startsWith("/")) {
    return (
      <Link to={url} className={props.className} data-testid={props.testId} aria-label={props.label}>
        {props.children}
      </Link>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={props.className}
      data-testid={props.testId}
      aria-label={props.label}
    >
      {props.children}
    </a>
  );
}
