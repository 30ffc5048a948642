import type { ChatMessage } from "@panalo/contracts/chat";
import {
  type ChatList,
  chatHasGap,
  emptyChatList,
  mergeChat,
  orderedChat,
} from "@panalo/contracts/chat-order";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../lib/api.ts";
import { readToken } from "../../lib/session-token.ts";
import { onHubMessage, onHubOpen, sendHub } from "../account/hub-events.ts";
import { endSession } from "../session/session-store.ts";
import { ChatFrame } from "./chat-frame.tsx";
import { closeChatWindow, setChatHidden, toggleChatEnlarged, useChatWindow } from "./chat-store.ts";
import "./chat.css";

interface ConversationValue {
  conversation: { id: number; operatorName: string | null; operatorReadSeq: number; status: string } | null;
  messages: ChatMessage[];
  open: boolean;
  awayMessage: string;
}

interface Pending {
  clientId: string;
  body: string;
  imageId?: string;
  failed: boolean;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TYPING_EVERY_MS = 3000;
const TYPING_SHOWN_MS = 5000;

const newClientId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID().replaceAll("-", "")
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** spec §4: "a logout from the chat frame clears the session and reloads". */
function endIfSignedOut(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) {
    endSession();
    window.location.reload();
    return true;
  }
  return false;
}

/**
 * The chat window: the operator's outside chat page in a frame when the chat URL call named one
 * (chat-frame.tsx), else the site's own customer-service chat (spec §2 chat
 * window, enlarged or hidden). Messages arrive over the hub and are kept by seq (contracts/chat-order.ts): each
 * once, in order; a gap or a reconnect fetches what is missing over HTTP. Sending is an HTTP
 * POST with the page's own message id, so a retry never sends twice.
 */
export default function ChatWindow() {
  const outside = useChatWindow((s) => s.outside);
  return outside ? <ChatFrame url={outside} /> : <InHouseChat />;
}

