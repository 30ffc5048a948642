import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError, rgsMessage } from "../context.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { ok, openRoomSession, parse, type RoomSocketConn, roomSocketRoute } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import {
  actAndTell,
  CARD_EMOTES,
  CARDS_GAME,
  CARDS_VENDOR,
  cardsKey,
  cardTables,
  handView,
  joinTable,
  leaveTable,
  publishTable,
  rebuy,
  sendEmote,
  verifyHand,
} from "./engine.ts";

const requestId = z.string().min(1).max(64);
const sessionId = z.string().uuid();
const money = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/)
  .transform((v) => {
    const [whole, frac = ""] = v.split(".");
    return BigInt(whole ?? "0") * 100n + BigInt(frac.padEnd(2, "0"));
  });
const game = z.enum(["holdem", "tongits"]);
const card = z.number().int().min(0).max(51);
/** A player's move (the engine checks it is legal now; a malformed one is a 400 here). */
const action = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["fold", "check", "call", "all_in", "show", "muck"]) }),
  z.object({ type: z.enum(["bet", "raise"]), to: z.number().int().min(1).max(1e12) }),
  z.object({ type: z.enum(["draw", "call_draw", "fight"]) }),
  z.object({ type: z.literal("take"), with: z.array(card).min(2).max(3) }),
  z.object({ type: z.literal("meld"), cards: z.array(card).min(3).max(13), secret: z.boolean().optional() }),
  z.object({ type: z.literal("lay_off"), card, meld: z.number().int().min(0).max(52) }),
  z.object({ type: z.literal("discard"), card }),
]);

/**
 * The card rooms' API under /rgs (docs/cards.md): the lobby list the platform's GLS2_roomList
 * reads, a session at a table, sit down (buy-in), rebuy, act, the table's state (also how a
 * screen resumes a hand after a reconnect), stand up, and the table's socket. Each change is
 * told to the table's socket (the leader's loop tells its own: deals, timeouts, voids).
 */
export function cardRoutes(app: FastifyInstance, ctx: RoundsContext): void {
  app.get("/api/cards/tables", async (req) => {
    const q = parse(z.object({ game: game.optional(), stake: money.optional() }), req.query);
    return ok(await cardTables(ctx, q));
  });
  app.post("/api/cards/session", async (req) => {
    const b = parse(
      z.object({
        token: z.string().min(1).max(512),
        tableId: z.string().min(1).max(64),
        lang: z.enum(["EN", "TY"]).optional(),
      }),
      req.body,
    );
    return ok(
      await openRoomSession(ctx, {
        vendor: CARDS_VENDOR,
        gameId: `${CARDS_GAME}:${b.tableId}`,
        token: b.token,
        lang: b.lang ?? "TY",
      }),
    );
  });
  app.post("/api/cards/join", async (req) => {
    const b = parse(
      z.object({ sessionId, requestId, buyIn: money, deviceId: z.string().min(8).max(64).optional() }),
      req.body,
    );
    // The address is the request's (req.ip: the proxy's forwarded address when trusted).
    const seat = await joinTable(ctx, await liveSession(ctx, b.sessionId), {
      ...b,
      address: req.ip,
      device: b.deviceId ?? null,
    });
    void publishTable(ctx, seat.tableId);
    return ok(seat);
  });
  app.post("/api/cards/rebuy", async (req) => {
    const b = parse(z.object({ sessionId, seatId: z.string().uuid(), requestId, amount: money }), req.body);
    const seat = await rebuy(ctx, await liveSession(ctx, b.sessionId), b.seatId, b);
    void publishTable(ctx, seat.tableId);
    return ok(seat);
  });
  app.post("/api/cards/act", async (req) => {
    const b = parse(z.object({ sessionId, requestId, action }), req.body);
    // The move, then one read of the table: every socket told its own view, the mover answered.
    return ok(await actAndTell(ctx, await liveSession(ctx, b.sessionId), b));
  });
  /** A quick emote to the table (seated players; one per seat every few seconds). */
  app.post("/api/cards/emote", async (req) => {
    const b = parse(z.object({ sessionId, emote: z.enum(CARD_EMOTES) }), req.body);
    return ok(await sendEmote(ctx, await liveSession(ctx, b.sessionId), b.emote));
  });
  app.get("/api/cards/state", async (req) => {
    const q = parse(z.object({ sessionId }), req.query);
    return ok(await handView(ctx, await liveSession(ctx, q.sessionId)));
  });
  app.post("/api/cards/leave", async (req) => {
    const b = parse(z.object({ sessionId, seatId: z.string().uuid() }), req.body);
    const session = await liveSession(ctx, b.sessionId);
    const seat = await leaveTable(ctx, b.seatId, session);
    void publishTable(ctx, seat.tableId);
    return ok(seat);
  });
  /**
   * A hand's verification, for anyone with its id (the back office's verify link): once the hand
   * is complete or void, the revealed seed recomputes the deck and both commitments (verifyDeck).
   */
  app.get("/api/cards/verify", async (req) => {
    const q = parse(z.object({ handId: z.string().uuid() }), req.query);
    return ok(await verifyHand(ctx, q.handId));
  });
  /**
   * The table's socket: {"type":"cards.changed"} whenever a seat, a move, a deal, a timeout or a
   * void changed the table, with the public view (`game.view`) and, to a socket signed in with
   * `{"type":"auth","sessionId"}` of a seated player, that player's own part (`mine`: their
   * hidden cards and moves; docs/cards.md). A player's cards go to their own sockets only.
   */
  const actMessage = z.object({
    type: z.literal("act"),
    id: z.string().max(64).optional(),
    requestId,
    action,
  });
  /**
   * A move over the table's socket: {"type":"act", id, requestId, action} answered
   * {"type":"acted", id, ...the HTTP call's envelope} (the mover's view after it). The socket's
   * session (its `auth`, checked once for the socket's life; a session is never changed, only
   * outlived, so its expiry is checked here on the clock) is the caller: no read of it per move.
   */
  const actOnSocket = (msg: Record<string, unknown>, conn: RoomSocketConn) => {
    if (msg.type !== "act") return;
    const id = typeof msg.id === "string" ? msg.id : null;
    const answer = (body: Record<string, unknown>) =>
      conn.send(JSON.stringify({ type: "acted", id, ...body }));
    const refuse = (err: unknown) => {
      if (err instanceof RgsError) {
        const lang = conn.session?.lang === "EN" ? "EN" : "TY";
        answer({ success: false, code: err.code, message: rgsMessage(err.code, lang, err.params) });
      } else {
        app.log.error({ err }, "card move over the socket failed");
        answer({ success: false, code: "INTERNAL_ERROR", message: rgsMessage("INTERNAL_ERROR", "TY") });
      }
    };
    const session = conn.session;
    if (!session || session.expiresAt.getTime() <= ctx.now().getTime())
      return refuse(new RgsError("SESSION_EXPIRED", 401));
    let b: z.infer<typeof actMessage>;
    try {
      b = parse(actMessage, msg);
    } catch (err) {
      return refuse(err);
    }
    actAndTell(ctx, session, { requestId: b.requestId, action: b.action }).then(
      (value) => answer({ success: true, value }),
      refuse,
    );
  };
  roomSocketRoute(app, ctx, {
    message: actOnSocket,
    path: "/ws/cards/:roomId",
    key: cardsKey,
    gameId: (tableId) => `${CARDS_GAME}:${tableId}`,
    hello: (_tableId, send) => send(JSON.stringify({ type: "hello", now: ctx.now().getTime() })),
  });
}
