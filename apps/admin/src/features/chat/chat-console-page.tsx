import { ChatMemberPanel } from "@panalo/contracts/chat";
import {
  type ChatList,
  chatHasGap,
  emptyChatList,
  mergeChat,
  orderedChat,
} from "@panalo/contracts/chat-order";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { api, apiRequest, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { type AdminHubMessage, sendAdminHub, useAdminHub } from "./admin-hub.ts";
import {
  type Canned,
  CannedList,
  ChatMessage,
  ConversationList,
  type ConversationRow,
  Me,
  MessagesValue,
  Ok,
  OperatorList,
} from "./chat-api.ts";
import { MemberSide } from "./member-side.tsx";
import "./chat.css";

type Scope = "mine" | "queue" | "open" | "closed";
/** The lists and their names in the catalogue (looked up when drawn). */
const SCOPES: Array<{ id: Scope; label: TextKey }> = [
  { id: "mine", label: "chat.scopeMine" },
  { id: "queue", label: "chat.scopeQueue" },
  { id: "open", label: "chat.scopeOpen" },
  { id: "closed", label: "chat.scopeClosed" },
];
const TYPING_EVERY_MS = 3000;

const newClientId = () => crypto.randomUUID().replaceAll("-", "");

/**
 * The support console: conversations (mine, the queue, all open), the
 * selected conversation live over /admin/ws (kept by seq: each message once, in order, gaps and
 * reconnects fetched over HTTP), canned replies in the member's language, take, transfer, close,
 * and beside it the member (member-side.tsx).
 */
export function ChatConsolePage() {
  const t = useT();
  const qc = useQueryClient();
  const [scope, setScope] = useState<Scope>("mine");
  const [selected, setSelected] = useState<number | null>(null);
  const me = useQuery({ queryKey: ["chat", "me"], queryFn: ({ signal }) => api.get("/chat/me", Me, signal) });
  const list = useQuery({
    queryKey: ["chat", "list", scope],
    queryFn: ({ signal }) => api.get(`/chat/conversations?scope=${scope}`, ConversationList, signal),
  });
  const onMessage = useCallback(
    (m: AdminHubMessage) => {
      if (m.type === "chat.message" || m.type === "chat.queue" || m.type === "chat.assigned")
        void qc.invalidateQueries({ queryKey: ["chat", "list"] });
    },
    [qc],
  );
  const onOpen = useCallback(() => void qc.invalidateQueries({ queryKey: ["chat", "list"] }), [qc]);
  useAdminHub(onMessage, onOpen);

  const setAvailable = async (available: boolean) => {
    try {
      await api.put("/chat/me", { available }, Ok);
      await qc.invalidateQueries({ queryKey: ["chat"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="chat-console">
      <PageHeader
        title={t("chat.title")}
        description={t("chat.description")}
        actions={
          <label className="chat-available">
            <input
              type="checkbox"
              checked={me.data?.available ?? false}
              onChange={(e) => void setAvailable(e.target.checked)}
              data-testid="chat-available"
            />{" "}
            {t("chat.available")}
            {me.data && (
              <span className="badge badge--muted">
                {me.data.team === "vip" ? t("chat.teamVip") : t("chat.teamGeneral")}
              </span>
            )}
          </label>
        }
      />
      <div className="chat-columns">
        <nav className="panel chat-list-panel" aria-label={t("chat.conversations")}>
          <fieldset className="chat-scope">
            <legend className="visually-hidden">{t("chat.which")}</legend>
            {SCOPES.map((s) => (
              <button
                key={s.id}
                type="button"
                className={`btn btn--sm${scope === s.id ? " btn--primary" : ""}`}
                aria-pressed={scope === s.id}
                onClick={() => setScope(s.id)}
                data-testid={`chat-scope-${s.id}`}
              >
                {t(s.label)}
              </button>
            ))}
          </fieldset>
          <ul className="chat-conversations">
            {list.data?.items.length === 0 && <li className="muted">{t("chat.none")}</li>}
            {list.data?.items.map((c) => (
              <li key={c.id}>
                <ConversationButton c={c} active={c.id === selected} onSelect={() => setSelected(c.id)} />
              </li>
            ))}
          </ul>
        </nav>
        {selected === null ? (
          <section className="panel chat-thread-panel">
            <p className="muted">{t("chat.choose")}</p>
          </section>
        ) : (
          <Thread key={selected} id={selected} meId={me.data?.id ?? 0} />
        )}
      </div>
    </div>
  );
}

function ConversationButton(props: { c: ConversationRow; active: boolean; onSelect: () => void }) {
  const t = useT();
  const { c } = props;
  return (
    <button
      type="button"
      className={`chat-conv${props.active ? " chat-conv--active" : ""}`}
      onClick={props.onSelect}
      aria-current={props.active || undefined}
      data-testid="chat-conversation"
      data-username={c.username}
    >
      <span className="chat-conv-name">
        {c.username}
        {c.team === "vip" && <span className="badge badge--warn">{t("chat.vip")}</span>}
        {c.unread > 0 && <span className="badge badge--danger">{c.unread}</span>}
      </span>
      <span className="chat-conv-last muted">{c.lastBody}</span>
      <span className="chat-conv-who muted">{c.operatorName ?? t("chat.waiting")}</span>
    </button>
  );
}

function Thread(props: { id: number; meId: number }) {
  const t = useT();
  const { id } = props;
  const qc = useQueryClient();
  const [list, setList] = useState<ChatList<ChatMessage>>(() => emptyChatList());
  const listRef = useRef(list);
  listRef.current = list;
  const [text, setText] = useState("");
  const [memberRead, setMemberRead] = useState(0);
  const [typing, setTyping] = useState(false);
  const lastTyping = useRef(0);
  const loaded = useRef(false);
  const meta = useQuery({
    queryKey: ["chat", "thread", id],
    queryFn: ({ signal }) => api.get(`/chat/conversations/${id}/messages`, MessagesValue, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const panel = useQuery({
    queryKey: ["chat", "member", id],
    queryFn: ({ signal }) => api.get(`/chat/conversations/${id}/member`, ChatMemberPanel, signal),
  });
  const operators = useQuery({
    queryKey: ["chat", "operators"],
    queryFn: ({ signal }) => api.get("/chat/operators", OperatorList, signal),
  });
  const canned = useQuery({
    queryKey: ["chat", "canned"],
    queryFn: ({ signal }) => api.get("/chat/canned", CannedList, signal),
  });
  const conv = meta.data?.conversation;
  const mine = conv?.operatorId === props.meId;

  useEffect(() => {
    if (!meta.data || loaded.current) return;
    loaded.current = true;
    const first = meta.data.messages[0];
    setList(mergeChat(emptyChatList<ChatMessage>(first ? first.seq - 1 : 0), meta.data.messages));
    setMemberRead(meta.data.conversation.memberReadSeq);
  }, [meta.data]);

  const fetchMissing = useCallback(async () => {
    const after = listRef.current.contiguous;
    const value = await api.get(`/chat/conversations/${id}/messages?after=${after}`, MessagesValue);
    setList((l) => mergeChat(l, value.messages));
  }, [id]);

  // Every push is handled as it comes (no state in between, so none is dropped by batching).
  const onHub = useCallback(
    (m: AdminHubMessage) => {
      if (m.type === "chat.message") {
        const parsed = ChatMessage.safeParse(m.message);
        if (!parsed.success || parsed.data.conversationId !== id) return;
        setList((l) => {
          const next = mergeChat(l, [parsed.data]);
          if (chatHasGap(next)) void fetchMissing().catch(() => undefined);
          return next;
        });
        if (parsed.data.sender === "member") setTyping(false);
      } else if (m.type === "chat.typing" && m.conversationId === id) {
        setTyping(true);
      } else if (m.type === "chat.read" && m.conversationId === id && typeof m.seq === "number") {
        setMemberRead((r) => Math.max(r, Number(m.seq)));
      } else if (m.type === "chat.assigned" || m.type === "chat.queue") {
        void qc.invalidateQueries({ queryKey: ["chat", "thread", id] });
      }
    },
    [id, fetchMissing, qc],
  );
  // After a reconnect, what was pushed while away is fetched.
  const onReconnect = useCallback(() => {
    if (loaded.current) void fetchMissing().catch(() => undefined);
  }, [fetchMissing]);
  useAdminHub(onHub, onReconnect);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), 5000);
    return () => clearTimeout(timer);
  }, [typing]);

  const messages = orderedChat(list);
  const lastSeq = list.contiguous;
  useEffect(() => {
    if (!mine || lastSeq === 0) return;
    void api.post(`/chat/conversations/${id}/read`, { seq: lastSeq }, Ok).catch(() => undefined);
  }, [mine, lastSeq, id]);
  const scroller = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest on arrival
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing]);

  const act = async (path: string, body?: unknown) => {
    try {
      await api.post(`/chat/conversations/${id}/${path}`, body ?? {}, Ok);
      await qc.invalidateQueries({ queryKey: ["chat"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const send = async (body: string, imageId?: string) => {
    try {
      const message = await api.post(
        `/chat/conversations/${id}/messages`,
        { clientId: newClientId(), body, ...(imageId ? { imageId } : {}) },
        ChatMessage,
      );
      setList((l) => mergeChat(l, [message]));
    } catch (err) {
      toast.error(errorMessage(err));
      setText(body);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText("");
    void send(body);
  };
  const lang = (panel.data?.language ?? "EN") as keyof Canned["texts"];
  const applyCanned = (cannedId: string) => {
    const c = canned.data?.items.find((x) => String(x.id) === cannedId);
    if (c) setText(c.texts[lang] || c.texts.EN);
  };
  const attach = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    try {
      const { imageId } = await apiRequest("POST", `/chat/conversations/${id}/images`, ImageValue, { form });
      await send("", imageId);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const lastMine = [...messages].reverse().find((m) => m.sender === "operator");

  return (
    <>
      <section
        className="panel chat-thread-panel"
        aria-label={t("chat.conversation")}
        data-testid="chat-thread"
      >
        <div className="chat-thread-actions">
          {conv && !mine && conv.status === "open" && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => void act("take")}
              data-testid="chat-take"
            >
              {t("chat.take")}
            </button>
          )}
          {conv && conv.status === "open" && (
            <label className="chat-inline">
              <span>{t("chat.transferTo")}</span>
              <select
                className="input"
                value=""
                onChange={(e) =>
                  e.target.value && void act("transfer", { operatorId: Number(e.target.value) })
                }
                data-testid="chat-transfer"
              >
                <option value="">{t("chat.chooseOption")}</option>
                {operators.data?.items
                  .filter((o) => o.id !== conv.operatorId)
                  .map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.available
                        ? t("chat.operatorOpen", { name: o.username, n: o.open })
                        : t("chat.operatorAway", { name: o.username, n: o.open })}
                    </option>
                  ))}
              </select>
            </label>
          )}
          {conv?.status === "open" && (
            <button type="button" className="btn btn--sm" onClick={() => void act("close")}>
              {t("chat.close")}
            </button>
          )}
          {conv?.status === "closed" && <span className="badge badge--muted">{t("chat.closed")}</span>}
        </div>
        <ol className="chat-messages" ref={scroller} aria-live="polite" aria-label={t("chat.messages")}>
          {messages.map((m) => (
            <li
              key={m.seq}
              className={`chat-bubble chat-bubble--${m.sender}`}
              data-testid={`console-msg-${m.sender}`}
            >
              <span className="chat-meta muted">
                {m.sender === "member"
                  ? t("chat.member")
                  : m.sender === "system"
                    ? t("chat.awayMessage")
                    : m.operatorName}{" "}
                · {formatDateTime(m.createdAt)}
              </span>
              {m.imageId && (
                <img
                  src={`/api/admin/chat/images/${m.imageId}`}
                  alt={t("chat.sentByMember")}
                  className="chat-img"
                />
              )}
              {m.body && <span>{m.body}</span>}
              {m === lastMine && memberRead >= m.seq && (
                <span className="chat-meta muted">{t("chat.read")}</span>
              )}
            </li>
          ))}
          {typing && <li className="muted">{t("chat.typing")}</li>}
        </ol>
        {conv?.status === "open" && mine && (
          <form className="chat-compose" onSubmit={submit}>
            <label className="chat-inline">
              <span>{t("chat.canned")}</span>
              <select
                className="input"
                value=""
                onChange={(e) => applyCanned(e.target.value)}
                data-testid="chat-canned"
              >
                <option value="">{t("chat.chooseOption")}</option>
                {canned.data?.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            <div className="chat-compose-row">
              <label htmlFor="chat-reply" className="visually-hidden">
                {t("chat.reply")}
              </label>
              <textarea
                id="chat-reply"
                className="input"
                rows={2}
                maxLength={2000}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  const now = Date.now();
                  if (now - lastTyping.current > TYPING_EVERY_MS) {
                    lastTyping.current = now;
                    sendAdminHub({ type: "chat.typing", conversationId: id });
                  }
                }}
                data-testid="chat-reply"
              />
              <label className="btn btn--sm">
                {t("chat.picture")}
                <input
                  type="file"
                  accept="image/png,image/jpeg"
                  className="visually-hidden"
                  onChange={(e) => {
                    void attach(e.target.files?.[0]);
                    e.target.value = "";
                  }}
                />
              </label>
              <button type="submit" className="btn btn--primary" data-testid="chat-reply-send">
                {t("chat.send")}
              </button>
            </div>
          </form>
        )}
      </section>
      <MemberSide panel={panel} />
    </>
  );
}

const ImageValue = z.object({ imageId: z.string() });
