import { randomUUID } from "node:crypto";
import type { TableRoundView } from "@panalo/contracts/live-tables";
import type { LotteryRelay } from "../lottery/context.ts";

/**
 * Live table events to the players' sockets (issue 18). The leader of a table publishes each
 * round change once; with a relay (the platform's shared store: Redis pub/sub across
 * processes) every process receives it and sends it to its own sockets at that table, so
 * players on different processes see the same round. Each player's own result (bet and win)
 * travels in the same event and is given only to that player's sockets.
 */
export interface TableEvent {
  type: "round" | "result";
  tableId: string;
  round: TableRoundView;
  /** result: per player id, the round's stake and win (centavos as strings). */
  results?: Record<string, { bet: string; win: string }>;
  /** Players at the table (every process), as the publisher knew it. */
  players?: number;
}

/**
 * A bingo room's event (bingo/engine.ts), fanned out like a table's: `tableId` is the room's
 * key "bingo:<room id>", `game` what everyone sees, `results` each player's own total.
 */
export interface RoomEvent {
  type: "bingo";
  tableId: string;
  game: unknown;
  results?: Record<string, { bet: string; win: string }>;
  players?: number;
}

export interface TableSocket {
  playerId: number | null;
  send(text: string): void;
}

const EVENTS = "tables:events";
const PRESENCE = "tables:presence";
const PRESENCE_EVERY_MS = 2000;

export class TableHub {
  readonly process = randomUUID();
  private readonly sockets = new Map<string, Set<TableSocket>>();
  /** Per table: per process, its socket count and when it said so. */
  private readonly presence = new Map<string, Map<string, { count: number; at: number }>>();
  /** Per table: the last round this process saw published (the socket's hello, without a query). */
  private readonly current = new Map<string, TableRoundView>();
  private relay: LotteryRelay | null = null;
  private timer: NodeJS.Timeout | null = null;

  async connect(relay: LotteryRelay): Promise<void> {
    await relay.subscribe(EVENTS, (m) => this.deliver(JSON.parse(m) as TableEvent | RoomEvent));
    await relay.subscribe(PRESENCE, (m) => {
      const p = JSON.parse(m) as { process: string; counts: Record<string, number> };
      if (p.process === this.process) return;
      this.notePresence(p.process, p.counts);
    });
    this.relay = relay;
    this.timer = setInterval(() => this.announce(), PRESENCE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private notePresence(process: string, counts: Record<string, number>): void {
    const now = Date.now();
    for (const [tableId, count] of Object.entries(counts)) {
      const m = this.presence.get(tableId) ?? new Map<string, { count: number; at: number }>();
      this.presence.set(tableId, m);
      m.set(process, { count, at: now });
    }
  }

  private announce(): void {
    const counts: Record<string, number> = {};
    for (const [t, set] of this.sockets) counts[t] = set.size;
    this.relay?.publish(PRESENCE, JSON.stringify({ process: this.process, counts })).catch(() => undefined);
  }

  /** Players watching a table on every process (other processes' counts at most 3 rounds old). */
  players(tableId: string): number {
    let n = this.sockets.get(tableId)?.size ?? 0;
    const cutoff = Date.now() - 3 * PRESENCE_EVERY_MS;
    for (const [, p] of this.presence.get(tableId) ?? []) if (p.at >= cutoff) n += p.count;
    return n;
  }

  publish(e: TableEvent | RoomEvent): void {
    e.players ??= this.players(e.tableId);
    if (!this.relay) {
      this.deliver(e);
      return;
    }
    this.relay.publish(EVENTS, JSON.stringify(e)).catch(() => this.deliver(e));
  }

  /** The table's round as last published (undefined: none seen yet; ask the database). */
  currentRound(tableId: string): TableRoundView | undefined {
    return this.current.get(tableId);
  }

  join(tableId: string, s: TableSocket): () => void {
    const set = this.sockets.get(tableId) ?? new Set<TableSocket>();
    this.sockets.set(tableId, set);
    set.add(s);
    return () => {
      set.delete(s);
    };
  }

  private deliver(e: TableEvent | RoomEvent): void {
    if (e.type !== "bingo") {
      const seen = this.current.get(e.tableId);
      if (!seen || e.round.roundNo >= seen.roundNo) this.current.set(e.tableId, e.round);
    }
    const set = this.sockets.get(e.tableId);
    if (!set?.size) return;
    const { results, ...pub } = e;
    // The public part is serialised once; each player's own part once per player, not per socket.
    const head = JSON.stringify(pub).slice(0, -1);
    const none = `${head},"mine":null}`;
    const texts = new Map<number, string>();
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
        s.send(text);
      } catch {
        // a socket closing under us: it leaves on its close event
      }
    }
  }
}
