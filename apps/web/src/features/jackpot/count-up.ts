/**
 * The figure shown while the counter moves from `from` to `to` (centavos), `t` in [0, 1]:
 * eased, whole centavos, and never beyond `to` — the counter never shows more than the pool.
 * A fall (the pool was won and seeded again) is shown at once.
 */
export function countUp(from: number, to: number, t: number): number {
  if (to <= from || t >= 1) return to;
  if (t <= 0) return from;
  const eased = 1 - (1 - t) ** 3;
  return Math.min(to, from + Math.floor((to - from) * eased));
}

/** How long the counter takes to reach a new figure (pushes come at most once a second). */
export const COUNT_UP_MS = 800;

/**
 * The counter's figure over time: `target(pool, now)` when a figure arrives (a push or an
 * answer), `at(now)` for each frame. It counts from what it showed toward the last figure
 * received and never beyond it; a lower figure (a win) shows at once.
 */
export class CounterTrack {
  private from: number | null = null;
  private to: number | null = null;
  private since = 0;

  constructor(private readonly still = false) {}

  target(pool: number, now: number): void {
    const shown = this.at(now);
    this.from = shown ?? pool;
    this.to = pool;
    this.since = now;
  }

  /** The figure to show at `now` (null before the first figure). */
  at(now: number): number | null {
    if (this.to === null || this.from === null) return null;
    if (this.still) return this.to;
    return countUp(this.from, this.to, (now - this.since) / COUNT_UP_MS);
  }

  /** Still moving at `now`: the page asks for another frame. */
  moving(now: number): boolean {
    return this.to !== null && this.at(now) !== this.to;
  }
}
