import type { WebSocket } from "ws";

/**
 * Who watches which match on this process's public odds socket (`GET /api/sports/live`), so a
 * price push reaches only the viewers of its match.
 */
export class OddsWatchers {
  readonly #byMatch = new Map<number, Set<WebSocket>>();

  /** Send a push (`{"matchId":…}`) to the open sockets watching its match. */
  fanOut(message: string): void {
    const m = /"matchId":(\d+)/.exec(message);
    const set = m ? this.#byMatch.get(Number(m[1])) : undefined;
    if (!set) return;
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(message);
  }

  /** One socket's subscription: `watch` replaces the matches it watches, `drop` ends them all. */
  viewer(socket: WebSocket): { watch: (ids: number[]) => void; drop: () => void } {
    const mine = new Set<number>();
    const drop = () => {
      for (const id of mine) {
        const set = this.#byMatch.get(id);
        set?.delete(socket);
        // An empty set is removed, so a match nobody watches costs nothing.
        if (set && !set.size) this.#byMatch.delete(id);
      }
      mine.clear();
    };
    const watch = (ids: number[]) => {
      drop();
      for (const id of ids) {
        mine.add(id);
        const set = this.#byMatch.get(id) ?? new Set();
        set.add(socket);
        this.#byMatch.set(id, set);
      }
    };
    return { watch, drop };
  }
}
