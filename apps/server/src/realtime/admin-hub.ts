import type { Permission } from "@panalo/contracts/admin-roles";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../lib/context.ts";
import { ADMIN_COOKIE, sessionOperator } from "../modules/admin/operators.ts";
import type { HubPayload } from "./bus.ts";

/**
 * The back office's own WebSocket at /admin/ws (the chat console). It is
 * authenticated with the operator's session cookie exactly as the admin HTTP calls are (and the
 * browser's Origin must be this site: a cross-site page cannot ride the cookie), and only for an
 * operator whose role holds `chat.operate`. Modules push with `pushToOperators` (one operator,
 * or every connected operator with `null`): the shared store fans it out to the process that
 * holds the socket, as the member hub does. Messages from the console of a registered `type` go
 * to that module's handler.
 */
export const ADMIN_HUB_CHANNEL = "hub:admin";
const HUB_PERMISSION: Permission = "chat.operate";

export interface AdminHubConnection {
  readonly operatorId: number;
  readonly username: string;
  send(payload: HubPayload): void;
}
export type AdminHubHandler = (
  ctx: AppContext,
  conn: AdminHubConnection,
  message: HubPayload,
) => Promise<void>;

const handlers = new Map<string, AdminHubHandler>();

export function registerAdminHubHandler(type: string, handler: AdminHubHandler): void {
  handlers.set(type, handler);
}

/** Deliver `payload` to one operator's consoles (any process), or to every operator's with null. */
export async function pushToOperators(
  ctx: AppContext,
  operatorId: number | null,
  payload: HubPayload,
): Promise<void> {
  await ctx.store.publish(ADMIN_HUB_CHANNEL, JSON.stringify({ operatorId, payload }));
}

export async function adminHub(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sockets = new Map<number, Set<WebSocket>>();
  const sendRaw = (ws: WebSocket, text: string) => {
    if (ws.readyState === ws.OPEN) ws.send(text);
  };

  await ctx.store.subscribe(ADMIN_HUB_CHANNEL, (message) => {
    try {
      const { operatorId, payload } = JSON.parse(message) as {
        operatorId: number | null;
        payload: HubPayload;
      };
      const text = JSON.stringify(payload);
      if (operatorId === null) {
        for (const set of sockets.values()) for (const ws of set) sendRaw(ws, text);
        return;
      }
      for (const ws of sockets.get(operatorId) ?? []) sendRaw(ws, text);
    } catch (err) {
      app.log.error(err);
    }
  });

  app.get("/admin/ws", { websocket: true }, async (socket, req) => {
    // Attach the listener first: nothing the console sends while the session is checked is lost.
    const early: Buffer[] = [];
    let conn: AdminHubConnection | null = null;
    const onMessage = async (raw: Buffer) => {
      if (!conn) {
        if (early.length < 20) early.push(raw);
        return;
      }
      let msg: HubPayload | null = null;
      try {
        const parsed = JSON.parse(raw.toString()) as unknown;
        if (parsed && typeof parsed === "object" && typeof (parsed as HubPayload).type === "string")
          msg = parsed as HubPayload;
      } catch {
        return; // not JSON: ignored
      }
      const handler = msg ? handlers.get(msg.type) : undefined;
      if (!msg || !handler) return;
      try {
        await handler(ctx, conn, msg);
      } catch (err) {
        app.log.error(err);
      }
    };
    socket.on("message", onMessage);
    let operatorId = 0;
    socket.on("close", () => {
      const set = sockets.get(operatorId);
      set?.delete(socket);
      if (set && !set.size) sockets.delete(operatorId);
    });
    const origin = req.headers.origin;
    const host = req.headers.host;
    if (origin && host && originHost(origin) !== host) {
      socket.close(4403, "cross-site");
      return;
    }
    const token = req.cookies[ADMIN_COOKIE];
    const op = token ? await sessionOperator(ctx, token).catch(() => null) : null;
    if (!op || op.mustChangePassword || !op.permissions.includes(HUB_PERMISSION)) {
      socket.close(4401, "not signed in");
      return;
    }
    operatorId = op.id;
    conn = {
      operatorId: op.id,
      username: op.username,
      send: (payload) => sendRaw(socket, JSON.stringify(payload)),
    };
    const set = sockets.get(op.id) ?? new Set();
    set.add(socket);
    sockets.set(op.id, set);
    socket.send(JSON.stringify({ type: "ready", operatorId: op.id }));
    for (const raw of early.splice(0)) await onMessage(raw);
  });
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
