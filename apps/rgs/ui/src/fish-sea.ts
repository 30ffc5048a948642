import {
  CROSSING_MS,
  fishKind,
  type Point,
  positionAt,
  SIZE_RADIUS,
  SPAWN_INTERVAL_MS,
  type Spawn,
  spawnAt,
} from "@panalo/game-math/fish/index";

/**
 * The sea as the screen draws it: the same pure functions of (sea seed, spawn index, t) as the
 * server's (packages/game-math fish/paths.ts), so every screen at the sea places every fish where
 * the server does. Spawns are drawn once and kept (an HMAC per fish, not per frame). The sea
 * only says where fish swim; whether a shot kills is the server's answer alone.
 */
const LONGEST_MS = Math.max(...Object.values(CROSSING_MS)) + 2_000;

export interface SwimmingFish {
  spawn: Spawn;
  at: Point;
  /** The direction it swims (radians), for drawing only. */
  angle: number;
}

export class Sea {
  private readonly spawns = new Map<number, Spawn>();
  readonly dead = new Set<number>();

  constructor(
    readonly seed: string,
    /** The sea's start (ms since the epoch, server time). */
    readonly startedAt: number,
  ) {}

  spawn(index: number): Spawn {
    let s = this.spawns.get(index);
    if (!s) {
      s = spawnAt(this.seed, index);
      this.spawns.set(index, s);
    }
    return s;
  }

  /** Every living fish swimming at t (ms since the sea's start), in spawn order. */
  swimming(t: number): SwimmingFish[] {
    const first = Math.max(0, Math.floor((t - LONGEST_MS) / SPAWN_INTERVAL_MS) - 1);
    const last = Math.floor(t / SPAWN_INTERVAL_MS);
    const out: SwimmingFish[] = [];
    for (let i = first; i <= last; i++) {
      if (this.dead.has(i)) continue;
      const s = this.spawn(i);
      const at = positionAt(s, t);
      if (!at) continue;
      const ahead = positionAt(s, Math.min(t + 60, s.at + s.duration)) ?? at;
      out.push({ spawn: s, at, angle: Math.atan2(ahead.y - at.y, ahead.x - at.x) });
    }
    // Spawns far behind can be forgotten.
    if (this.spawns.size > 400) for (const k of this.spawns.keys()) if (k < first) this.spawns.delete(k);
    return out;
  }

  /** The fish under a point of the world (the topmost, i.e. latest spawned), if any. */
  fishAt(t: number, p: Point, slack = 1.2): Spawn | null {
    const list = this.swimming(t);
    for (let i = list.length - 1; i >= 0; i--) {
      const f = list[i] as SwimmingFish;
      const r = SIZE_RADIUS[fishKind(f.spawn.kindId).size] * slack;
      if ((f.at.x - p.x) ** 2 + (f.at.y - p.y) ** 2 <= r * r) return f.spawn;
    }
    return null;
  }

  /** The living fish nearest a point (a tap beside every fish still aims somewhere). */
  nearest(t: number, p: Point): Spawn | null {
    let best: Spawn | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const f of this.swimming(t)) {
      const d = (f.at.x - p.x) ** 2 + (f.at.y - p.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = f.spawn;
      }
    }
    return best;
  }

  /** Where a fish is at t, if it swims and lives. */
  where(index: number, t: number): Point | null {
    if (this.dead.has(index)) return null;
    return positionAt(this.spawn(index), t);
  }
}
