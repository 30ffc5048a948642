import { randomUUID } from "node:crypto";
import type { LotteryRelay } from "../lottery/context.ts";

/**
 * A room's live events to the players' sockets, for every game on the round engine. The leader
 * of a room publishes each change once; with a relay (the platform's shared store: Redis pub/sub
 * across processes) every process receives it and sends it to its own sockets in that room, so
 * players on different processes see the same round. Each player's own result (stake and win)
 * travels in the same event and is given only to that player's sockets.
 *
 * Resync: every process announces, with its socket counts, the stamp of the newest event it
 * delivered per room. A process that learns a peer delivered a newer one than itself (it missed
 * events while the relay was down, or its subscription dropped them) asks the room's game for
 * the room's state from the database and sends that to its sockets, so no screen stays stale.
 */
export interface RoomEvent {
  /** "round" and "result" (tables), "bingo", or what a game names its events. */
  type: string;
  /** The room's key (wire name kept from the tables' first clients). */
  tableId: string;
  /** The round as everyone sees it (tables); its roundNo orders the room's events. */
  round?: { roundNo: number; roundId: string };
  /** A game's own view of its round (bingo's game). */
  game?: unknown;
  /** The round's number when the view is not `round` (orders the room's events). */
  seq?: number;
  /**
   * Per player id, what only that player's sockets get (as `mine`): the round's stake and win
   * (centavos as strings), or a card table's own part of the view (cards/engine.ts SeatPush).
   */
  results?: Record<string, unknown>;
  /** Players in the room (every process), as the publisher knew it. */
  players?: number;
  /** When the publisher published it (ms; resync compares these). */
  at?: number;
}

/** Older names kept for the tables' callers. */
export type TableEvent = RoomEvent;

export interface RoomSocket {
  playerId: number | null;
  send(text: string): void;
  /**
   * The same text already encoded as UTF-8 (a text frame): the hub encodes each event once per
   * room and hands every socket the same bytes, instead of each socket encoding its own copy.
   */
  sendEncoded?(bytes: Buffer): void;
  /**
   * The same text as a complete WebSocket text frame (header and payload in one buffer), built
   * once per event and written as is: one write per socket, no per-socket framing.
   */
  sendFrame?(frame: Buffer): void;
}

/** A text as one unmasked, final WebSocket text frame (RFC 6455 §5.2: what a server sends). */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN + opcode 1 (text)
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, head);
  return frame;
}
export type TableSocket = RoomSocket;

/** Loads a room's state for a resync (a game registers one per key prefix). */
export type RoomResync = (roomKey: string) => Promise<RoomEvent | null>;

const EVENTS = "tables:events";
const PRESENCE = "tables:presence";
const PRESENCE_EVERY_MS = 2000;

export class RoundHub {
  readonly process = randomUUID();
  private readonly sockets = new Map<string, Set<RoomSocket>>();
  /** Per room: per process, its socket count and when it said so. */
  private readonly presence = new Map<string, Map<string, { count: number; at: number }>>();
  /** Per room: the last round this process saw published (the socket's hello, without a query). */
  private readonly current = new Map<string, { seq: number; view: unknown }>();
  /** Per room: the stamp of the newest event delivered here. */
  private readonly lastAt = new Map<string, number>();
  private readonly resyncs = new Map<string, RoomResync>();
  private readonly resyncing = new Set<string>();
  /** Per room: how long handing one event to this process's sockets takes (ms, moving average). */
  private readonly cost = new Map<string, number>();
  /** The last stamp this process gave an event: stamps only grow, even within one millisecond. */
  private stamp = 0;
  private relay: LotteryRelay | null = null;
  private timer: NodeJS.Timeout | null = null;