function InHouseChat() {
  const { t } = useTranslation();
  const { enlarged, hidden } = useChatWindow();
  const [list, setList] = useState<ChatList<ChatMessage>>(() => emptyChatList());
  const [info, setInfo] = useState<Omit<ConversationValue, "messages"> | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [text, setText] = useState("");
  const [typing, setTyping] = useState(false);
  const [operatorRead, setOperatorRead] = useState(0);
  const [error, setError] = useState("");
  const listRef = useRef(list);
  listRef.current = list;
  const fetching = useRef(false);
  /** The conversation the list holds: a new one (after the last was closed) starts a new list. */
  const convId = useRef<number | null>(null);
  const again = useRef<"first" | "more" | null>(null);
  const fetchRef = useRef<(first?: boolean) => Promise<void>>(async () => {});
  const lastTyping = useRef(0);
  const scroller = useRef<HTMLOListElement>(null);

  const fetchMissing = useCallback(
    async (first = false): Promise<void> => {
      if (fetching.current) {
        // One fetch at a time; asked again meanwhile, it runs once more when this one ends.
        again.current = again.current === "first" || first ? "first" : "more";
        return;
      }
      fetching.current = true;
      try {
        const after = first ? undefined : listRef.current.contiguous;
        const value = await api<ConversationValue>(
          `/wps/chat/conversation${after === undefined ? "" : `?after=${after}`}`,
        );
        setInfo({ conversation: value.conversation, open: value.open, awayMessage: value.awayMessage });
        if (
          !first &&
          value.conversation &&
          convId.current !== null &&
          value.conversation.id !== convId.current
        ) {
          // Another conversation began: load it from its start (in the finally below).
          convId.current = null;
          again.current = "first";
          return;
        }
        convId.current = value.conversation?.id ?? null;
        if (value.conversation) setOperatorRead((r) => Math.max(r, value.conversation?.operatorReadSeq ?? 0));
        setList((l) => {
          // The first load starts at the oldest message it got (older history stays on the server).
          const base = first && value.messages[0] ? value.messages[0].seq - 1 : l.base;
          const start = first ? emptyChatList<ChatMessage>(base) : l;
          return mergeChat(start, value.messages);
        });
      } catch (err) {
        if (!endIfSignedOut(err))
          setError(err instanceof ApiError && err.message ? err.message : t("chat.failed"));
      } finally {
        fetching.current = false;
        const next = again.current;
        again.current = null;
        if (next) void fetchRef.current(next === "first");
      }
    },
    [t],
  );

  fetchRef.current = fetchMissing;
  useEffect(() => {
    void fetchMissing(true);
    const offs = [
      onHubMessage("chat.message", (m) => {
        const message = m.message as ChatMessage | undefined;
        if (!message || typeof message.seq !== "number") return;
        if (convId.current !== message.conversationId) {
          // The first message of a new conversation (or of the first one): load it whole.
          void fetchMissing(true);
          return;
        }
        setList((l) => {
          const next = mergeChat(l, [message]);
          if (chatHasGap(next)) void fetchMissing();
          return next;
        });
        setPending((p) => p.filter((x) => x.clientId !== message.clientId));
        if (message.sender !== "member") setTyping(false);
      }),
      onHubMessage("chat.typing", () => setTyping(true)),
      onHubMessage("chat.read", (m) => {
        if (m.side === "operator" && typeof m.seq === "number")
          setOperatorRead((r) => Math.max(r, Number(m.seq)));
      }),
      onHubMessage("chat.closed", () => void fetchMissing()),
      // After a reconnect, what was pushed while away is fetched.
      onHubOpen(() => void fetchMissing()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [fetchMissing]);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const messages = orderedChat(list);
  const lastSeq = list.contiguous;
  // Read marks: what the member sees while the window is shown is read.
  useEffect(() => {
    if (hidden || lastSeq === 0) return;
    void api("/wps/chat/read", { method: "POST", body: { seq: lastSeq } }).catch(endIfSignedOut);
  }, [hidden, lastSeq]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end when messages arrive
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length, typing]);

  const send = async (p: Pending) => {
    setPending((all) => [...all.filter((x) => x.clientId !== p.clientId), { ...p, failed: false }]);
    try {
      const message = await api<ChatMessage>("/wps/chat/messages", {
        method: "POST",
        body: { clientId: p.clientId, body: p.body, ...(p.imageId ? { imageId: p.imageId } : {}) },
      });
      setPending((all) => all.filter((x) => x.clientId !== p.clientId));
      if (convId.current === message.conversationId) setList((l) => mergeChat(l, [message]));
      else void fetchMissing(true);
    } catch (err) {
      if (endIfSignedOut(err)) return;
      setPending((all) => all.map((x) => (x.clientId === p.clientId ? { ...x, failed: true } : x)));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText("");
    void send({ clientId: newClientId(), body, failed: false });
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      sendHub({ type: "chat.typing" });
    }
  };

  const attach = async (file: File | undefined) => {
    setError("");
    if (!file) return;
    if (!["image/png", "image/jpeg"].includes(file.type)) return setError(t("chat.imageType"));
    if (file.size > MAX_IMAGE_BYTES) return setError(t("chat.imageTooLarge"));
    const form = new FormData();
    form.append("file", file);
    try {
      const res = await fetch("/wps/chat/images", {
        method: "POST",
        headers: { Authorization: `Bearer ${readToken() ?? ""}` },
        body: form,
      });
      const json = (await res.json()) as { success: boolean; value?: { imageId: string }; message?: string };
      if (res.status === 401) return endIfSignedOut(new ApiError("NOT_LOGGED_IN", "", 401));
      if (!json.success || !json.value) return setError(json.message || t("chat.failed"));
      await send({ clientId: newClientId(), body: "", imageId: json.value.imageId, failed: false });
    } catch {
      setError(t("chat.failed"));
    }
  };

  if (hidden) {
    return (
      <button type="button" className="chat-bar" data-testid="chat-bar" onClick={() => setChatHidden(false)}>
        {t("chat.title")}
        <span className="sr-only">{t("chat.show")}</span>
      </button>
    );
  }
  const lastMine = [...messages].reverse().find((m) => m.sender === "member");
  return (
    <section
      className={`chat-window${enlarged ? " chat-window-large" : ""}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      data-testid="chat-window"
    >
      <header className="chat-head">
        <h2 id="chat-title" className="chat-title">
          {t("chat.title")}
          {info?.conversation?.operatorName && (
            <span className="chat-agent"> · {info.conversation.operatorName}</span>
          )}
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
      {info && !info.open && <p className="chat-away">{info.awayMessage}</p>}
      <ol className="chat-list" ref={scroller} aria-live="polite" aria-label={t("chat.history")}>
        {messages.length === 0 && pending.length === 0 && <li className="chat-empty">{t("chat.empty")}</li>}
        {messages.map((m) => (
          <li key={m.seq} className={`chat-msg chat-${m.sender}`} data-testid={`chat-msg-${m.sender}`}>
            {m.sender === "operator" && m.operatorName && <span className="chat-from">{m.operatorName}</span>}
            {m.imageId && <ChatImage id={m.imageId} alt={t("chat.image")} />}
            {m.body && <span className="chat-body">{m.body}</span>}
            {m === lastMine && operatorRead >= m.seq && (
              <span className="chat-read" data-testid="chat-read">
                {t("chat.read")}
              </span>
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.clientId} className="chat-msg chat-member chat-pending">
            <span className="chat-body">{p.body || t("chat.image")}</span>
            {p.failed && (
              <button type="button" className="chat-retry" onClick={() => void send(p)}>
                {t("chat.retry")}
              </button>
            )}
          </li>
        ))}
        {typing && <li className="chat-typing">{t("chat.typing")}</li>}
      </ol>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <form className="chat-form" onSubmit={submit}>
        <label className="chat-attach">
          <span className="sr-only">{t("chat.attach")}</span>
          <span aria-hidden="true">＋</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            onChange={(e) => {
              void attach(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
        <label htmlFor="chat-input" className="sr-only">
          {t("chat.placeholder")}
        </label>
        <input
          id="chat-input"
          className="chat-input"
          value={text}
          maxLength={2000}
          autoComplete="off"
          placeholder={t("chat.placeholder")}
          onChange={(e) => onType(e.target.value)}
          data-testid="chat-input"
        />
        <button type="submit" className="btn btn-gold chat-send" data-testid="chat-send">
          {t("chat.send")}
        </button>
      </form>
    </section>
  );
}

/** A chat image: fetched with the session (it is private), shown from memory. */
function ChatImage(props: { id: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let stop = false;
    fetch(`/wps/chat/images/${props.id}`, { headers: { Authorization: `Bearer ${readToken() ?? ""}` } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (!b || stop) return;
        url = URL.createObjectURL(b);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      stop = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [props.id]);
  return src ? (
    <img src={src} alt={props.alt} className="chat-image" />
  ) : (
    <span className="chat-image-wait" />
  );
}
