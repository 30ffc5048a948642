import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../lib/context.ts";
import { BALANCE_CHANNEL } from "../modules/ledger/service.ts";
import { sessionMember } from "../modules/members/service.ts";
import { balanceSummary } from "../modules/wallet/service.ts";
import {
  HUB_MEMBER_CHANNEL,
  HUB_TOPIC_CHANNEL,
  type HubConnection,
  type HubPayload,
  hubHandler,
} from "./bus.ts";

/**
 * The WebSocket hub at /ws. A page connects and sends {"type":"auth","token":"…"} first (the
 * token never appears in a URL or a log). From then on it receives {"type":"balance", …} when
 * that member's balance changes in any process (the shared store carries the news), whatever
 * modules push to the member or to topics it subscribed to (realtime/bus.ts), and its own
 * messages of a registered type go to that module's handler.
 * (@fastify/websocket is registered once on the root app, in app.ts.)
 */
export async function realtimeHub(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sockets = new Map<number, Set<WebSocket>>();
  const topics = new Map<string, Set<WebSocket>>();
  let nextId = 1;

  const sendRaw = (ws: WebSocket, text: string) => {
    if (ws.readyState === ws.OPEN) ws.send(text);
  };

  await ctx.store.subscribe(BALANCE_CHANNEL, (message) => {
    const memberId = Number(message);
    const set = sockets.get(memberId);
    if (!set?.size) return;
    balanceSummary(ctx, memberId).then(
      (summary) => {
        const text = JSON.stringify({ type: "balance", ...summary });
        for (const ws of set) sendRaw(ws, text);
      },
      (err) => app.log.error(err),
    );
  });

  await ctx.store.subscribe(HUB_MEMBER_CHANNEL, (message) => {
    try {
      const { memberId, payload } = JSON.parse(message) as { memberId: number; payload: HubPayload };
      const set = sockets.get(memberId);
      if (!set?.size) return;
      const text = JSON.stringify(payload);
      for (const ws of set) sendRaw(ws, text);
    } catch (err) {
      app.log.error(err);
    }
  });

  await ctx.store.subscribe(HUB_TOPIC_CHANNEL, (message) => {
    try {
      const { topic, payload } = JSON.parse(message) as { topic: string; payload: HubPayload };
      const set = topics.get(topic);
      if (!set?.size) return;
      const text = JSON.stringify(payload);
      for (const ws of set) sendRaw(ws, text);
    } catch (err) {
      app.log.error(err);
    }
  });

  // Back from a shared-store outage: pushes from other processes may have been lost meanwhile.
  // Every page here is told to read again (chat, messages, balance: web hub-events "resync").
  const stopRecovery = ctx.store.onRecovered?.(() => {
    const text = JSON.stringify({ type: "resync" });
    for (const set of sockets.values()) for (const ws of set) sendRaw(ws, text);
  });
  app.addHook("onClose", async () => stopRecovery?.());

  app.get("/ws", { websocket: true }, (socket) => {
    let conn: HubConnection | null = null;
    let authing = false;
    const myTopics = new Set<string>();
    const closers: (() => void)[] = [];
    // Silent for 10 s: closed as a timeout (4408), which a page retries; 4401 is only for a
    // token that is not a session.
    const timer = setTimeout(() => socket.close(4408, "auth required"), 10_000);
    socket.on("message", async (raw: Buffer) => {
      let msg: HubPayload | null = null;
      try {
        const parsed = JSON.parse(raw.toString()) as unknown;
        if (parsed && typeof parsed === "object" && typeof (parsed as HubPayload).type === "string")
          msg = parsed as HubPayload;
      } catch {
        // not JSON: ignored (or refused below when not yet signed in)
      }
      if (conn) {
        if (!msg) return;
        const handler = hubHandler(msg.type);
        if (!handler) return;
        try {
          await handler(ctx, conn, msg);
        } catch (err) {
          app.log.error(err);
        }
        return;
      }
      if (authing) return;
      authing = true;
      // The page has spoken in time: a slow session lookup on a busy server must not turn into
      // an "auth required" close (4401 is final for the page: it never reconnects after it).
      clearTimeout(timer);
      const token = msg?.type === "auth" && typeof msg.token === "string" ? msg.token : "";
      let member: Awaited<ReturnType<typeof sessionMember>> = null;
      try {
        member = token ? await sessionMember(ctx, token) : null;
      } catch (err) {
        // The lookup failed, not the token: the page comes back with its growing pause.
        app.log.error(err);
        socket.close(1011, "try again");
        return;
      }
      if (!member) {
        socket.close(4401, "not logged in");
        return;
      }
      // Closed while the lookup ran: nothing to register (its close handler has already run).
      if (socket.readyState !== socket.OPEN) return;
      const memberId = member.id;
      conn = {
        id: nextId++,
        memberId,
        isAgent: Number(member.isAgent),
        send: (payload) => sendRaw(socket, JSON.stringify(payload)),
        subscribe: (topic) => {
          myTopics.add(topic);
          const set = topics.get(topic) ?? new Set();
          set.add(socket);
          topics.set(topic, set);
        },
        unsubscribe: (topic) => {
          myTopics.delete(topic);
          const set = topics.get(topic);
          set?.delete(socket);
          if (set && !set.size) topics.delete(topic);
        },
        onClose: (fn) => closers.push(fn),
      };
      const set = sockets.get(memberId) ?? new Set();
      set.add(socket);
      sockets.set(memberId, set);
      try {
        sendRaw(socket, JSON.stringify({ type: "balance", ...(await balanceSummary(ctx, memberId)) }));
      } catch (err) {
        app.log.error(err);
        socket.close(1011, "try again");
      }
    });
    socket.on("close", () => {
      clearTimeout(timer);
      if (!conn) return;
      const set = sockets.get(conn.memberId);
      set?.delete(socket);
      if (set && !set.size) sockets.delete(conn.memberId);
      for (const topic of myTopics) conn.unsubscribe(topic);
      for (const fn of closers) {
        try {
          fn();
        } catch (err) {
          app.log.error(err);
        }
      }
    });
  });
}
