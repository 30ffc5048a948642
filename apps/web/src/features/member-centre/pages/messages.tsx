import type { MemberMessage } from "@panalo/contracts/messages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { failureText } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { FeedbackForm } from "../../messages/feedback-form.tsx";
import { deleteMessage, markAllRead, openMessage, useMessageList } from "../../messages/messages-api.ts";
import { useLocale } from "../wallet/locale.ts";
import "../../messages/messages.css";

/**
 * messageV2 (spec §2 "platform information"): the member's messages,
 * newest first, all or unread; opening one marks it read (the badges go down), a member may
 * delete theirs; and the feedback form, whose answers arrive here. Texts are shown as text:
 * nothing an operator or an event writes is ever read as HTML.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [tab, setTab] = useState<"all" | "unread" | "feedback">("all");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useMessageList(tab === "unread" ? "unread" : "all", page);
  const fail = (err: unknown) => setError(failureText(err, t("errors.unknown"), t("errors.network")));

  const toggle = (m: MemberMessage) => {
    setError(null);
    const next = open === m.id ? null : m.id;
    setOpen(next);
    if (next !== null && !m.read) openMessage(m.id).catch(fail);
  };
  const remove = (m: MemberMessage) => {
    setError(null);
    deleteMessage(m.id)
      .then(() => setOpen(null))
      .catch(fail);
  };

  const rows = list.data?.list ?? [];
  const totalPages = list.data?.totalPages ?? 1;
  return (
    <div className="messages-page" data-testid="messages-page">
      <h2>{t("member.page.messageV2")}</h2>
      <div className="messages-toolbar">
        <div className="messages-tabs" role="tablist" aria-label={t("member.page.messageV2")}>
          {(["all", "unread", "feedback"] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? "messages-tab active" : "messages-tab"}
              onClick={() => {
                setTab(k);
                setPage(1);
                setOpen(null);
              }}
              data-testid={`messages-tab-${k}`}
            >
              {t(`messages.tab.${k}`)}
            </button>
          ))}
        </div>
        {tab !== "feedback" && (list.data?.unread ?? 0) > 0 && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => markAllRead().catch(fail)}
            data-testid="messages-read-all"
          >
            {t("messages.readAll")}
          </button>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {tab === "feedback" ? (
        <section className="messages-feedback" aria-label={t("feedback.title")}>
          <p className="muted">{t("feedback.intro")}</p>
          <FeedbackForm />
        </section>
      ) : list.isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : rows.length === 0 ? (
        <EmptyState title={t("messages.empty")} />
      ) : (
        <ul className="messages-list">
          {rows.map((m) => (
            <li
              key={m.id}
              className={m.read ? "message-item" : "message-item unread"}
              data-testid={`message-${m.id}`}
            >
              <button
                type="button"
                className="message-head"
                aria-expanded={open === m.id}
                aria-controls={`message-body-${m.id}`}
                onClick={() => toggle(m)}
                data-testid={`message-open-${m.id}`}
              >
                {!m.read && (
                  <>
                    <span className="message-dot" aria-hidden="true" />
                    <span className="sr-only">{t("messages.unread")}</span>
                  </>
                )}
                <span className="message-title">{m.title}</span>
                {m.category === "marketing" && <span className="message-tag">{t("messages.promo")}</span>}
                <time className="message-time" dateTime={m.createdAt}>
                  {formatDateTime(m.createdAt, locale)}
                </time>
              </button>
              {open === m.id && (
                <div id={`message-body-${m.id}`} className="message-body">
                  {/* Plain text, newlines kept by CSS: never HTML. */}
                  <p data-testid={`message-body-${m.id}`}>{m.body}</p>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => remove(m)}
                    data-testid={`message-delete-${m.id}`}
                  >
                    {t("messages.delete")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {tab !== "feedback" && totalPages > 1 && (
        <nav className="messages-pager" aria-label={t("messages.pages")}>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t("messages.previous")}
          </button>
          <span>
            {page} / {totalPages}
          </span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t("messages.next")}
          </button>
        </nav>
      )}
    </div>
  );
}
