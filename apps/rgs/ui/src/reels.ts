import type { Cell } from "./line-geometry.ts";
import { symbolUse } from "./symbols.ts";

/**
 * The reel window: `reels` columns of `rows` square cells. Spinning shows a blurred strip of
 * random symbols scrolling; stopping lands each reel on the answer's symbols, left to right
 * with a stagger and a small bounce.
 */
const SPIN_CELLS = 12;
export const MIN_SPIN_MS = 450;
export const STOP_STAGGER_MS = 170;

export class ReelsView {
  readonly root: HTMLDivElement;
  private readonly columns: HTMLDivElement[] = [];
  private timers: number[] = [];
  private current: string[][] = [];

  constructor(
    private readonly gameId: string,
    private readonly reels: number,
    private readonly rows: number,
    private readonly filler: readonly string[],
  ) {
    this.root = document.createElement("div");
    this.root.className = "reels";
    this.root.style.setProperty("--reels", String(reels));
    this.root.style.setProperty("--rows", String(rows));
    for (let r = 0; r < reels; r++) {
      const col = document.createElement("div");
      col.className = "reel";
      col.append(document.createElement("div"));
      this.columns.push(col);
      this.root.append(col);
    }
  }

  private cellHtml(symbol: string, reel: number, row: number): string {
    return `<div class="cell" data-reel="${reel}" data-row="${row}">${symbolUse(this.gameId, symbol)}</div>`;
  }

  private randomSymbol(): string {
    return this.filler[Math.floor(Math.random() * this.filler.length)] ?? "";
  }

  /** Shows a window (window[reel][row]) at once, without animation. */
  show(outcome: readonly (readonly string[])[]): void {
    this.cancel();
    this.current = outcome.map((col) => [...col]);
    this.columns.forEach((col, reel) => {
      this.land(col, reel, outcome[reel] ?? [], false);
    });
  }

  private land(col: HTMLDivElement, reel: number, symbols: readonly string[], bounce: boolean): void {
    const strip = document.createElement("div");
    strip.className = bounce ? "strip landing" : "strip";
    strip.innerHTML = Array.from({ length: this.rows }, (_, row) =>
      this.cellHtml(symbols[row] ?? "", reel, row),
    ).join("");
    col.replaceChildren(strip);
    col.classList.remove("spinning");
  }

  /** Starts every reel scrolling (random symbols; the outcome is not known yet). */
  spin(): void {
    this.cancel();
    this.clearWins();
    this.columns.forEach((col, reel) => {
      const strip = document.createElement("div");
      strip.className = "strip scrolling";
      // Two equal halves so the scroll loops seamlessly at -50%.
      const half = Array.from({ length: SPIN_CELLS }, () => this.randomSymbol());
      strip.innerHTML = [...half, ...half].map((s, i) => this.cellHtml(s, reel, i)).join("");
      strip.style.animationDelay = `${-reel * 37}ms`;
      col.replaceChildren(strip);
      col.classList.add("spinning");
    });
  }

  /**
   * Lands the reels on the outcome one after another; `onReelStop` fires per reel (for the
   * sound) and the promise settles when the last reel has landed. `quick` skips the stagger.
   */
  stop(
    outcome: readonly (readonly string[])[],
    onReelStop: (reel: number) => void,
    quick = false,
  ): Promise<void> {
    this.cancel();
    this.current = outcome.map((col) => [...col]);
    return new Promise((resolve) => {
      this.columns.forEach((col, reel) => {
        const at = quick ? 0 : reel * STOP_STAGGER_MS;
        this.timers.push(
          window.setTimeout(() => {
            this.land(col, reel, outcome[reel] ?? [], !quick);
            onReelStop(reel);
            if (reel === this.reels - 1) this.timers.push(window.setTimeout(resolve, quick ? 0 : 220));
          }, at),
        );
      });
      if (this.reels === 0) resolve();
    });
  }

  /** The window the reels last showed or are landing on (to put back after a refused spin). */
  lastWindow(): string[][] {
    return this.current;
  }

  private cancel(): void {
    for (const id of this.timers) clearTimeout(id);
    this.timers = [];
  }

  /** Marks winning cells (they glow); the rest dim while wins are shown. */
  highlight(cells: readonly Cell[]): void {
    this.clearWins();
    if (cells.length === 0) return;
    this.root.classList.add("has-win");
    for (const { reel, row } of cells) {
      this.root.querySelector(`.cell[data-reel="${reel}"][data-row="${row}"]`)?.classList.add("win");
    }
  }

  clearWins(): void {
    this.root.classList.remove("has-win");
    for (const el of this.root.querySelectorAll(".cell.win")) el.classList.remove("win");
  }
}
