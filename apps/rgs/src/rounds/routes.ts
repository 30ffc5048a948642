import { randomUUID, timingSafeEqual } from "node:crypto";
import { addDays, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { RgsReplayQuery } from "@panalo/contracts/rgs";
import { inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { RgsError } from "../context.ts";
import { replaySignature } from "../history.ts";
import { ADMIN_OPERATOR_HEADER, ADMIN_SIGNATURE_HEADER, verifyAdminCall } from "../lottery/admin-auth.ts";
import { type SessionRow, sessions } from "../schema.ts";
import type { RoundsContext } from "./engine.ts";

/**
 * What every room game's HTTP API shares: validation into the envelope, the session a launch
 * token opens in a room, the signed game-recall link, the players' socket, and the signed
 * back-office scope.
 */
export const ok = <T>(value: T) => ({ success: true as const, value });

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (!r.success)
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  return r.data;
}

const SESSION_TTL_MS = 12 * 3600_000;

/** Open a player's session in a room: the launch token checked by the platform (`authenticate`). */
export async function openRoomSession(
  ctx: RoundsContext,
  o: { vendor: string; gameId: string; token: string; lang: "EN" | "TY" },
): Promise<{ sessionId: string; playerId: number; currency: string; balance: string }> {
  const auth = await ctx.client.call(o.vendor, "authenticate", { token: o.token });
  if (auth.kind === "unknown") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  if (auth.kind === "refused") {
    if (["INVALID_TOKEN", "PLAYER_NOT_FOUND", "ACCOUNT_LOCKED"].includes(auth.code))
      throw new RgsError("TOKEN_INVALID", 401, auth.balance);
    throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  }
  const playerId = Number(auth.value.playerId);
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  const id = randomUUID();
  const currency = String(auth.value.currency);
  await ctx.db.insert(sessions).values({
    id,
    playerId,
    vendor: o.vendor,
    gameId: o.gameId,
    currency,
    token: o.token,
    lang: o.lang,
    expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
  });
  return { sessionId: id, playerId, currency, balance: String(auth.value.balance) };
}

/**
 * The signed game-recall link of the betting record (docs/provider-protocol.md "Game recall"):
 * a bad or expired link answers REPLAY_LINK_INVALID.
 */
export function checkReplayLink(
  ctx: RoundsContext,
  secretOf: (vendor: string) => string,
  id: string,
  q: z.infer<typeof RgsReplayQuery>,
): void {
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expected = Buffer.from(replaySignature(secretOf(q.vendor), q.vendor, id, q.player, q.exp), "hex");
  const given = Buffer.from(q.sig, "hex");
  if (
    q.exp < now ||
    q.exp > now + 3600 ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  )
    throw new RgsError("REPLAY_LINK_INVALID", 401);
}

/**
 * Sockets' auth messages looked up together: those arriving in the same turn of the event loop
 * share one query (a thousand players joining at once make a few queries, not a thousand, so the
 * leader's settlement does not wait behind them for a pooled connection).
 */
export function sessionBatcher(ctx: RoundsContext, most = 500): (sessionId: string) => Promise<SessionRow> {
  const queue: Array<{ id: string; resolve: (s: SessionRow) => void; reject: (e: unknown) => void }> = [];
  const flush = async () => {
    const batch = queue.splice(0, most);
    if (queue.length > 0) setImmediate(() => void flush());
    try {
      const found = await ctx.db
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [...new Set(batch.map((b) => b.id))]));
      const byId = new Map(found.map((s) => [s.id, s]));
      const now = ctx.now().getTime();
      for (const b of batch) {
        const s = byId.get(b.id);
        if (s && s.expiresAt.getTime() > now) b.resolve(s);
        else b.reject(new RgsError("SESSION_EXPIRED", 401));
      }
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  };
  return (id) =>
    new Promise<SessionRow>((resolve, reject) => {
      queue.push({ id, resolve, reject });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/** One player's socket of a room, as a game's message handler sees it. */
export interface RoomSocketConn {
  playerId: number | null;
  /** The session the socket authenticated with (its `auth` message), null before. */
  session: SessionRow | null;
  roomId: string;
  send: (text: string) => void;
  /** The hub's pre-encoded text (RoomSocket.sendEncoded): sent as a text frame. */
  sendEncoded: (bytes: Buffer) => void;
  /** The hub's complete frame (RoomSocket.sendFrame): written to the connection as is. */
  sendFrame: (frame: Buffer) => void;
}

/** What of `ws`'s socket the direct frame write reads (its sender's queue, its connection). */
type WsInternals = {
  _sender?: { _state?: number; _queue?: unknown[] };
  _socket?: { write(b: Buffer): boolean; destroyed?: boolean };
  _extensions?: Record<string, unknown>;
};

/**
 * The players' socket of a room: public events to everyone, one's own results after the first
 * message {"type":"auth","sessionId":"…"} (a session of this room). `hello` greets the socket
 * with the room's state.
 */
export function roomSocketRoute(
  app: FastifyInstance,
  ctx: RoundsContext,
  o: {
    path: string;
    /** The room's hub key and the session game id it accepts, from the path's room id. */
    key: (roomId: string) => string;
    gameId: (roomId: string) => string;
    hello: (roomId: string, send: (text: string) => void) => void;
    /**
     * Any other message the socket sends (a game's calls over its socket: the fish's shots),
     * with the session the socket authenticated (null before its `authed`).
     */
    message?: (msg: Record<string, unknown>, conn: RoomSocketConn) => void;
  },
): void {
  const authOf = sessionBatcher(ctx);
  app.get(o.path, { websocket: true }, (socket, req) => {
    const roomId = String((req.params as { roomId?: unknown }).roomId ?? "").slice(0, 64);
    const w = socket as unknown as WsInternals;
    // Extensions are agreed at the handshake: without compression a frame goes out as built.
    const plain = Object.keys(w._extensions ?? {}).length === 0;
    const conn: RoomSocketConn = {
      playerId: null,
      session: null,
      roomId,
      send: (text: string) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      // The same bytes for every socket of the room: a text frame (binary: false), as `send`.
      sendEncoded: (bytes: Buffer) => {
        if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: false });
      },
      // A frame the hub built once for every socket: written straight to the connection, one
      // write, when nothing of ws's own is waiting to go out (its sender idle, no compression:
      // ws writes each frame whole and at once, so frames cannot interleave); otherwise through
      // ws (it frames the payload itself and keeps the order).
      sendFrame: (frame: Buffer) => {
        if (socket.readyState !== socket.OPEN) return;
        const raw = w._socket;
        if (plain && raw && !raw.destroyed && w._sender?._state === 0 && w._sender._queue?.length === 0)
          raw.write(frame);
        else socket.send(frame.subarray(frame[1] === 126 ? 4 : frame[1] === 127 ? 10 : 2), { binary: false });
      },
    };
    const leave = ctx.hub.join(o.key(roomId), conn);
    socket.on("close", leave);
    socket.on("message", (raw: Buffer) => {
      type Msg = { type?: unknown; sessionId?: unknown } | null;
      let msg: Msg = null;
      try {
        msg = JSON.parse(raw.toString()) as Msg;
      } catch {
        return;
      }
      if (msg === null || typeof msg !== "object") return;
      if (msg.type !== "auth") {
        o.message?.(msg as Record<string, unknown>, conn);
        return;
      }
      if (
        msg?.type === "auth" &&
        typeof msg.sessionId === "string" &&
        /^[0-9a-f-]{36}$/i.test(msg.sessionId)
      ) {
        authOf(msg.sessionId).then(
          (s) => {
            if (s.gameId !== o.gameId(roomId)) return;
            conn.playerId = s.playerId;
            conn.session = s;
            conn.send(JSON.stringify({ type: "authed" }));
          },
          () => conn.send(JSON.stringify({ type: "error", code: "SESSION_EXPIRED" })),
        );
      }
    });
    o.hello(roomId, conn.send);
  });
}

/** Money in an admin body: more than 0.00 (or 0.00 too with `zero`). */
export function adminMinor(path: string, v: string, zero = false): bigint {
  const m = parseMoney(v);
  if (m === null || m < 0n || (!zero && m === 0n))
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path, message: "must be more than 0.00" }]);
  return m;
}