  async connect(relay: LotteryRelay): Promise<void> {
    await relay.subscribe(EVENTS, (m) => this.deliver(JSON.parse(m) as RoomEvent));
    await relay.subscribe(PRESENCE, (m) => {
      const p = JSON.parse(m) as {
        process: string;
        counts: Record<string, number>;
        last?: Record<string, number>;
      };
      if (p.process === this.process) return;
      this.notePresence(p.process, p.counts);
      this.noteLast(p.last ?? {});
    });
    this.relay = relay;
    this.timer = setInterval(() => this.announce(), PRESENCE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** How a room whose key starts with `prefix` is read back for a resync. */
  onResync(prefix: string, load: RoomResync): void {
    this.resyncs.set(prefix, load);
  }

  private notePresence(process: string, counts: Record<string, number>): void {
    const now = Date.now();
    for (const [room, count] of Object.entries(counts)) {
      const m = this.presence.get(room) ?? new Map<string, { count: number; at: number }>();
      this.presence.set(room, m);
      m.set(process, { count, at: now });
    }
  }

  /** A peer delivered a newer event in a room watched here than this process did: resync it. */
  private noteLast(last: Record<string, number>): void {
    for (const [room, at] of Object.entries(last)) {
      if (!this.sockets.get(room)?.size) continue;
      if (at > (this.lastAt.get(room) ?? 0)) void this.resync(room, at);
    }
  }

  /**
   * Read the room's state from its game and send it to this process's sockets; `seen` is the
   * newest stamp a peer announced (what this process is now up to date with).
   */
  async resync(room: string, seen = 0): Promise<void> {
    if (this.resyncing.has(room)) return;
    // The longest prefix that names the room decides whose room it is.
    const load = [...this.resyncs]
      .filter(([prefix]) => room.startsWith(prefix))
      .sort((a, b) => b[0].length - a[0].length)[0]?.[1];
    if (!load) return;
    this.resyncing.add(room);
    try {
      const e = await load(room);
      if (e) this.deliver({ ...e, at: Math.max(e.at ?? 0, seen) });
    } catch {
      // the next announcement tries again
    } finally {
      this.resyncing.delete(room);
    }
  }

  /** Tell the other processes this one's socket counts and newest events (every 2 s). */
  announce(): void {
    const counts: Record<string, number> = {};
    const last: Record<string, number> = {};
    for (const [room, set] of this.sockets) counts[room] = set.size;
    for (const [room, at] of this.lastAt) last[room] = at;
    this.relay
      ?.publish(PRESENCE, JSON.stringify({ process: this.process, counts, last }))
      .catch(() => undefined);
  }

  /** Players watching a room on every process (other processes' counts at most 3 rounds old). */
  players(room: string): number {
    let n = this.sockets.get(room)?.size ?? 0;
    const cutoff = Date.now() - 3 * PRESENCE_EVERY_MS;
    for (const [, p] of this.presence.get(room) ?? []) if (p.at >= cutoff) n += p.count;
    return n;
  }

  publish(e: RoomEvent): void {
    e.players ??= this.players(e.tableId);
    if (e.at === undefined) {
      this.stamp = Math.max(Date.now(), this.stamp + 1);
      e.at = this.stamp;
    }
    if (!this.relay) {
      this.deliver(e);
      return;
    }
    // The relay down: this process's own sockets still hear it; the others resync later.
    this.relay.publish(EVENTS, JSON.stringify(e)).catch(() => this.deliver(e));
  }

  /** The room's round as last published (undefined: none seen yet; ask the database). */
  currentRound<T = RoomEvent["round"]>(room: string): T | undefined {
    return this.current.get(room)?.view as T | undefined;
  }

  /** Sockets of a room on this process. */
  localSockets(room: string): number {
    return this.sockets.get(room)?.size ?? 0;
  }

  /**
   * How long one event to the room's sockets here takes (ms, a moving average of the last
   * deliveries; 0 before any): a game batching its events spaces them by it (crashgame/feed.ts).
   */
  sendCostMs(room: string): number {
    return this.cost.get(room) ?? 0;
  }

  join(room: string, s: RoomSocket): () => void {
    const set = this.sockets.get(room) ?? new Set<RoomSocket>();
    this.sockets.set(room, set);
    set.add(s);
    return () => {
      set.delete(s);
    };
  }

  private deliver(e: RoomEvent): void {
    if (e.at !== undefined && e.at > (this.lastAt.get(e.tableId) ?? 0)) this.lastAt.set(e.tableId, e.at);
    const seq = e.seq ?? e.round?.roundNo;
    if (seq !== undefined) {
      const seen = this.current.get(e.tableId);
      if (!seen || seq >= seen.seq) this.current.set(e.tableId, { seq, view: e.round ?? e.game });
    }
    const set = this.sockets.get(e.tableId);
    if (!set?.size) return;
    const { results, at: _at, seq: _seq, ...pub } = e;
    // The public part is serialised once; each player's own part once per player, not per socket.
    const head = JSON.stringify(pub).slice(0, -1);
    const none = `${head},"mine":null}`;
    const texts = new Map<number, string>();
    // Framed once per text (the public one once per event), not once per socket: with thousands
    // of sockets the per-socket work is one write of the same bytes.
    const frames = new Map<string, Buffer>();
    const frameOf = (text: string) => {
      let b = frames.get(text);
      if (!b) {
        b = textFrame(text);
        frames.set(text, b);
      }
      return b;
    };
    const encoded = new Map<string, Buffer>();
    const bytesOf = (text: string) => {
      let b = encoded.get(text);
      if (!b) {
        b = Buffer.from(text);
        encoded.set(text, b);
      }
      return b;
    };
    const started = performance.now();
    for (const s of set) {
      let text = none;
      if (s.playerId !== null && results) {
        const known = texts.get(s.playerId);
        if (known !== undefined) text = known;
        else {
          const mine = results[String(s.playerId)];
          text = mine ? `${head},"mine":${JSON.stringify(mine)}}` : none;
          texts.set(s.playerId, text);
        }
      }
      try {
        if (s.sendFrame) s.sendFrame(frameOf(text));
        else if (s.sendEncoded) s.sendEncoded(bytesOf(text));
        else s.send(text);
      } catch {
        // a socket closing under us: it leaves on its close event
      }
    }
    const took = performance.now() - started;
    const before = this.cost.get(e.tableId);
    this.cost.set(e.tableId, before === undefined ? took : before * 0.7 + took * 0.3);
  }
}
