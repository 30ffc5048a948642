import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../lib/context.ts";
import { BALANCE_CHANNEL } from "../modules/ledger/notify.ts";
import { sessionMember } from "../modules/members/service.ts";
import { balanceSummary } from "../modules/wallet/service.ts";

/**
 * The WebSocket hub at /ws. A page connects and sends {"type":"auth","token":"…"} first (the
 * token never appears in a URL or a log). From then on it receives {"type":"balance", …} when
 * that member's balance changes in any process (the shared store carries the news).
 * (@fastify/websocket is registered once on the root app, in app.ts.)
 */
export async function realtimeHub(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sockets = new Map<number, Set<WebSocket>>();

  await ctx.store.subscribe(BALANCE_CHANNEL, (message) => {
    const memberId = Number(message);
    const set = sockets.get(memberId);
    if (!set?.size) return;
    balanceSummary(ctx, memberId).then(
      (summary) => {
        const text = JSON.stringify({ type: "balance", ...summary });
        for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(text);
      },
      (err) => app.log.error(err),
    );
  });

  app.get("/ws", { websocket: true }, (socket) => {
    let memberId: number | null = null;
    const timer = setTimeout(() => socket.close(4401, "auth required"), 10_000);
    socket.on("message", async (raw: Buffer) => {
      if (memberId !== null) return; // nothing else is accepted from the page
      let token = "";
      try {
        const msg = JSON.parse(raw.toString()) as { type?: string; token?: string };
        if (msg.type === "auth" && typeof msg.token === "string") token = msg.token;
      } catch {
        // not JSON: refused below
      }
      const member = token ? await sessionMember(ctx, token) : null;
      if (!member) {
        socket.close(4401, "not logged in");
        return;
      }
      clearTimeout(timer);
      memberId = member.id;
      const set = sockets.get(member.id) ?? new Set();
      set.add(socket);
      sockets.set(member.id, set);
      socket.send(JSON.stringify({ type: "balance", ...(await balanceSummary(ctx, member.id)) }));
    });
    socket.on("close", () => {
      clearTimeout(timer);
      if (memberId !== null) sockets.get(memberId)?.delete(socket);
    });
  });
}