/** A report's period: Manila days [from, to] inclusive, as timestamps. */
export function manilaDays(q: { from: string; to: string }): { from: string; to: string } {
  return { from: manilaStart(q.from).toISOString(), to: manilaStart(addDays(q.to, 1)).toISOString() };
}

/** The house's margin on stakes and wins, and as a percent of the stakes (two decimals). */
export function marginOf(stakes: bigint, wins: bigint): { margin: string; marginPercent: string | null } {
  return {
    margin: formatMinor(stakes - wins),
    marginPercent: stakes > 0n ? (Number(((stakes - wins) * 10000n) / stakes) / 100).toFixed(2) : null,
  };
}

/**
 * A game's back-office routes under /rgs/admin, signed by the platform like the lottery's
 * (lottery/admin-auth.ts): `routes` registers them; `signed(req)` checks a call's signature
 * and answers the operator, `body(req)` the JSON body.
 */
export async function signedAdminRoutes(
  app: FastifyInstance,
  secret: string,
  routes: (
    scope: FastifyInstance,
    signed: (req: FastifyRequest) => string,
    body: (req: FastifyRequest) => unknown,
  ) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const signed = (req: FastifyRequest): string => {
      const name = verifyAdminCall(secret, {
        method: req.method,
        path: req.url,
        body: typeof req.body === "string" ? req.body : "",
        signature: req.headers[ADMIN_SIGNATURE_HEADER] as string | undefined,
        operator: req.headers[ADMIN_OPERATOR_HEADER] as string | undefined,
      });
      if (!name) throw new RgsError("UNAUTHORIZED", 401);
      return name;
    };
    const body = (req: FastifyRequest): unknown => {
      try {
        return typeof req.body === "string" && req.body ? JSON.parse(req.body) : {};
      } catch {
        throw new RgsError("VALIDATION_ERROR", 400);
      }
    };
    routes(scope, signed, body);
  });
}
